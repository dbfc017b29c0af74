#pragma once
#include <torch/torch.h>

// Defined in metrics.cpp: reads its tensor's value on the host.
double mean_value(const torch::Tensor &t);
