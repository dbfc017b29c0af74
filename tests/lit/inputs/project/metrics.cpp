#include <vector>
#include <torch/torch.h>

#include "model.h"

float accuracy(const torch::Tensor &logits, const torch::Tensor &labels) {
  auto right = (logits.argmax(1) == labels).nonzero();
  return static_cast<float>(right.size(0)) / labels.size(0);
}
