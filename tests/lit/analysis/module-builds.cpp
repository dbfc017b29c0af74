// A module the function builds holds its weights on the host until it is moved: a clone()
// that fills a fresh copy from the module's own weights before moving the copy copies each
// weight to the host (maskrcnn-benchmark.cpp's modules, for torch::nn::parallel::replicate;
// issue 51). Any other module's weights (the module's own, a parameter's) may be anywhere.
// RUN: %lint --checks='-*,hostsync-device-to-host-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}3{{$}}

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {
    register_buffer("seen", torch::zeros({1}));
  }
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }

  std::shared_ptr<NetImpl> clone_to(torch::optional<torch::Device> device) const {
    torch::NoGradGuard no_grad;
    auto copy = std::make_shared<NetImpl>();
    auto params = named_parameters();
    for (auto &p : copy->named_parameters())
      p.value().copy_(params[p.key()]);
    // CHECK-DAG: module-builds.cpp:[[@LINE-1]]:17: warning: 'copy_'{{.*}}device: unknown (returned by LibTorch's `named_parameters()`{{.*}}[hostsync-device-to-host-copy]
    for (auto &b : copy->named_buffers())
      b.value().copy_(named_buffers()[b.key()]);
    // CHECK-DAG: module-builds.cpp:[[@LINE-1]]:17: warning: 'copy_'{{.*}}device: unknown (returned by LibTorch's `named_buffers()`{{.*}}[hostsync-device-to-host-copy]
    if (device.has_value())
      copy->to(device.value());
    return copy;
  }

  // Moved first: the copy's weights are on the device the module is moved to, no host copy.
  std::shared_ptr<NetImpl> moved_first(torch::Device device) const {
    auto copy = std::make_shared<NetImpl>();
    copy->to(device);
    for (auto &p : copy->parameters())
      p.copy_(parameters()[0]);
    return copy;
  }

  // Moved later in the loop: the second turn copies into a moved module.
  void moved_in_loop(torch::Device device) const {
    auto copy = std::make_shared<NetImpl>();
    for (int i = 0; i < 2; ++i) {
      for (auto &p : copy->parameters())
        p.copy_(parameters()[0]);
      copy->to(device);
    }
  }

  // Handed to a function first, which may move it: not on the host for sure.
  static void move_to(std::shared_ptr<NetImpl> n, torch::Device device) { n->to(device); }
  void handed_on(torch::Device device) const {
    auto copy = std::make_shared<NetImpl>();
    move_to(copy, device);
    for (auto &p : copy->parameters())
      p.copy_(parameters()[0]);
  }

  // A module the function did not build (a parameter): its weights may be anywhere.
  static void from_outside(std::shared_ptr<NetImpl> other, torch::Tensor host) {
    for (auto &p : other->parameters())
      host.copy_(p);
    // CHECK-DAG: module-builds.cpp:[[@LINE-1]]:12: warning: 'copy_'{{.*}}device: unknown (returned by LibTorch's `parameters()`{{.*}}[hostsync-device-to-host-copy]
  }

  torch::nn::Linear fc;
};

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto net = std::make_shared<NetImpl>();
  net->to(device);
  // Built on the host and loaded from host tensors: nothing leaves the GPU.
  auto fresh = std::make_shared<NetImpl>();
  for (auto &p : fresh->parameters())
    p.copy_(torch::ones_like(p));
  NetImpl::from_outside(net, torch::zeros({2, 4}));
  net->clone_to(device);
  net->handed_on(device);
}
