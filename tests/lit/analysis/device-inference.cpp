// Where a tensor lives decides whether item() syncs. Host tensors are never reported,
// CUDA tensors are "cuda", unknown ones "unknown" (or "assumed" / "cpu" by option).
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,DEFAULT --implicit-check-not='warning:' < %t.out
// RUN: %lint --checks='-*,hostsync-item' --assume-device=cuda %s -- %pch > %t.cuda; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,ASSUME --implicit-check-not='warning:' < %t.cuda
// RUN: %lint --checks='-*,hostsync-item' --assume-device=cpu %s -- %pch > %t.cpu; test $? -eq 1
// RUN: FileCheck %s --check-prefix=CHECK --implicit-check-not='warning:' < %t.cpu

struct Model {
  torch::Tensor weight;
};

void host_values(float *buffer) {
  auto a = torch::zeros({3});                       // no device: host
  auto b = torch::from_blob(buffer, {3});           // from_blob without a device: host
  auto c = torch::ones({3}, torch::kCUDA).cpu();    // moved to the host
  auto d = torch::ones({3}, torch::kCUDA).to(torch::kCPU);
  auto e = torch::zeros_like(a) + a * 2;            // derived from host tensors
  auto f = torch::arange(3, torch::TensorOptions().dtype(torch::kLong));
  float s = a.sum().item<float>() + b.sum().item<float>() + c.sum().item<float>() +
            d.sum().item<float>() + e.sum().item<float>() + f.sum().item<float>();
  (void)s;
}

void cuda_values() {
  auto dev = torch::Device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto a = torch::zeros({3}, dev);
  float x = a.sum().item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:21: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
  auto b = torch::ones({3}).cuda();
  float y = b.sum().item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:21: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
  auto opts = torch::TensorOptions().device(torch::kCUDA, 0);
  auto c = torch::randn({3}, opts);
  auto d = torch::ones({3}).to(c.device());
  float z = d.sum().item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:21: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
  (void)x; (void)y; (void)z;
}

void flow() {
  // The value at the use decides: first on the GPU, then moved to the host.
  auto t = torch::ones({3}, torch::kCUDA);
  float a = t.sum().item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:21: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
  t = t.cpu();
  float b = t.sum().item<float>();
  // And the other way round.
  auto u = torch::ones({3});
  float c = u.sum().item<float>();
  u = u.to(torch::kCUDA);
  float d = u.sum().item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:21: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
  (void)a; (void)b; (void)c; (void)d;
}

float guarded(torch::Tensor t) {
  if (t.is_cpu())
    return t.sum().item<float>();  // host: silent
  if (t.is_cuda()) {
    float v = t.sum().item<float>();
    // CHECK: device-inference.cpp:[[@LINE-1]]:23: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
    return v;
  }
  return 0;
}

float early_return(torch::Tensor t) {
  if (!t.device().is_cuda())
    return 0;
  return t.sum().item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:18: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
}

float unknown(torch::Tensor param, const Model &m) {
  float a = param.sum().item<float>();
  // DEFAULT: device-inference.cpp:[[@LINE-1]]:25: warning: {{.*}}device: unknown ({{.*}})) [hostsync-item]
  // ASSUME: device-inference.cpp:[[@LINE-2]]:25: warning: {{.*}}device: assumed ({{.*}})) [hostsync-item]
  float b = m.weight.sum().item<float>();
  // DEFAULT: device-inference.cpp:[[@LINE-1]]:28: warning: {{.*}}device: unknown ({{.*}})) [hostsync-item]
  // ASSUME: device-inference.cpp:[[@LINE-2]]:28: warning: {{.*}}device: assumed ({{.*}})) [hostsync-item]
  return a + b;
}

torch::Device pick_device();

float device_from_a_function(float *buffer) {
  // A device returned by a user function could be CUDA: the copy's source is a host tensor,
  // its target unknown, so the item() after it is "unknown", never silently "host".
  torch::Device device = pick_device();
  auto t = torch::ones({3}).to(device);
  return t.sum().item<float>();
  // DEFAULT: device-inference.cpp:[[@LINE-1]]:18: warning: {{.*}}device: unknown ({{.*}})) [hostsync-item]
  // ASSUME: device-inference.cpp:[[@LINE-2]]:18: warning: {{.*}}device: assumed ({{.*}})) [hostsync-item]
}

float part_of_an_ops_tuple() {
  // std::get of the tuple an op returns (sort, max over a dim, topk): where the op's inputs
  // are, here CUDA; of a host tensor's sort, the host.
  auto scores = torch::rand({16}, torch::kCUDA);
  auto order = std::get<1>(scores.sort(0, /*descending=*/true));
  auto host_order = std::get<1>(torch::rand({16}).sort(0));
  return order[0].item<float>() + host_order[0].item<float>();
  // CHECK: device-inference.cpp:[[@LINE-1]]:19: warning: {{.*}}device: cuda ({{.*}})) [hostsync-item]
}
