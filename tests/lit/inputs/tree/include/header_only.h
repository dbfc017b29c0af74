// Headers are not picked up from directories, only sources.
#include <torch/torch.h>
inline float in_header(torch::Tensor loss) { return loss.item<float>(); }
