#pragma once
#include <torch/torch.h>

// A header-only helper (third-party, say): reads its tensor's maximum on the host.
inline double max_value(const torch::Tensor &t) { return t.max().item<double>(); }
