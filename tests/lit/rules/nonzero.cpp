// RUN: %lint --checks='-*,hostsync-nonzero' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}6{{$}}

void positives(torch::Tensor target) {
  auto x = torch::randn({8}, torch::kCUDA);
  auto a = torch::nonzero(x > 0);
  // CHECK-DAG: nonzero.cpp:[[@LINE-1]]:19: warning: 'nonzero' on a CUDA tensor synchronizes{{.*}}device: cuda ({{.*}})) [hostsync-nonzero]
  auto b = (x > 0).nonzero();
  // CHECK-DAG: nonzero.cpp:[[@LINE-1]]:20: warning: 'nonzero'{{.*}}[hostsync-nonzero]
  auto c = at::argwhere(x);
  // CHECK-DAG: nonzero.cpp:[[@LINE-1]]:16: warning: 'argwhere'{{.*}}[hostsync-nonzero]
  auto d = torch::where(x > 0);
  // CHECK-DAG: nonzero.cpp:[[@LINE-1]]:19: warning: 'where' on a CUDA tensor{{.*}}[hostsync-nonzero]
  auto out = torch::empty({0}, torch::dtype(torch::kLong).device(torch::kCUDA));
  at::nonzero_out(out, x);
  // CHECK-DAG: nonzero.cpp:[[@LINE-1]]:7: warning: 'nonzero_out'{{.*}}[hostsync-nonzero]
  auto e = target.nonzero_numpy();
  // CHECK-DAG: nonzero.cpp:[[@LINE-1]]:19: warning: 'nonzero_numpy' on a tensor that may be on CUDA{{.*}}device: unknown ({{.*}})) [hostsync-nonzero]
}

void negatives(torch::Tensor target) {
  // Three-argument where is an elementwise select: no sync (the seed's fix).
  auto a = torch::where(target == 9, torch::full_like(target, -1), target);
  // On a host tensor nonzero is cheap.
  auto h = torch::randint(0, 10, {16});
  auto b = torch::nonzero(h == 3);
  // nonzero_static has a fixed output size.
  (void)a; (void)b;
}
