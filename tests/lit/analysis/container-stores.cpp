// A std::vector of tensors holds what its function stores into it, wherever in the
// function (elements stay): push_back, emplace_back, insert, `v[i] = x`, an element of a
// range-for by reference assigned, a lambda's stores. Handed to a function that may fill
// it (a non-const reference or pointer parameter, its data()), it also holds what that
// function stores into its parameter. A store the analysis cannot see (an object built
// with a reference to it, a call it cannot follow) leaves it unknown; LibTorch's list
// references (the TensorList or ITensorListRef of `torch::cat(parts, 0)`) only read it.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG or CHECK line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}16{{$}}

// A tensor, tuple or pair handed to a function that fills it through a non-const reference
// holds what that function stores into it (and nothing before: an undefined tensor).
void to_host(const torch::Tensor &from, torch::Tensor &out) { out = from.cpu(); }
void to_gpu(const torch::Tensor &from, torch::Tensor &out) { out = from.cuda(); }
struct Examples {
  void get(size_t i, std::tuple<torch::Tensor, torch::Tensor> &example) {
    example = std::make_tuple(torch::ones({2}), torch::full({1}, static_cast<int64_t>(i)));
  }
  void get_on(const torch::Device &device, std::pair<torch::Tensor, int> &example) {
    example = {torch::ones({2}, device), 0};
  }
};
float filled(const torch::Tensor &x) {
  torch::Tensor host, gpu;
  to_host(x, host);
  to_gpu(x, gpu);
  float r = host.sum().item<float>() + gpu.sum().item<float>();
  // CHECK-DAG: container-stores.cpp:[[@LINE-1]]:50: warning: 'item'{{.*}}device: cuda
  Examples examples;
  std::tuple<torch::Tensor, torch::Tensor> example;
  std::pair<torch::Tensor, int> on_gpu;
  for (size_t i = 0; i < 4; ++i) {
    examples.get(i, example);
    r += std::get<1>(example).item<int64_t>();
    examples.get_on(torch::kCUDA, on_gpu);
    r += on_gpu.first.sum().item<float>();
    // CHECK-DAG: container-stores.cpp:[[@LINE-1]]:29: warning: 'item'{{.*}}device: cuda
  }
  return r;
}

// Filled by a call it cannot follow (through a function pointer): it may hold anything.
void (*fill_unseen)(torch::Tensor &);
float filled_unseen() {
  torch::Tensor out;
  fill_unseen(out);
  return out.sum().item<float>();
  // CHECK-DAG: container-stores.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: unknown (`out`: a call the analysis cannot follow that takes it)
}

// Filled by the standard library (a tuple of references assigned to): it may hold anything.
float filled_by_library(const torch::Tensor &x) {
  torch::Tensor out;
  std::forward_as_tuple(out) = std::make_tuple(x * 2);
  return out.sum().item<float>();
  // CHECK-DAG: container-stores.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: unknown (`out`, filled by `std::forward_as_tuple()`)
}

float concatenated(const torch::Tensor &x) {
  std::vector<torch::Tensor> host, gpu;
  for (int i = 0; i < 4; ++i) {
    host.push_back(torch::ones({2}) * i);
    gpu.push_back(x.cuda() * i);
  }
  auto all = torch::cat(host, 0); // read through an ITensorListRef: still the CPU
  float r = all[1].item<float>();
  r += torch::stack(gpu).sum().item<float>();
  // CHECK-DAG: container-stores.cpp:[[@LINE-1]]:32: warning: 'item'{{.*}}device: cuda
  return r + torch::cat(host, 0).max().item<float>();
}

