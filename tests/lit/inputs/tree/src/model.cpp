#include <torch/torch.h>
float loss_value(torch::Tensor loss) { return loss.item<float>(); }
