// RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}19{{$}}

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
  // Options that name a device that may be CUDA: a parameter's options, a device parameter.
  auto wl = torch::tensor({0.1, 0.9}, batch.options());
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:20: warning: building a tensor on a device that may be CUDA from host values{{.*}}device: unknown ({{.*}})) [hostsync-host-to-device-copy]
  std::vector<int64_t> steps = {1, 2, 3};
  auto ts = torch::tensor(steps, torch::TensorOptions().device(device).dtype(torch::kLong));
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:20: warning: building a tensor on a device that may be CUDA{{.*}}[hostsync-host-to-device-copy]
  // Indexing a CUDA tensor with a host index tensor copies the index.
  auto x = torch::randn({64}, torch::kCUDA);
  auto idx = torch::arange(8);
  auto d = x.index({idx});
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:21: warning: indexing a CUDA tensor with a host index tensor{{.*}}[hostsync-host-to-device-copy]
  // index_put_ of a scalar through long indices: a blocking copy of the scalar.
  auto didx = torch::arange(8, torch::kCUDA);
  x.index_put_({didx}, 1.0);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:5: warning: index_put_ of a scalar through an index tensor{{.*}}[hostsync-host-to-device-copy]
  // index_put_ of a scalar into one element (as many integers as the rank): the scalar is
  // made on the host and copied.
  auto rot = torch::empty({3, 3}, torch::kCUDA);
  rot.index_put_({0, 1}, 0.5f);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:7: warning: index_put_ of a scalar into one element of a CUDA tensor{{.*}}[hostsync-host-to-device-copy]
}