float pushed(const torch::Tensor &x) {
  std::vector<torch::Tensor> host;
  host.push_back(x.cpu());
  host.emplace_back(torch::zeros({2}));
  float s = host[0].sum().item<float>(); // everything stored is on the CPU: no sync
  std::vector<torch::Tensor> mixed = x.cpu().split(1);
  mixed.push_back(x.cuda()); // after the split's CPU parts, a CUDA tensor
  s += mixed[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: cuda
  return s;
}

float assigned(const torch::Tensor &x) {
  std::vector<torch::Tensor> v(2);
  v[1] = x.cuda();
  float s = v[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:24: warning: 'item'{{.*}}device: cuda
  std::vector<torch::Tensor> w = {torch::ones({2}), torch::zeros({2})};
  for (auto &t : w)
    t = t.cuda();
  s += w[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:19: warning: 'item'{{.*}}device: cuda
  std::vector<torch::Tensor> in_lambda;
  auto add = [&](const torch::Tensor &t) { in_lambda.push_back(t.cuda()); };
  add(x);
  s += in_lambda.front().sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:32: warning: 'item'{{.*}}device: cuda
  return s;
}

static void fill_on_gpu(std::vector<torch::Tensor> &out) { out.push_back(torch::ones({2}).cuda()); }
static void fill_on_host(std::vector<torch::Tensor> &out) { out.push_back(torch::ones({2})); }
static void read_only(torch::Tensor *values) { values[0].sum(); }
static void move_one(torch::Tensor &t) { t = t.cuda(); }

float handed_off() {
  std::vector<torch::Tensor> gpu, host;
  fill_on_gpu(gpu);
  fill_on_host(host);
  read_only(host.data());
  float s = gpu[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:26: warning: 'item'{{.*}}device: cuda
  std::vector<torch::Tensor> moved = {torch::zeros({2})};
  move_one(moved[0]); // an element handed to a function that moves it
  s += moved[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: cuda
  s += host[0].sum().item<float>(); // filled on the CPU, read through data() only: no sync
  return s;
}

float read_only_uses(const torch::Tensor &x) {
  std::vector<torch::Tensor> host = x.cpu().split(1);
  float s = 0;
  for (const auto &t : host) // reads: no sync
    s += t.sum().item<float>();
  auto copy = host[0];
  const auto &view = host.front();
  s += torch::stack(host).sum().item<float>() + copy.sum().item<float>();
  return s + view.sum().item<float>();
}

struct Loader {
  explicit Loader(std::vector<torch::Tensor> &into);
};

float unseen_store(void (*fill)(std::vector<torch::Tensor> &), const torch::Tensor &x,
                   const std::vector<torch::Tensor> &others) {
  std::vector<torch::Tensor> built, called;
  Loader loader(built); // may store anything into it
  fill(called);         // a call through a pointer: not followed
  std::vector<torch::Tensor> copied_into = x.cpu().split(1);
  std::copy(others.begin(), others.end(), copied_into.begin()); // writes through an iterator
  float s = built[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:28: warning: 'item'{{.*}}device: unknown (`built`: an
  // object constructed with a reference to it
  s += called[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:24: warning: 'item'{{.*}}device: unknown (`called`: a
  // call the analysis cannot follow that takes it
  s += copied_into[0].sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:29: warning: 'item'{{.*}}device: unknown
  // (`copied_into`: a call that takes an iterator into it
  return s;
}

// A tuple of tensors held by value copies what it is built from (`return {a, b};` passes
// `a` to std::tuple's forwarding constructor by non-const reference): `a` keeps what the
// function stores into it. std::tie's tuple of references stores back the parts of what is
// assigned to it: their device when the analysis knows it (a LibTorch op's), else unknown.
std::tuple<torch::Tensor, torch::Tensor> halves(const torch::Tensor &x) {
  torch::Tensor a, b;
  a = x.cpu();
  b = x.cpu() * 2;
  float s = a.sum().item<float>() + b.sum().item<float>(); // both on the host: no finding
  return {a, b};
}
float tied(std::tuple<torch::Tensor, torch::Tensor> (*split)(const torch::Tensor &),
           const torch::Tensor &x) {
  torch::Tensor a, b;
  a = x.cpu();
  std::tie(a, b) = split(x);
  return a.sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: unknown (`a`, filled by `std::tie()`)
}
float tied_ops(const torch::Tensor &scores) {
  torch::Tensor threshold, index, values, indices;
  std::tie(threshold, index) = torch::kthvalue(scores.cpu(), 3); // parts of a host copy
  float t = threshold.item<float>();
  std::tie(values, indices) = torch::max(torch::randn({4, 4}, torch::kCUDA), 1);
  return t + indices.sum().item<float>();
  // CHECK: container-stores.cpp:[[@LINE-1]]:28: warning: 'item'{{.*}}device: cuda (`torch::kCUDA` at line [[#@LINE-2]])
}
