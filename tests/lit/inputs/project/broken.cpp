#include <torch/torch.h>
#include "not_written_yet.h"

float broken_mean(const torch::Tensor &t) {
  for (auto &row : undeclared_rows(t))
    total += row.mean().item<float>();
  return t.mean().item<float>();
}
