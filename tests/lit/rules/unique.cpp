// RUN: %lint --checks='-*,hostsync-unique' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}
#include <algorithm>
#include <vector>

void positives(torch::Tensor t) {
  auto x = torch::randint(0, 10, {64}, torch::kCUDA);
  auto a = torch::_unique2(x);
  // CHECK-DAG: unique.cpp:[[@LINE-1]]:19: warning: '_unique2' on a CUDA tensor{{.*}}[hostsync-unique]
  auto b = at::_unique(x);
  // CHECK-DAG: unique.cpp:[[@LINE-1]]:16: warning: '_unique'{{.*}}[hostsync-unique]
  auto c = torch::unique_consecutive(x);
  // CHECK-DAG: unique.cpp:[[@LINE-1]]:19: warning: 'unique_consecutive'{{.*}}[hostsync-unique]
  auto d = torch::unique_dim(t, 0);
  // CHECK-DAG: unique.cpp:[[@LINE-1]]:19: warning: 'unique_dim' on a tensor that may be on CUDA{{.*}}[hostsync-unique]
}

void negatives() {
  // std::unique is not a tensor op.
  std::vector<int> v{1, 1, 2};
  v.erase(std::unique(v.begin(), v.end()), v.end());
  // unique of a host tensor does not sync.
  auto h = torch::randint(0, 10, {64});
  auto a = torch::_unique2(h);
  // The seed's fix: sort and count steps, all on the device.
  auto x = torch::randint(0, 10, {64}, torch::kCUDA);
  auto sorted = std::get<0>(x.sort());
  auto n = (sorted.slice(0, 1) != sorted.slice(0, 0, -1)).sum() + 1;
  (void)a; (void)n;
}
