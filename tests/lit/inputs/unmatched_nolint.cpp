#include <torch/torch.h>

float f(torch::Tensor t) {
  // NOLINTEND(hostsync-item)
  float v = 0;
  v = t.sum().item<float>();
  // NOLINTBEGIN(hostsync-item)
  return v;
}
