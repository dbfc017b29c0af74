// A module's buffers and its layers' outputs are where the module is moved: the project's
// `model->to(device)` of a user module class is evidence for every module of that class, for
// the modules it holds as members, and for classes derived from it. Evidence only: a module
// moved to the CPU, or never moved, leaves its tensors' own device to decide.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below, the calls that wait for a sync included (notes,
// docs/lint.md "Syncs inside calls"): an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}5{{$}}

struct StatsImpl : torch::nn::Module {
  StatsImpl() : count(register_buffer("count", torch::zeros({1}))) {}
  float seen() { return count.item<float>(); }
  // CHECK-DAG: module-moves.cpp:[[@LINE-1]]:31: warning: 'item'{{.*}}device: cuda (`StatsImpl` modules are moved to CUDA: with its owner, module-moves.cpp:[[#@LINE+15]])
  torch::Tensor count;
};
TORCH_MODULE(Stats);

struct NetImpl : torch::nn::Module {
  NetImpl()
      : fc(register_module("fc", torch::nn::Linear(4, 2))), stats(register_module("stats", Stats())) {}
  virtual float step(torch::Tensor x) {
    auto y = fc->forward(x); // a layer of a module moved to CUDA: its output is there
    return y.sum().item<float>() + stats->seen();
    // CHECK-DAG: module-moves.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda (`NetImpl` modules are moved to CUDA: at module-moves.cpp:[[#@LINE+26]])
    // CHECK-DAG: module-moves.cpp:[[@LINE-2]]:43: note: the call of `StatsImpl::seen()` waits for the GPU: 'item' at module-moves.cpp:[[#@LINE-13]] syncs in it{{.*}}device: cuda
  }
  torch::nn::Linear fc;
  Stats stats;
};

// Derived from a moved class: held as a NetImpl, moved with it.
struct WideNetImpl : NetImpl {
  WideNetImpl() : scale(register_buffer("scale", torch::ones({1}))) {}
  float step(torch::Tensor x) override { return scale.item<float>(); }
  // CHECK-DAG: module-moves.cpp:[[@LINE-1]]:55: warning: 'item'{{.*}}device: cuda (`WideNetImpl` modules are moved to CUDA: with its owner, module-moves.cpp:[[#@LINE-3]])
  torch::Tensor scale;
};

// Moved to the CPU only: its buffer stays there.
struct LocalImpl : torch::nn::Module {
  LocalImpl() : b(register_buffer("b", torch::zeros({1}))) {}
  float read() { return b.item<float>(); }
  torch::Tensor b;
};
TORCH_MODULE(Local);

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  std::shared_ptr<NetImpl> net = std::make_shared<WideNetImpl>();
  net->to(device);
  Local local;
  local->to(torch::kCPU);
  net->step(torch::ones({4}));
  // CHECK-DAG: module-moves.cpp:[[@LINE-1]]:8: note: the call of `NetImpl::step()` waits for the GPU: the call of `StatsImpl::seen()` at module-moves.cpp:[[#@LINE-31]] syncs in it{{.*}}device: cuda
  // A virtual call, on a WideNetImpl, is summarised by the method it names (docs/lint.md):
  // NetImpl::step()'s own call, not WideNetImpl's item().
  local->read();
}
