#include "model.h"

torch::Tensor NetImpl::forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }

torch::Tensor StageImpl::forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }

torch::Tensor HostImpl::forward(torch::Tensor x) { return x.sum().item<float>() > 0 ? x : -x; }

float masked_total(torch::Tensor x, torch::optional<torch::Tensor> mask) {
  return mask.has_value() ? mask.value().sum().item<float>() : x.sum().item<float>();
}
