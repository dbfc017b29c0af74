// Ground truth for the sites of a LibTorch function the compiler did not inline: at::Tensor::to
// is code of this program's own executable, one return address for every line that calls it
// (an H200 run once counted four such lines at one). Two lines of main() and one of another
// function copy a pageable host tensor to the device, each behind queued work so that it
// waits; check_sync_lines.py checks that each line marked "SYNC:" is a site of its own, with
// one sync per traced step.
#include <torch/torch.h>

#include <cuda_profiler_api.h>

#include <cstdio>

torch::Tensor copied(const torch::Tensor &host, torch::Device cuda) {
  return host.to(cuda); // SYNC: a copy in another function
}

int main() {
  torch::NoGradGuard no_grad;
  torch::Device cuda(torch::kCUDA);
  torch::Tensor x = torch::randn({4096, 4096}, cuda);
  torch::Tensor host = torch::rand({256}); // pageable host memory
  double total = 0;
  for (int step = 0; step < 6; ++step) {
    if (step == 1) // step 0 warms up (cuBLAS, allocator): the trace keeps steps 1-5
      cudaProfilerStart();
    torch::Tensor w1 = x.matmul(x);   // milliseconds of queued work before each copy
    torch::Tensor a = host.to(cuda);  // SYNC: a copy to the device
    torch::Tensor w2 = x.matmul(x);
    torch::Tensor b = host.to(cuda);  // SYNC: a copy to the device again
    torch::Tensor w3 = x.matmul(x);
    torch::Tensor c = copied(host, cuda);
    total += static_cast<double>(a.size(0) + b.size(0) + c.size(0) + w1.size(0) + w2.size(0) +
                                 w3.size(0));
  }
  cudaProfilerStop();
  std::printf("checksum %.3g\n", total);
  return 0;
}
