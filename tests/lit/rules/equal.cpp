// RUN: %lint --checks='-*,hostsync-equal' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}3{{$}}

void positives(torch::Tensor out, torch::Tensor ref) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto y = x * 2;
  bool a = torch::equal(x, y);
  // CHECK-DAG: equal.cpp:[[@LINE-1]]:19: warning: 'equal' on a CUDA tensor returns a host bool{{.*}}[hostsync-equal]
  bool b = x.equal(y);
  // CHECK-DAG: equal.cpp:[[@LINE-1]]:14: warning: 'equal'{{.*}}[hostsync-equal]
  bool c = torch::allclose(out, ref);
  // CHECK-DAG: equal.cpp:[[@LINE-1]]:19: warning: 'allclose' on a tensor that may be on CUDA{{.*}}device: unknown ({{.*}})) [hostsync-equal]
  (void)a; (void)b; (void)c;
}

void negatives() {
  auto x = torch::randn({64}, torch::kCUDA);
  // Comparisons kept as tensors stay on the device.
  auto ok = torch::isclose(x, x * 2).all();
  auto same = torch::eq(x, x * 2).all();
  // Comparing a tensor with itself does not read the data.
  bool s = x.equal(x);
  // Host tensors.
  auto h = torch::ones({3});
  bool e = torch::equal(h, h * 1);
  (void)ok; (void)same; (void)s; (void)e;
}
