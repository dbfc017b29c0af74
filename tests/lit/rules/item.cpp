// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}7{{$}}

// Positive cases: item() and its spellings on tensors that are (or may be) on CUDA.
void positives(torch::Tensor param) {
  auto device = torch::Device(torch::kCUDA);
  auto x = torch::randn({8}, device);
  float a = x.sum().item<float>();
  // CHECK-DAG: item.cpp:[[@LINE-1]]:21: warning: 'item' copies a value of a CUDA tensor to the host{{.*}}device: cuda ({{.*}})) [hostsync-item]
  auto s = x.max().item();
  // CHECK-DAG: item.cpp:[[@LINE-1]]:20: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
  auto l = at::_local_scalar_dense(x.sum());
  // CHECK-DAG: item.cpp:[[@LINE-1]]:16: warning: '_local_scalar_dense'{{.*}}device: cuda ({{.*}})) [hostsync-item]
  bool nz = x.sum().is_nonzero();
  // CHECK-DAG: item.cpp:[[@LINE-1]]:21: warning: 'is_nonzero'{{.*}}[hostsync-item]
  // A parameter's device is unknown: still reported, as "unknown".
  double p = param.mean().item<double>();
  // CHECK-DAG: item.cpp:[[@LINE-1]]:27: warning: 'item' copies a value of a tensor that may be on CUDA{{.*}}device: unknown ({{.*}})) [hostsync-item]
  // normal with a tensor std checks std >= 0 with item<bool>() inside ATen.
  auto mu = torch::zeros({8}, device);
  auto sample = at::normal(mu, x.exp());
  // CHECK-DAG: item.cpp:[[@LINE-1]]:21: warning: 'normal' with a tensor std checks std >= 0 with item<bool>() inside ATen{{.*}}device: cuda ({{.*}})) [hostsync-item]
  auto sample2 = at::normal(0.5, x.abs());
  // CHECK-DAG: item.cpp:[[@LINE-1]]:22: warning: 'normal' with a tensor std{{.*}}[hostsync-item]
  (void)a; (void)s; (void)l; (void)nz; (void)p; (void)sample; (void)sample2;
}

struct Counter {
  int item() const { return 3; }
};

void negatives() {
  // A host tensor: item() costs no sync.
  auto h = torch::ones({4});
  float a = h.sum().item<float>();
  // Moved to the host first: the .cpu() is the sync, not this item().
  auto g = torch::ones({4}, torch::kCUDA).cpu();
  float b = g.sum().item<float>();
  // A user type with an item() method is not a tensor.
  Counter c;
  int n = c.item();
  // normal with a double std, and normal_ in place: nothing is read back.
  auto mu = torch::zeros({8}, torch::kCUDA);
  auto s1 = at::normal(mu, 1.0);
  auto s2 = at::normal(0.0, 1.0, {8});
  mu.normal_(0.0, 1.0);
  (void)a; (void)b; (void)n; (void)s1; (void)s2;
}
