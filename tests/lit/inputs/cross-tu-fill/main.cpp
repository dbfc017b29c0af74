#include "fill.h"

int main() {
  std::vector<torch::Tensor> gpu, host;
  read_samples(gpu);
  read_host(host);
  float s = sum_of(gpu.data(), 1);
  s += gpu[0].sum().item<float>();
  s += host[0].sum().item<float>();
  return s > 0;
}
