// A data member read through `this` has the device of every value the translation unit
// stores into it: made on the CPU and never moved, it is on the CPU; made on CUDA, it is
// on CUDA; taken from a parameter, it is unknown.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out

struct Sampler {
  Sampler(torch::Tensor weights, int64_t n)
      : weights(weights), order(torch::randperm(n)), seen(torch::zeros({1}, torch::kCUDA)) {}

  int64_t next_index(int64_t i) {
    // order: randperm without a device, on the CPU: item() costs no sync.
    return order[i].item<int64_t>();
  }
  float total_seen() {
    return seen.sum().item<float>();
    // CHECK: member-device.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: cuda
  }
  float total_weight() {
    return weights.sum().item<float>();
    // CHECK: member-device.cpp:[[@LINE-1]]:26: warning: 'item'{{.*}}device: unknown
  }
  void reset() { seen = torch::zeros({1}, torch::kCUDA); }

  torch::Tensor weights, order, seen;
};

// Members stored from each other are a cycle, summarised as a least fixed point: here every
// store starts from a CPU tensor, so neither syncs (an unbounded chain used to give up).
class LogProbs {
  torch::Tensor probs_, logits_;

public:
  explicit LogProbs(const torch::Tensor &x) {
    probs_ = x.cpu().softmax(-1);
    logits_ = torch::log(probs_);
    probs_ = torch::exp(logits_);
  }
  float first() { return logits_[0].item<float>(); }
};

class CudaLogProbs {
  torch::Tensor probs_, logits_;

public:
  explicit CudaLogProbs(const torch::Tensor &x) {
    probs_ = x.cuda().softmax(-1);
    logits_ = torch::log(probs_);
    probs_ = torch::exp(logits_);
  }
  float first() { return logits_[0].item<float>(); }
  // CHECK: member-device.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'item'{{.*}}device: cuda
};

// A device held through a pointer member and named by its string (`device_->str()`): the
// device stored into the member.
class Mover {
  torch::Device *device_;

public:
  explicit Mover(bool gpu) { device_ = new torch::Device(torch::kCUDA); }
  float first(const torch::Tensor &x) { return x.to(device_->str())[0].item<float>(); }
  // CHECK: member-device.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'item'{{.*}}device: cuda
};

class HostMover {
  torch::Device *device_ = new torch::Device(torch::kCPU);

public:
  float first(const torch::Tensor &x) { return x.to(device_->str())[0].item<float>(); }
};
