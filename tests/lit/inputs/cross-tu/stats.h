// Declared here, defined in stats.cpp, called from train.cpp: each file alone cannot tell
// where these tensors live.
#pragma once
#include <torch/torch.h>

float mean_of(const torch::Tensor &t);   // train.cpp passes a CUDA tensor
float cpu_mean(const torch::Tensor &t);  // train.cpp passes tensors moved with .cpu()
float never_called(const torch::Tensor &t);
float scale_at(const torch::Tensor &t, torch::Device device); // train.cpp passes kCPU
torch::Tensor make_on_gpu();             // returns a CUDA tensor
torch::Tensor make_on_host();            // returns a CPU tensor

class Meter {
public:
  explicit Meter(int n);  // stats.cpp: fills the buffer on the CPU
  float peek();           // train.cpp: reads it
private:
  torch::Tensor buffer_;
};
