// The end of a file instantiates the user's templates, and the system-header templates over
// the user's types without linkage, but not the other system-header templates: the rules
// never read their bodies (docs/lint.md, "What each parse leaves out").
// RUN: %hostsync-lint --color=never --checks='-*,hostsync-item' %s -- %pch > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// RUN: FileCheck %s --check-prefix=STATUS < %t.err
// Nothing left with gaps: neither std::sort's body below nor an undefined std::function.
// STATUS: hostsync-lint: 3 findings ({{.*}}) in 1 file (1 analysed fully, 0 with gaps, 0 not analysed)
#include <torch/torch.h>

#include <algorithm>
#include <functional>
#include <thread>
#include <vector>

// No operator<: std::sort's body does not compile for it. Clang says so only when it
// instantiates that body, at the end of the file, which hostsync-lint leaves out.
struct Unordered {
  int v;
};
void order(std::vector<Unordered> &xs) { std::sort(xs.begin(), xs.end()); }

// A lambda's type has no linkage: std::function's and std::thread's constructors over it
// are instantiated (left undefined, Clang calls them errors), and the lambda's sync is found.
float background() {
  auto x = torch::ones({2}, torch::kCUDA);
  float out = 0;
  std::function<void()> f = [&] { out = x.sum().item<float>(); };
  // CHECK-DAG: header-instantiations.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'item'{{.*}}device: cuda
  std::thread t([&] { f(); });
  t.join();
  return out;
}

// The user's own template is instantiated as Clang does.
template <typename T> struct Meter {
  float read(const T &t) { return t.sum().template item<float>(); }
  // CHECK-DAG: header-instantiations.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'item'
};
float metered() { return Meter<torch::Tensor>().read(torch::ones({3}, torch::kCUDA)); }
// CHECK-DAG: header-instantiations.cpp:[[@LINE-1]]:{{[0-9]+}}: note: the call of `Meter<at::Tensor>::read()` waits for the GPU{{.*}}device: cuda

// COUNT: {{^}}3{{$}}
