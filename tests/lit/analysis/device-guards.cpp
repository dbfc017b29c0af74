// Guards decide the device (docs/lint.md, "Checks of the device"): inside a branch of
// `if (x.is_cuda())`, after `TORCH_CHECK(x.device().is_cpu())` or an extension's CHECK_CPU,
// after a dispatcher's early return, the checked tensor's device is known, and so is that of
// the parameters of the functions the branch calls. Each form once, CUDA and CPU, and the
// forms that say nothing (a check of another tensor, `||` taken true, a check made stale by
// a later assignment).
// RUN: %lint --checks='-*,hostsync-item' --report-cpu %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='{{warning|note}}:' < %t.out
// Every diagnostic line, the untagged notes too: a stray note changes the number.
// RUN: %count-diagnostics %t.out | FileCheck %s --check-prefix=LINES
// LINES: {{^}}64{{$}}
// Every finding is a CHECK-DAG line below, the calls that wait for a sync included (notes,
// docs/lint.md "Syncs inside calls"): an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}31{{$}}

#define CHECK_CPU(x) TORCH_CHECK(!x.is_cuda(), #x " must be a CPU tensor")
#define CHECK_CUDA_OLD(x) AT_ASSERTM(x.type().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_INPUT_CPU(x) TORCH_CHECK(x.device().type() == torch::kCPU, #x " must be on the CPU")

