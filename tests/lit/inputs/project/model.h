#ifndef PROJECT_MODEL_H
#define PROJECT_MODEL_H
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(const torch::Tensor &x);
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

float accuracy(const torch::Tensor &logits, const torch::Tensor &labels);

#endif
