// Ranking: hot inside loops, in forward() of a Module, and in functions reached from
// them (in this TU); cold elsewhere. Text output lists hot findings first.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out

float leaf(torch::Tensor t) { return t.sum().item<float>(); }
float middle(torch::Tensor t) { return leaf(t) * 2; }
float setup_only(torch::Tensor t) { return t.max().item<float>(); }

struct Net : torch::nn::Module {
  Net() {
    auto w = torch::ones({3}, torch::kCUDA);
    init_scale = w.sum().item<float>(); // constructor: cold
  }
  torch::Tensor forward(torch::Tensor x) {
    if (x.abs().max().item<float>() > 1e3)  // forward(): hot
      x = x / 2;
    return x * scale_of(x);
  }
  float scale_of(torch::Tensor x) { return x.mean().item<float>(); } // called from forward
  float init_scale = 0;
};

int main() {
  auto x = torch::randn({8}, torch::kCUDA);
  float once = x.sum().item<float>();    // straight-line main: cold
  float s = setup_only(x);
  for (int step = 0; step < 10; ++step)
    s += middle(x);                      // leaf() is reached from this loop
  int i = 0;
  while (i++ < 3)
    s += x.min().item<float>();
  do {
    s += x.std().item<float>();
  } while (s < 0);
  std::vector<torch::Tensor> batch{x, x};
  for (auto &b : batch) {
    auto log = [&] { return b.norm().item<float>(); };
    s += log();
  }
  return static_cast<int>(s + once);
}

// Hot findings first (by file and line), then cold ones.
// CHECK: hot-cold.cpp:6:46: warning: {{.*}}(hot: called from middle(), which is hot;
// CHECK: hot-cold.cpp:16:23: warning: {{.*}}(hot: in Net::forward() of a torch::nn::Module;
// CHECK: hot-cold.cpp:20:53: warning: {{.*}}(hot: called from Net::forward(), which is hot;
// CHECK: hot-cold.cpp:32:18: warning: {{.*}}(hot: inside a loop;
// CHECK: hot-cold.cpp:34:18: warning: {{.*}}(hot: inside a loop;
// CHECK: hot-cold.cpp:38:38: warning: {{.*}}(hot: {{.*}}
// CHECK: hot-cold.cpp:8:52: warning: {{.*}}(cold: in setup_only(), not reached from a loop or forward();
// CHECK: hot-cold.cpp:13:26: warning: {{.*}}(cold: in Net::Net(),
// CHECK: hot-cold.cpp:26:24: warning: {{.*}}(cold: in main(),
