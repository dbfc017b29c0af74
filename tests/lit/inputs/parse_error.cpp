// Debian's libtorch-dev lacks c10/cuda/impl/cuda_cmake_macros.h (hostsync-lint supplies
// it); the undeclared function is an error, and the analyzer must still report what it
// finds.
#include <torch/torch.h>
#include <c10/cuda/CUDAStream.h>

float step(torch::Tensor loss) {
  auto x = torch::ones({3}, torch::kCUDA);
  undeclared_function(x);
  return (loss + x).sum().item<float>();
}
