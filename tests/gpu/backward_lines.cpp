// Backward syncs tied to their forward line in a LibTorch program (issue 76): as
// backward_lines.py, in C++. The link records a forward op's native stack once its backward
// was seen to sync (the first steps' backward syncs name no line), so the report must name the
// marked lines for the later steps (check_backward_lines.py).
#include <torch/torch.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int steps = argc > 1 ? std::atoi(argv[1]) : 20;
  torch::manual_seed(0);
  auto cuda = torch::TensorOptions().device(torch::kCUDA);
  torch::Tensor x = torch::randn({1 << 20}, cuda).requires_grad_(true);
  torch::Tensor v = torch::randn({1 << 20}, cuda).requires_grad_(true);
  torch::Tensor mask = torch::randn({1 << 20}, cuda) > 0;
  int64_t kept = mask.sum().item<int64_t>();
  for (int step = 0; step < steps; ++step) {
    x.mutable_grad() = torch::Tensor();
    v.mutable_grad() = torch::Tensor();
    torch::Tensor y = x.index({mask}); // FORWARD-INDEX
    torch::Tensor z = torch::zeros({1 << 20}, cuda);
    z.index_put_({mask}, v.slice(0, 0, kept) * 2); // FORWARD-INDEX-PUT
    torch::Tensor loss = (y * y).sum() + z.sum();
    loss.backward();
  }
  std::printf("done %d steps, gradient sum %.3f\n", steps,
              (x.grad().sum() + v.grad().sum()).item<double>());
  return 0;
}
