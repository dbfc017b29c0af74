#include <iostream>

float mean_of(const torch::Tensor &t);

// A program that runs on the CPU: it asks about CUDA, and makes a device it never uses.
int main() {
  std::cout << "CUDA available: " << torch::cuda::is_available() << "\n";
  if (torch::cuda::is_available()) {
    torch::Device unused(torch::kCUDA);
    std::cout << "a GPU is there, but this demo stays on the CPU\n";
  }
  torch::Tensor x = torch::randn({8, 4});
  return mean_of(x) > 0;
}
