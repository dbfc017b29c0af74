// Declared here, defined in fill.cpp, called from main.cpp: the containers main() owns are
// filled, and read through their data(), in another file.
#pragma once
#include <torch/torch.h>

void read_samples(std::vector<torch::Tensor> &out);
void read_host(std::vector<torch::Tensor> &out);
float sum_of(torch::Tensor *values, int n);

// A dataset that fills a tuple through a reference, defined in fill.cpp.
struct Frames {
  void get(size_t i, std::tuple<torch::Tensor, torch::Tensor> &frame);
  void get_gpu(size_t i, std::tuple<torch::Tensor, torch::Tensor> &frame);
};
