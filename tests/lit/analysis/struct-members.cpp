// A tensor member of a user struct read through another object (`g.x`, not `this`) has the
// device of every value the translation unit stores into it, through any object of its
// class; a member passed to a non-const reference (an archive's read()) may then hold
// anything. A subscript of a pointer to tensors or of a container of them (p[i], v[i],
// v.at(i), v.front(), v.back(), v.data()) is where the tensors pointed to or held are, and
// a pair's parts (`p.first`) where the pair's tensors are; aggregate initialization
// (`return {a, b};`) stores into the members.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out

struct Graph {
  torch::Tensor x, edges, loaded;
};

Graph build_graph(const torch::Tensor &positions) {
  Graph g;
  g.x = positions.cuda();
  g.edges = torch::arange(4);
  g.loaded = torch::zeros({2});
  return g;
}

void load_graph(Graph &g, torch::serialize::InputArchive &archive) {
  archive.read("loaded", g.loaded);
}

float read_graph(const Graph &g) {
  float total = g.x.sum().item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:27: warning: 'item'{{.*}}device: cuda
  // Stored only with arange() without a device: on the CPU, no sync.
  total += g.edges[0].item<float>();
  total += g.loaded.sum().item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:27: warning: 'item'{{.*}}device: unknown
  return total;
}

static float first_of(const torch::Tensor *values, int i) {
  return values[i].item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda
}

static float first_on_host(const torch::Tensor *values, int i) {
  // Every caller passes the data of a container of CPU tensors: no sync.
  return values[i].item<float>();
}

float containers(const torch::Tensor &x) {
  std::vector<torch::Tensor> gpu = x.cuda().split(1);
  std::vector<torch::Tensor> cpu = x.cpu().split(1);
  float s = gpu[0].item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda
  s += gpu.at(1).item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}device: cuda
  s += gpu.front().item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda
  // The CPU container's elements: no sync.
  s += cpu[0].item<float>();
  s += cpu.back().item<float>();
  s += first_of(gpu.data(), 0);
  s += first_on_host(cpu.data(), 0);
  return s;
}

// An op's list of tensors (TensorList) is where its elements are.
float lists(const torch::Tensor &x) {
  auto gpu = x.cuda();
  auto parts = torch::broadcast_tensors({torch::ones({2}), gpu});
  float s = parts[0].sum().item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:28: warning: 'item'{{.*}}device: cuda
  std::vector<torch::Tensor> host_parts = x.cpu().split(1);
  // Stacked from CPU tensors: no sync.
  s += torch::stack(host_parts).sum().item<float>();
  s += torch::cat({torch::zeros({1}), torch::ones({1})}).sum().item<float>();
  return s;
}

// A std::pair's parts (`p.first`, `p.second`) are where the pair's tensors are, as with
// std::get: both parts combined.
static std::pair<torch::Tensor, torch::Tensor> host_pair() {
  return {torch::zeros({2}), torch::ones({2}, torch::kLong)};
}

static std::pair<torch::Tensor, torch::Tensor> mixed_pair(const torch::Tensor &x) {
  return {x.cuda(), torch::zeros({2})};
}

float pairs(const torch::Tensor &x) {
  auto host = host_pair();
  float s = host.first.sum().item<float>(); // both parts on the CPU: no sync
  s += host.second[0].item<float>();
  auto mixed = mixed_pair(x);
  s += mixed.second.sum().item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'item'{{.*}}device: cuda
  return s;
}

// Aggregate initialization (`return {a, b};` into a struct of tensors) stores each member its
// value, in order.
struct Outputs {
  torch::Tensor value, log_prob;
};

struct HostOutputs {
  torch::Tensor first, second;
};

static Outputs make_outputs(const torch::Tensor &x) { return {x.cuda(), torch::zeros({2})}; }
static HostOutputs make_host_outputs() { return HostOutputs{torch::ones({1}), torch::zeros({1})}; }

float aggregates(const torch::Tensor &x) {
  float s = make_outputs(x).value.sum().item<float>();
  // CHECK: struct-members.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'item'{{.*}}device: cuda
  s += make_host_outputs().second.sum().item<float>(); // only CPU stores: no sync
  return s;
}
