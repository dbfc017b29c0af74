// Device facts cross function boundaries inside a translation unit: a parameter holds what
// its callers pass, a call returns what its function returns. "On the CPU" needs every call
// in view (declared in this file only, not virtual, not a lambda or template, address never
// taken); a caller passing a CUDA tensor is evidence wherever the other calls are.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below, the calls that wait for a sync included (notes,
// docs/lint.md "Syncs inside calls"): an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}26{{$}}
#include <functional>

// Every caller passes a tensor moved with .cpu(): no sync.
static float mean_of(const torch::Tensor &losses) { return losses.mean().item<float>(); }

// One caller of two passes a CUDA tensor.
float total_of(torch::Tensor t) {
  return t.sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda
}

// A result made from a parameter is where that call's argument is: the CPU tensor printed
// in main is no CUDA tensor because forward_step passes one on CUDA (one call in view).
static torch::Tensor scaled(const torch::Tensor &x, double p) {
  auto mask = torch::rand(x.sizes()) > p;
  return mask.to(x.device()) * x / (1.0 - p);
}
float scaled_on_both(torch::Tensor host) {
  float on_gpu = scaled(host.cuda(), 0.5).sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:49: warning: 'item'{{.*}}device: cuda
  float on_cpu = scaled(torch::ones({4}), 0.5).sum().item<float>(); // no finding
  return on_gpu + on_cpu;
}
// A parameter left to its default argument holds the default at that call.
static torch::Tensor collate(const torch::Tensor &rows,
                             const torch::Device &device = torch::Device(torch::kCPU)) {
  return rows.to(device);
}
float collated(const torch::Tensor &rows) {
  float on_gpu = collate(rows, torch::kCUDA).sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:52: warning: 'item'{{.*}}device: cuda
  return on_gpu + collate(rows).sum().item<float>(); // no finding
}

// No caller in this file: another file may pass anything.
float exported(torch::Tensor t) {
  return t.max().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
}

// Called with CPU tensors here, but its address is taken: a caller through the pointer is
// not in view.
float through_pointer(torch::Tensor t) {
  return t.min().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
}

// A virtual method takes what the calls of it and of the methods it overrides pass: main()
// calls the base's with a CPU tensor, score_on_gpu() calls it (or any override) with CUDA.
struct Scorer {
  virtual ~Scorer() = default;
  virtual float score(torch::Tensor t) { return t.norm().item<float>(); }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:58: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line [[#@LINE+8]])
};
struct GpuScorer : Scorer {
  float score(torch::Tensor t) override {
    return t.abs().sum().item<float>();
    // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:26: warning: 'item'{{.*}}device: cuda (parameter `t` of `Scorer::score()` may be on CUDA: passed at across-functions.cpp:[[#@LINE+3]])
  }
};
float score_on_gpu(Scorer &s) { return s.score(torch::ones({2}, torch::kCUDA)); }
// CHECK-DAG: across-functions.cpp:[[@LINE-1]]:42: note: the call of `Scorer::score()` waits for the GPU: 'item' at across-functions.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda
// A virtual call is summarised by the method it names (docs/lint.md): the base's own sync,
// not GpuScorer's.

// A template: each instantiation has callers of its own.
template <typename T> float scaled(torch::Tensor t, T k) {
  return t.sum().item<float>() * k;
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown
}

// Recursion: the recursive call adds nothing of its own (the least fixed point), the
// outer call passes a CPU tensor.
static float halve_until(torch::Tensor t, int n) {
  if (n == 0)
    return t.sum().item<float>();
  return halve_until(t / 2, n - 1);
}

// A parameter assigned before its use holds the new value.
static float moved_first(torch::Tensor t) {
  t = t.to(torch::kCUDA);
  return t.sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda
}

// Returns: made on the CPU, moved to CUDA, or passed through.
static torch::Tensor make_batch() { return torch::rand({4, 8}); }
static torch::Tensor to_gpu(torch::Tensor x) { return x.to(torch::kCUDA); }

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(8, 1))) {}
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x).relu(); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Net);

