// RUN: %lint --checks='-*,hostsync-size-dependent' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}6{{$}}

void positives(torch::Tensor labels) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto r = torch::randint(1, 4, {64}, torch::kCUDA);
  auto a = torch::repeat_interleave(r);
  // CHECK-DAG: size-dependent.cpp:[[@LINE-1]]:19: warning: 'repeat_interleave' on a CUDA tensor reads the sum of the repeats to size its output; pass output_size{{.*}}[hostsync-size-dependent]
  auto b = x.repeat_interleave(r, 0);
  // CHECK-DAG: size-dependent.cpp:[[@LINE-1]]:14: warning: 'repeat_interleave'{{.*}}[hostsync-size-dependent]
  auto c = torch::bincount(r);
  // CHECK-DAG: size-dependent.cpp:[[@LINE-1]]:19: warning: 'bincount' on a CUDA tensor reads the largest value{{.*}}[hostsync-size-dependent]
  auto d = torch::histc(x, 10);
  // CHECK-DAG: size-dependent.cpp:[[@LINE-1]]:19: warning: 'histc'{{.*}}pass min and max{{.*}}[hostsync-size-dependent]
  auto e = torch::one_hot(labels);
  // CHECK-DAG: size-dependent.cpp:[[@LINE-1]]:19: warning: 'one_hot' on a tensor that may be on CUDA reads the largest label{{.*}}device: unknown ({{.*}})) [hostsync-size-dependent]
  auto f = torch::nn::functional::one_hot(labels, -1);
  // CHECK-DAG: size-dependent.cpp:[[@LINE-1]]:35: warning: 'one_hot'{{.*}}[hostsync-size-dependent]
}

void negatives(torch::Tensor labels) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto r = torch::randint(1, 4, {64}, torch::kCUDA);
  // Sizes given up front: no sync.
  auto a = x.repeat_interleave(r, 0, /*output_size=*/128);
  auto b = x.repeat_interleave(3);
  auto c = torch::histc(x, 10, -1.0, 1.0);
  auto d = torch::one_hot(labels, 10);
  auto e = torch::nn::functional::one_hot(labels, 10);
  // A fixed-size scatter instead of bincount.
  auto counts = torch::zeros({4}, r.options()).scatter_add_(0, r, torch::ones_like(r));
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)counts;
}
