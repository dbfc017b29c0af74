// RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out

void positives(torch::Tensor batch, torch::Device device) {
  auto h = torch::randn({64});
  auto a = h.to(torch::kCUDA);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:14: warning: 'to(kCUDA)' of a host tensor without non_blocking=true{{.*}}device: cuda ({{.*}})) [hostsync-host-to-device-copy]
  auto b = h.cuda();
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:14: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
  auto gpu = torch::Device(torch::kCUDA, 0);
  auto c = batch.to(gpu);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:18: warning: 'to(kCUDA)' of a tensor that may be on the host{{.*}}device: unknown ({{.*}})) [hostsync-host-to-device-copy]
  auto w = torch::tensor({0.1, 0.9}, torch::TensorOptions().device(torch::kCUDA));
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:19: warning: building a CUDA tensor from host values{{.*}}[hostsync-host-to-device-copy]
  // Indexing a CUDA tensor with a host index tensor copies the index.
  auto x = torch::randn({64}, torch::kCUDA);
  auto idx = torch::arange(8);
  auto d = x.index({idx});
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:21: warning: indexing a CUDA tensor with a host index tensor{{.*}}[hostsync-host-to-device-copy]
  // index_put_ of a scalar through long indices: a blocking copy of the scalar.
  auto didx = torch::arange(8, torch::kCUDA);
  x.index_put_({didx}, 1.0);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:5: warning: index_put_ of a scalar through an index tensor{{.*}}[hostsync-host-to-device-copy]
}

void negatives() {
  auto h = torch::randn({64});
  // Pinned memory with non_blocking: asynchronous.
  auto a = h.pin_memory().to(torch::kCUDA, /*non_blocking=*/true);
  // Already on the GPU: .to(kCUDA) is a no-op.
  auto x = torch::randn({64}, torch::kCUDA);
  auto b = x.to(torch::kCUDA);
  auto c = x.cuda();
  // Factories with a CUDA device allocate on the GPU without a copy.
  auto z = torch::zeros({64}, torch::kCUDA);
  auto f = torch::full({4}, 2.0, torch::TensorOptions().device(torch::kCUDA));
  // A device index tensor, and a mask (hostsync-bool-mask-index's business).
  auto didx = torch::arange(8, torch::kCUDA);
  auto d = x.index({didx});
  x.index_put_({x > 0}, 0.0);
  // dtype casts.
  auto e = h.to(torch::kLong);
  (void)a; (void)b; (void)c; (void)z; (void)f; (void)d; (void)e;
}

struct Loader {
  explicit Loader(torch::Device d) : device_(d) {}
  torch::Device device_;
  torch::Tensor pageable;
  // A member device: a device is named, which one is decided elsewhere (no code here
  // constructs a Loader).
  torch::Tensor next() {
    return pageable.to(device_);
    // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:21: warning: 'to(device)' of a tensor that may be on the host, to a device that may be CUDA{{.*}}device: unknown ({{.*}})) [hostsync-host-to-device-copy]
  }
  torch::Tensor next_async() { return pageable.to(device_, /*non_blocking=*/true); }
};