// A module's forward has the callers the project shows: `probe->forward(x)`, and `probe(x)`
// through TORCH_MODULE's holder. Called with CPU tensors only: on the CPU, no sync.
struct ProbeImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    if (x.sum().item<float>() > 0)
      return x;
    return -x;
  }
};
TORCH_MODULE(Probe);
// Through its holder with a CUDA tensor: CUDA.
struct GpuProbeImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:59: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line [[@LINE+10]])
};
TORCH_MODULE(GpuProbe);
// Handed to a Sequential, which calls forward with what the layers before it return, out of
// view: unknown, however the direct calls look.
struct StageImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:59: warning: 'item'{{.*}}device: unknown (parameter `x` of `StageImpl::forward()`, which code out of view may call (this file hands the module to LibTorch, whose templates may call it))
};
TORCH_MODULE(Stage);
torch::Tensor probe_on_gpu(GpuProbe p) { return p(torch::ones({2}, torch::kCUDA)); }
// CHECK-DAG: across-functions.cpp:[[@LINE-1]]:49: note: the call of `GpuProbeImpl::forward()` waits for the GPU: 'item' at across-functions.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda
// Two forwards: which one a holder's call runs is decided by overload resolution in
// LibTorch's template, out of view.
struct TwoWayImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:59: warning: 'item'{{.*}}device: unknown (parameter `x` of `TwoWayImpl::forward()`, which code out of view may call (this file calls it through its holder, with several forward()s to choose from))
  torch::Tensor forward(torch::Tensor x, double scale) { return x * scale; }
};
TORCH_MODULE(TwoWay);
// A forward inherited from a user base module: the derived holder's call is a call of it.
struct BaseNetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:59: warning: 'item'{{.*}}device: cuda
};
struct DerivedNetImpl : BaseNetImpl {};
TORCH_MODULE(DerivedNet);
// Called from a generic lambda (resolved per instantiation), or held by a std::function:
// out of view.
struct LambdaNetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:59: warning: 'item'{{.*}}device: unknown (parameter `x` of `LambdaNetImpl::forward()`, which code out of view may call (this file calls it from a template))
};
TORCH_MODULE(LambdaNet);
struct FunctionNetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:59: warning: 'item'{{.*}}device: unknown (parameter `x` of `FunctionNetImpl::forward()`, which code out of view may call (this file hands the module to a standard template that may call it))
};
TORCH_MODULE(FunctionNet);
// A parameter a holder's call leaves to its default: forward's default.
struct StatefulImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x, torch::Tensor h = torch::zeros({1}, torch::kCUDA)) {
    return x * h.sum().item<float>();
    // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:24: warning: 'item'{{.*}}device: cuda
  }
};
TORCH_MODULE(Stateful);

// In a template over the model's type, `model->forward(x)` does not resolve: a module's
// output is where its input is (its weights must be there too).
template <typename Model> float run_model(Model &model) {
  auto x = torch::ones({2}, torch::kCUDA);
  torch::Tensor out = model->forward(x);
  float on_gpu = out.sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:28: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line [[@LINE-3]])
  torch::Tensor host_out = model->forward({torch::ones({2})});
  float on_host = host_out.sum().item<float>();
  return on_gpu + on_host;
}

int main() {
  Net net;
  net->to(torch::kCUDA);
  float a = mean_of(torch::ones({3}).cpu()) + mean_of(make_batch().cpu());
  float b = total_of(torch::ones({3})) + total_of(torch::ones({3}, torch::kCUDA));
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:42: note: the call of `total_of()` waits for the GPU: 'item' at across-functions.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda
  float (*fp)(torch::Tensor) = through_pointer;
  float c = fp(torch::ones({2})) + through_pointer(torch::ones({2}));
  Scorer s;
  float d = s.score(torch::ones({2})) + scaled(torch::ones({2}), 2.0);
  float e = halve_until(torch::ones({2}), 3) + moved_first(torch::ones({2}));
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:48: note: the call of `moved_first()` waits for the GPU: 'item' at across-functions.cpp:{{[0-9]+}} syncs in it{{.*}}device: cuda
  // A function's result: made on the CPU, no sync; moved to CUDA, a sync.
  float f = make_batch().sum().item<float>();
  float g = to_gpu(make_batch()).sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:40: warning: 'item'{{.*}}device: cuda
  // A module's output is on its input's device.
  float h = net->forward(to_gpu(make_batch())).sum().item<float>();
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:54: warning: 'item'{{.*}}device: cuda
  Probe probe;
  probe->forward(make_batch());
  probe(torch::ones({2}));
  torch::nn::Sequential stages(Stage{}, Stage{});
  Stage()->forward(torch::ones({2}));
  TwoWay two_way;
  two_way(torch::ones({2}));
  DerivedNet derived;
  derived(torch::ones({2}, torch::kCUDA));
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:3: note: the call of `BaseNetImpl::forward()` waits for the GPU: 'item' at across-functions.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda
  LambdaNet lambda_net;
  auto run = [&](auto t) { return lambda_net(t); };
  run(torch::ones({2}));
  lambda_net(torch::ones({2}));
  FunctionNet function_net;
  std::function<torch::Tensor(torch::Tensor)> as_function = function_net;
  function_net(torch::ones({2}));
  Stateful stateful;
  stateful(torch::ones({2}));
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:3: note: the call of `StatefulImpl::forward()` waits for the GPU: 'item' at across-functions.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda
  stateful->forward(torch::ones({2}), torch::zeros({1}));
  Net cpu_net; // never moved: its output is on the CPU with its CPU input
  float i = cpu_net(make_batch()).sum().item<float>();
  // A lambda's parameters: its calls are not followed.
  auto last = [](torch::Tensor t) { return t[-1].item<float>(); };
  // CHECK-DAG: across-functions.cpp:[[@LINE-1]]:50: warning: 'item'{{.*}}device: unknown
  return static_cast<int>(a + b + c + d + e + f + g + h + i + last(torch::ones({2})));
}
