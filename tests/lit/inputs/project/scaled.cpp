#define SCALE 2
#include <torch/torch.h>

float scaled_sum(const torch::Tensor &t) { return (t * SCALE).sum().item<float>(); }
