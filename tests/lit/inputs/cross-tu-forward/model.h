#pragma once
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(Net);

struct StageImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(Stage);

struct HostImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
};
TORCH_MODULE(Host);

torch::nn::Sequential make_pipeline();

// Every call in the project leaves `mask` empty; another program may pass one.
float masked_total(torch::Tensor x, torch::optional<torch::Tensor> mask = torch::nullopt);
