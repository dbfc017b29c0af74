// RUN: %lint --checks='-*,hostsync-device-to-host-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}9{{$}}

void positives(torch::Tensor logits) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto a = x.cpu();
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:14: warning: 'cpu' copies a CUDA tensor to the host{{.*}}device: cuda ({{.*}})) [hostsync-device-to-host-copy]
  auto b = x.to(torch::kCPU);
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:14: warning: 'to(kCPU)' copies a CUDA tensor{{.*}}[hostsync-device-to-host-copy]
  torch::Device cpu_device("cpu");
  auto c = logits.argmax(1).to(cpu_device);
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:29: warning: 'to(kCPU)' copies a tensor that may be on CUDA{{.*}}device: unknown ({{.*}})) [hostsync-device-to-host-copy]
  auto host = torch::empty({64});
  host.copy_(x);
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:8: warning: 'copy_' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
  auto d = x.to(torch::TensorOptions().device(torch::kCPU).dtype(torch::kFloat));
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-device-to-host-copy]
}

void negatives(torch::Tensor logits) {
  auto x = torch::randn({64}, torch::kCUDA);
  // Asynchronous copies (the value must not be read before a sync).
  auto a = x.to(torch::kCPU, /*non_blocking=*/true);
  auto pinned = torch::empty({64}, torch::TensorOptions().pinned_memory(true));
  pinned.copy_(x, /*non_blocking=*/true);
  // dtype casts are not copies to the host.
  auto b = x.to(torch::kLong);
  auto c = logits.to(torch::kHalf);
  // Copies between host tensors, and to the GPU.
  auto h = torch::randn({64});
  auto d = h.cpu();
  auto e = h.to(torch::kCUDA, /*non_blocking=*/true);
  (void)a; (void)b; (void)c; (void)d; (void)e;
}

// Element copies across devices (issue 36): an element or slice of a host tensor assigned
// from a CUDA tensor is a copy_ per assignment. Assigning to a variable rebinds it (no copy);
// a scalar assigned is a fill; host to host and CUDA to CUDA copy nothing across.
void element_copies(torch::Tensor unknown) {
  auto boxes = torch::rand({16, 4}, torch::kCUDA);
  auto kept = torch::zeros({16, 4});
  for (int64_t i = 0; i < 16; ++i) {
    kept[i] = boxes[i];
    // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:13: warning: assigning a CUDA tensor into an element or slice of a host tensor{{.*}}device: cuda ({{.*}})) [hostsync-device-to-host-copy]
    kept.slice(0, i, i + 1) = unknown.select(0, i);
    // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:29: warning: assigning a tensor that may be on CUDA into an element or slice of a host tensor{{.*}}device: unknown
  }
  auto host = torch::ones({16, 4});
  kept[0] = host[1];
  kept[1] = 0.5;
  auto gpu_copy = torch::zeros({16, 4}, torch::kCUDA);
  gpu_copy[2] = boxes[3];
  torch::Tensor rebound;
  rebound = boxes[0];
  (void)rebound;
}

// A host tensor filled with a tensor value: LibTorch reads the value with .item() first (a
// sync when it is on CUDA). A number, a value on the host, or a CUDA tensor filled stays silent.
void fills(torch::Tensor unknown) {
  auto logits = torch::randn({1, 32}, torch::kCUDA);
  auto next = std::get<1>(logits.max(1));
  auto token = torch::ones({1, 1}).fill_(next);
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:36: warning: 'fill_' of a host tensor with a CUDA tensor reads the value to the host{{.*}}[hostsync-device-to-host-copy]
  auto maybe = torch::ones({1}).fill_(unknown);
  // CHECK-DAG: device-to-host-copy.cpp:[[@LINE-1]]:33: warning: 'fill_' of a host tensor with a tensor that may be on CUDA{{.*}}device: unknown
  torch::ones({1}).fill_(3);
  torch::ones({1}).fill_(torch::zeros({}));
  torch::ones({1}, torch::kCUDA).fill_(next);
  (void)token; (void)maybe;
}
