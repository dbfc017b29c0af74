// Ground truth for stall attribution: every sync of this LibTorch program sits on a line
// marked "STALL:"; check_sync_lines.py checks that each traced stall's first user frame is
// one of those lines, and that every marked line has its stalls.
#include <torch/torch.h>

#include <cuda_profiler_api.h>

#include <cstdio>

int main() {
  torch::NoGradGuard no_grad;
  torch::Device cuda(torch::kCUDA);
  torch::Tensor x = torch::randn({4096, 4096}, cuda);
  double total = 0;
  for (int step = 0; step < 6; ++step) {
    if (step == 1) // step 0 warms up (cuBLAS, allocator): the trace keeps steps 1-5
      cudaProfilerStart();
    torch::Tensor a = x.matmul(x); // milliseconds of queued work before each sync
    total += a.sum().item<float>(); // STALL: item
    torch::Tensor b = x.matmul(x);
    torch::Tensor idx = torch::nonzero(b > 0); // STALL: nonzero
    torch::Tensor c = x.matmul(x);
    torch::Tensor sel = c.index({c > 0}); // STALL: boolean mask
    total += static_cast<double>(idx.size(0) + sel.size(0));
  }
  cudaProfilerStop();
  std::printf("checksum %.3g\n", total);
  return 0;
}
