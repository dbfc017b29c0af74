#pragma once
#include <torch/torch.h>

at::Tensor roi_cpu(const at::Tensor &input, int64_t k);
at::Tensor roi_cuda(const at::Tensor &input, int64_t k);
