#include "stats.h"

float mean_of(const torch::Tensor &t) { return t.mean().item<float>(); }

float cpu_mean(const torch::Tensor &t) { return t.mean().item<float>(); }

float never_called(const torch::Tensor &t) { return t.max().item<float>(); }

float scale_at(const torch::Tensor &t, torch::Device device) {
  return t.to(device).sum().item<float>();
}

torch::Tensor make_on_gpu() { return torch::ones({4}, torch::kCUDA); }

torch::Tensor make_on_host() { return torch::ones({4}); }

Meter::Meter(int n) : buffer_(torch::zeros({n})) {}
