#include "ops.h"

at::Tensor roi_cpu(const at::Tensor &input, int64_t k) {
  auto count = input.gt(0).sum().item<int64_t>();
  return input.nonzero().slice(0, 0, count + k);
}
