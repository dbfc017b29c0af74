// A method called on a local object whose construction is in view runs its own body (the
// variable's type is the object's), with the members its constructor stored from this
// construction's arguments and its parameters bound to this call's arguments. A member
// another method stores into, and an object behind a pointer or reference, keep the
// class's summary (every construction, every override).
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out

class Dist {
public:
  Dist(const torch::Tensor *probs, const torch::Tensor *logits) {
    if (probs != nullptr)
      this->probs = *probs / probs->sum();
    else
      this->probs = torch::softmax(*logits, -1);
  }
  virtual ~Dist() = default;
  virtual torch::Tensor sample() { return torch::multinomial(probs, 1, true); }
  torch::Tensor scaled(torch::Tensor by) { return probs * by; }

private:
  torch::Tensor probs;
};

class Counter {
public:
  explicit Counter(torch::Tensor start) : total(start) {}
  void reset(torch::Tensor to) { total = to; }
  torch::Tensor value() { return total; }

private:
  torch::Tensor total;
};

float on_host() {
  float p[] = {0.5, 0.5};
  auto host = torch::from_blob(p, {2});
  auto dist = Dist(&host, nullptr);
  // Built from a CPU tensor, given a CPU tensor: on the CPU, no sync.
  float s = dist.sample().sum().item<float>();
  s += dist.scaled(torch::ones({2})).sum().item<float>();
  return s;
}

float on_gpu(const torch::Tensor &x, const torch::Tensor &host) {
  auto gpu = x.cuda();
  Dist dist(nullptr, &gpu);
  float s = dist.sample().sum().item<float>();
  // CHECK: object-construction.cpp:[[@LINE-1]]:33: warning: 'item'{{.*}}device: cuda
  Dist host_dist(&host, nullptr);
  s += host_dist.scaled(gpu).sum().item<float>();
  // CHECK: object-construction.cpp:[[@LINE-1]]:36: warning: 'item'{{.*}}device: cuda
  return s;
}

float through_pointer(Dist *d) {
  // Any object: the class's constructions, one of them on CUDA.
  return d->sample().sum().item<float>();
  // CHECK: object-construction.cpp:[[@LINE-1]]:28: warning: 'item'{{.*}}device: cuda
}

float counter(const torch::Tensor &x) {
  Counter c(torch::zeros({1}));
  // reset() stores into the member too: the class's stores decide, one of them on CUDA.
  return c.value().item<float>();
  // CHECK: object-construction.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}device: cuda
}

void elsewhere(Counter &c, const torch::Tensor &x) { c.reset(x.cuda()); }