// A device read from a container (data-parallel code's list of GPUs) names a device all the
// same: a host tensor moved to it is a copy that may be a blocking one.
void devices_from_containers(torch::optional<std::vector<torch::Device>> devices,
                             std::vector<torch::Device> gpus, int rank) {
  auto one = torch::zeros({1}).to(devices->front());
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:32: warning: 'to(device)'{{.*}}device: unknown (a device read from a container or a call{{.*}}[hostsync-host-to-device-copy]
  auto two = torch::ones({2}).to(gpus[rank]);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:31: warning: 'to(device)'{{.*}}[hostsync-host-to-device-copy]
  // Not a device: a dtype read from a container.
  std::vector<torch::ScalarType> types{torch::kFloat};
  auto cast = torch::ones({2}).to(types[0]);
  (void)one, (void)two, (void)cast;
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
  // torch::tensor on the host: the values may read a CUDA tensor's size, the options name
  // the CPU or no device.
  auto sz = torch::tensor({x.size(0)}, torch::kLong);
  auto hv = torch::tensor({1.f, 2.f}, h.options());
  auto plain = torch::tensor({1.f, 2.f});
  // Fewer integers than the rank: a row filled on the device; a host tensor's element.
  auto grid = torch::zeros({3, 3}, torch::kCUDA);
  grid.index_put_({1}, 2.0);
  grid.index_put_({true, 1}, 2.0);
  h.index_put_({3}, 1.0);
  (void)a; (void)b; (void)c; (void)z; (void)f; (void)d; (void)e; (void)sz; (void)hv; (void)plain;
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

// Moves of tensors already on CUDA are no-ops (issue 36): a mask moved to CUDA earlier in
// the function, a function's result made on CUDA, randn_like of a CUDA tensor, cat of CUDA
// slices, a bool -> float cast on the same device, a tensor checked to be on CUDA, options
// of a CUDA tensor.
static torch::Tensor scores_on_gpu(const torch::Tensor &boxes) {
  return boxes.select(1, 4).sigmoid();
}
void noop_moves(torch::Tensor input, torch::Device device) {
  auto boxes = torch::rand({16, 5}, torch::kCUDA);
  auto mask = (boxes.select(1, 4) > 0.5).to(torch::kCUDA);
  auto again = mask.to(torch::kCUDA);
  auto weights = mask.to(torch::kFloat).to(device);
  auto scores = scores_on_gpu(boxes).to(torch::kCUDA);
  auto noise = torch::randn_like(boxes).to(device);
  auto joined = torch::cat({boxes.slice(0, 0, 8), boxes.slice(0, 8, 16)}).cuda();
  auto like = torch::zeros({16}, boxes.options()).to(boxes.device());
  TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
  auto checked = input.to(device);
  auto cast = input.to(input.options().dtype(torch::kHalf));
  (void)again; (void)weights; (void)scores; (void)noise; (void)joined; (void)like;
  (void)checked; (void)cast;
}

// Element copies across devices (issue 36): an element or slice of a CUDA tensor assigned
// from a host tensor is a blocking host-to-device copy per assignment.
void element_copies(torch::Tensor unknown) {
  auto targets = torch::zeros({8, 5}, torch::kCUDA);
  auto row = torch::tensor({0.f, 1.f, 2.f, 3.f, 4.f});
  for (int64_t i = 0; i < 8; ++i)
    targets[i] = row;
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:16: warning: assigning a host tensor into an element or slice of a CUDA tensor{{.*}}device: cuda ({{.*}})) [hostsync-host-to-device-copy]
  unknown[0] = row;
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:14: warning: assigning a host tensor into an element or slice of a tensor that may be on CUDA{{.*}}device: unknown
  auto host = torch::zeros({8, 5});
  host[0] = row;
  targets[1] = targets[2];
  targets[3] = 1.0;
}

// A move to the device of a tensor of one origin copies nothing, wherever that device is
// (issue 51): `zeros_like` of a tensor and an op's result of it are both where it is. One of
// another origin, or a factory's tensor, may be elsewhere: those are copies.
torch::Tensor moves_to_its_own_device(torch::Tensor scores, torch::Tensor other, int64_t k) {
  torch::Tensor objectness, order;
  objectness = torch::cat({scores, scores}, 0);
  order = std::get<1>(torch::topk(objectness, k, 0, true, true));
  auto mask = torch::zeros_like(objectness, torch::TensorOptions().dtype(torch::kUInt8))
                  .to(order.device());
  auto cast = scores.to(torch::kFloat).to(scores.device());
  auto like = torch::ones_like(scores).to(scores);
  auto copied = other.to(scores.device());
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:23: warning: 'to(device)' of a tensor that may be on the host, to a device that may be CUDA{{.*}}[hostsync-host-to-device-copy]
  auto made = torch::zeros({3}).to(scores.device());
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:33: warning: 'to(device)' of a tensor that may be on the host{{.*}}[hostsync-host-to-device-copy]
  return mask + cast + like + copied + made;
}

// A member read twice in one full-expression whose calls are all LibTorch's is one value
// (no call of the project's may assign it in between); across a call of the project's, or
// in two statements, it is two.
struct Anchors {
  torch::Tensor anchors_;
  void refresh();
  torch::Tensor refreshed() {
    refresh();
    return anchors_;
  }
  torch::Tensor moves() {
    auto same = torch::zeros_like(anchors_).to(anchors_.device());
    auto across = refreshed().to(anchors_.device());
    // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:31: warning: 'to(device)' of a tensor that may be on the host{{.*}}[hostsync-host-to-device-copy]
    auto first = torch::zeros_like(anchors_);
    refresh();
    auto later = first.to(anchors_.device());
    // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:24: warning: 'to(device)' of a tensor that may be on the host{{.*}}[hostsync-host-to-device-copy]
    return same + across + later;
  }
};

// A tensor of no element (a factory sized with a literal 0) is copied by nothing: copy_
// returns at once (maskrcnn-benchmark.cpp's mask loss without a positive box).
torch::Tensor empty_moves(torch::Device device, int64_t n) {
  auto none = torch::empty({0}).to(torch::kF32).to(device);
  auto rows = torch::zeros({0, 4}).cuda();
  auto some = torch::zeros({n}).to(device);
  // CHECK-DAG: host-to-device-copy.cpp:[[@LINE-1]]:33: warning: 'to(device)' of a tensor that may be on the host{{.*}}[hostsync-host-to-device-copy]
  return none + rows + some;
}
