// No synchronization: host tensors and sync-free device code.
#include <torch/torch.h>
torch::Tensor step(torch::Tensor target) {
  auto h = torch::ones({3});
  float s = h.sum().item<float>();
  return torch::where(target == 9, torch::full_like(target, -1), target) * s;
}
