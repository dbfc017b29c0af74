#include <torch/torch.h>

#include <cstdio>

int main() {
  auto w = torch::randn({16}, torch::dtype(torch::kFloat).device(torch::kCUDA).requires_grad(true));
  for (int step = 0; step < 10; ++step) {
    auto loss = (w * w).sum();
    loss.backward();
    std::printf("%f\n", loss.item<float>());
  }
}
