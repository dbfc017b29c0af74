// An extension's .cu file says where its tensors are in two ways: its checks
// (TORCH_CHECK, AT_ASSERTM, a CHECK_CUDA macro around them: a failed check calls a
// [[noreturn]] function, so the condition holds after it) and its kernel launches (a
// tensor whose data pointer a kernel takes is on the GPU, while the variable is never
// reassigned). Parsed as CUDA host code, with the real LibTorch headers.
// RUN: %lint --checks='-*,hostsync-item,hostsync-nonzero,hostsync-bool-mask-index' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}
#include <torch/torch.h>

#define CHECK_CUDA(x) AT_ASSERTM(x.device().is_cuda(), #x " must be CUDA tensor")

__global__ void fill(int64_t *row, int64_t *col, const float *x, int n) {}

torch::Tensor checked(torch::Tensor x) {
  CHECK_CUDA(x);
  auto n = x.sum().item<int64_t>();
  // CHECK-DAG: device-checks.cu:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda (`CHECK_CUDA(x)` at line [[#@LINE-2]])
  return x.nonzero();
  // CHECK-DAG: device-checks.cu:[[@LINE-1]]:12: warning: 'nonzero'{{.*}}device: cuda (`CHECK_CUDA(x)` at line [[#@LINE-4]])
}

int64_t torch_checked(const torch::Tensor &x, const torch::Tensor &y) {
  TORCH_CHECK(x.is_cuda() && y.is_cuda(), "inputs must be CUDA tensors");
  return y.max().item<int64_t>();
  // CHECK-DAG: device-checks.cu:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda (`TORCH_CHECK(x.is_cuda() && y.is_cuda()
}

torch::Tensor launched(const torch::Tensor x, torch::optional<torch::Tensor> ptr) {
  auto row = torch::empty({x.size(0)}, x.options().dtype(torch::kLong));
  auto col = torch::full({x.size(0)}, -1, ptr.value().options());
  fill<<<1, 32>>>(row.data_ptr<int64_t>(), col.data_ptr<int64_t>(), x.data_ptr<float>(), 4);
  auto mask = col != -1;
  return row.masked_select(mask);
  // CHECK-DAG: device-checks.cu:[[@LINE-1]]:14: warning: 'masked_select'{{.*}}device: cuda (`row.data_ptr<int64_t>()` at line [[#@LINE-3]])
}

void negatives(torch::Tensor x, torch::Tensor h) {
  // Checked to be on the CPU: no sync.
  TORCH_CHECK(h.is_cpu(), "h must be a CPU tensor");
  auto a = h.sum().item<float>();
  // The kernel took x's data, but x is reassigned to a host copy before the read (the
  // .cpu() copy itself is another rule's).
  fill<<<1, 32>>>(nullptr, nullptr, x.data_ptr<float>(), 4);
  x = x.cpu();
  auto b = x.sum().item<float>();
}
