#include "fill.h"

void read_samples(std::vector<torch::Tensor> &out) {
  auto store = [&]() { out.push_back(torch::ones({2}).cuda()); };
  store();
}

void read_host(std::vector<torch::Tensor> &out) { out.push_back(torch::zeros({2})); }

float sum_of(torch::Tensor *values, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += values[i].sum().item<float>();
  return s;
}

void Frames::get(size_t i, std::tuple<torch::Tensor, torch::Tensor> &frame) {
  frame = {torch::ones({2}), torch::full({1}, static_cast<int64_t>(i))};
}

void Frames::get_gpu(size_t i, std::tuple<torch::Tensor, torch::Tensor> &frame) {
  frame = std::make_tuple(torch::ones({2}).cuda(), torch::zeros({1}));
}