float type_compare(const torch::Tensor &x) {
  if (x.device().type() == torch::kCUDA)
    return x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda (`x.device().type() == torch::kCUDA` at line [[#@LINE-2]])
  return x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: note: 'item'{{.*}}device: cpu
}

float not_equal(const torch::Tensor &x) {
  if (x.device() != at::kCPU)
    return x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda
  return x.mean().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:19: note: 'item'{{.*}}device: cpu
}

float enum_spelled(const torch::Tensor &x) {
  if (c10::DeviceType::CPU == x.device().type())
    return x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:20: note: 'item'{{.*}}device: cpu
  return 0;
}

float deprecated_type(const torch::Tensor &x) {
  CHECK_CUDA_OLD(x);
  return x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda (`CHECK_CUDA_OLD(x)`
}

float check_cpu_macros(const torch::Tensor &x, const torch::Tensor &y) {
  CHECK_CPU(x);
  CHECK_INPUT_CPU(y);
  return x.sum().item<float>() + y.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: note: 'item'{{.*}}device: cpu
  // CHECK-DAG: device-guards.cpp:[[@LINE-2]]:42: note: 'item'{{.*}}device: cpu
}

float either_throws(const torch::Tensor &a, const torch::Tensor &b) {
  // `||` false after the throw: both are on CUDA.
  if (!a.is_cuda() || b.device().type() != torch::kCUDA)
    throw std::runtime_error("inputs must be CUDA tensors");
  return a.sum().item<float>() + b.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda
  // CHECK-DAG: device-guards.cpp:[[@LINE-2]]:42: warning: 'item'{{.*}}device: cuda
}

float conditional(const torch::Tensor &x) {
  return x.is_cuda() ? x.sum().item<float>() : x.mean().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:32: warning: 'item'{{.*}}device: cuda
  // CHECK-DAG: device-guards.cpp:[[@LINE-2]]:57: note: 'item'{{.*}}device: cpu
}

bool short_circuit(const torch::Tensor &x) {
  return x.is_cpu() && x.sum().item<float>() > 0;
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:32: note: 'item'{{.*}}device: cpu
}

float dispatched_lambda(const torch::Tensor &x) {
  TORCH_CHECK(x.device().is_cpu(), "x must be a CPU tensor");
  float total = 0;
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "sum_cpu", [&] { total = x.sum().item<float>(); });
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:80: note: 'item'{{.*}}device: cpu
  return total;
}

float switched(const torch::Tensor &x) {
  switch (x.device().type()) {
  case torch::kCUDA:
    return x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line [[#@LINE-2]])
  case c10::DeviceType::CPU: {
    float total = x.sum().item<float>();
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:27: note: 'item'{{.*}}device: cpu
    return total;
  }
  default:
    return x.sum().item<float>();
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: unknown
  }
}

// The halves of an extension, called only from the dispatcher's branches.
static float half_cpu(const torch::Tensor &t) {
  return t.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: note: 'item'{{.*}}device: cpu
}
static float half_cuda(const torch::Tensor &t) {
  return t.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda (`input.is_cuda()` at line
  // CHECK-DAG: device-guards.cpp:[[@LINE-2]]:18: note: the sync in `half_cuda()`: 'item'
}
static float half_other(const torch::Tensor &t) {
  return t.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: note: 'item'{{.*}}device: cpu
}
float dispatch(const torch::Tensor &input) {
  if (input.is_cuda()) {
    return half_cuda(input.contiguous());
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:12: note: the call of `half_cuda()` waits for the GPU: 'item' at device-guards.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda (its argument `input.contiguous()`: `input.is_cuda()` at line [[#@LINE-2]])) [hostsync-item]
    // CHECK-DAG: device-guards.cpp:[[@LINE-2]]:12: note: reached from this call in dispatch (cold: in dispatch(), not reached from a loop or forward())
  }
  return half_cpu(input);
}
float dispatch_else_error(const torch::Tensor &input) {
  if (input.device().is_cpu())
    return half_other(input);
  AT_ERROR("not compiled with CUDA");
}

// Forms that must not decide the device (each would hide a real sync if read as the CPU).
float undecided(const torch::Tensor &x, bool gpu, int mode) {
  float s = 0;
  // A Device compares its index too: cuda:0 != kCUDA, so this branch runs for CUDA tensors.
  if (x.device() != at::kCUDA)
    s += x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
  // Not one device named.
  if (x.device().type() == (gpu ? at::kCUDA : at::kCPU)) {
  } else {
    s += x.sum().item<float>();
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
  }
  // A break inside `do { } while (0)` goes on after it.
  do {
    if (x.is_cuda())
      break;
    s += 1;
  } while (0);
  s += x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:16: warning: 'item'{{.*}}device: unknown
  switch (mode) {
  case 0:
    if (x.is_cuda())
      return 1;
    return 2;
  case 1:
    // case 0's check says nothing here.
    return x.sum().item<float>();
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: unknown
  }
  switch (x.device().type()) {
  case at::kCUDA:
    s += 1;
    [[fallthrough]];
  case at::kCPU:
    // Reached from the CUDA case too.
    s += x.sum().item<float>();
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
    break;
  default:
    break;
  }
  return s;
}

float stale_checks(torch::Tensor h, torch::Tensor y) {
  TORCH_CHECK(h.is_cpu(), "h on the CPU");
  float s = 0;
  // Moved to CUDA later in the loop: from the second iteration on, a CUDA tensor.
  for (int i = 0; i < 3; ++i) {
    s += h.sum().item<float>();
    // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
    h = h.to(at::kCUDA);
  }
  // A lambda kept and called after the check stopped holding.
  TORCH_CHECK(y.is_cpu(), "y on the CPU");
  auto total = [&] { return y.sum().item<float>(); };
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:37: warning: 'item'{{.*}}device: unknown
  y = y.to(at::kCUDA);
  return s + total();
}

// Negatives: a check of another tensor, `||` true, a check an assignment made stale.
float says_nothing(const torch::Tensor &x, const torch::Tensor &y, torch::Tensor z) {
  float s = 0;
  if (y.is_cuda())
    s += x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
  if (x.is_cpu() || y.is_cpu())
    s += x.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
  TORCH_CHECK(z.is_cpu(), "z on the CPU");
  z = z.to(torch::kCUDA);
  s += z.sum().item<float>();
  // CHECK-DAG: device-guards.cpp:[[@LINE-1]]:16: warning: 'item'{{.*}}device: cuda
  return s;
}
