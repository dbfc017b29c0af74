// Values the device analysis follows through: a variable set in both branches of an
// if/else (either value), tuples and structured bindings (where their parts are, or what
// is assigned to them later),
// optionals (nullopt holds no tensor; value() is the tensor held), options that name no
// device (the CPU), and a data loader's batches (where the source dataset's get() puts its
// examples: LibTorch's own datasets read into host memory).
// RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Seven warnings and main()'s three calls that wait for them (notes, docs/lint.md "Syncs
// inside calls"), and nothing else (CHECK-DAG alone would let others through):
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}10{{$}}
#include <tuple>

std::tuple<torch::Tensor, torch::Tensor> energy_and_forces(torch::Tensor x, bool sum) {
  torch::Tensor e;
  if (sum)
    e = x.sum();
  else
    e = x.mean();
  return std::make_tuple(e, x * 2);
}

float bindings(torch::Tensor host) {
  auto [e, f] = energy_and_forces(host.cuda(), true);
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:40: warning: 'cuda' of a host tensor
  float r = e.item<float>() + f.max().item<float>();
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:15: warning: 'item'{{.*}}device: cuda (`host.cuda()` at line [[#@LINE-3]])
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-2]]:39: warning: 'item'{{.*}}device: cuda (`host.cuda()` at line [[#@LINE-4]])
  f = f.cpu(); // a binding assigned after the decomposition: on the host from here
  r += f.sum().item<float>();
  auto [values, indices] = torch::zeros({4, 4}).max(0); // parts of a host op's result
  return r + values.sum().item<float>();
}

float options(std::vector<float> &v) {
  auto opts = torch::TensorOptions().dtype(torch::kFloat); // no device: the CPU
  auto t = torch::from_blob(v.data(), {4}, opts);
  auto g = t.to(torch::kCUDA);
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:14: warning: 'to(kCUDA)' of a host tensor
  return t.sum().item<float>();
}

float optional_batch(torch::Tensor x, torch::optional<torch::Tensor> batch = torch::nullopt) {
  if (batch.has_value()) // every call leaves the default: no tensor, no sync
    return batch.value().max().item<float>();
  return x.sum().item<float>();
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line
}

struct Pairs : torch::data::datasets::Dataset<Pairs> {
  torch::data::Example<> get(size_t i) override { return {torch::rand({3}), torch::zeros({1})}; }
  torch::optional<size_t> size() const override { return 10; }
};

struct OnGpu : torch::data::datasets::Dataset<OnGpu> {
  torch::data::Example<> get(size_t i) override {
    return {torch::rand({3}, torch::kCUDA), torch::zeros({1}, torch::kCUDA)};
  }
  torch::optional<size_t> size() const override { return 10; }
};

void loaders(torch::Device device) {
  auto mnist = torch::data::datasets::MNIST("data").map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader(std::move(mnist), 64);
  for (auto &batch : *loader) {
    auto data = batch.data.to(device);
    // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:28: warning: 'to(kCUDA)' of a host tensor
    float m = batch.target.max().item<float>(); // MNIST's targets: host memory
  }
  auto pairs = Pairs().map(torch::data::transforms::Stack<>());
  auto pair_loader = torch::data::make_data_loader(std::move(pairs), 8);
  for (auto &batch : *pair_loader)
    float s = batch.target.sum().item<float>(); // Pairs::get() makes them on the CPU
  auto gpu_loader = torch::data::make_data_loader(OnGpu().map(torch::data::transforms::Stack<>()), 8);
  for (auto &batch : *gpu_loader)
    float s = batch.target.sum().item<float>();
    // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:34: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line
}

int main() {
  std::vector<float> v(4);
  options(v);
  optional_batch(torch::ones({2}, torch::kCUDA));
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:3: note: the call of `optional_batch()` waits for the GPU: 'item' at values-and-loaders.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}device: cuda
  loaders(torch::Device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU));
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:3: note: the call of `loaders()` waits for the GPU: 'item' at values-and-loaders.cpp:{{[0-9]+}} syncs in it{{.*}}device: cuda (in `loaders()`:
  return static_cast<int>(bindings(torch::ones({2})));
  // CHECK-DAG: values-and-loaders.cpp:[[@LINE-1]]:27: note: the call of `bindings()` waits for the GPU: 'item' at values-and-loaders.cpp:{{[0-9]+}} syncs in it{{.*}}device: cuda (in `bindings()`:
}
