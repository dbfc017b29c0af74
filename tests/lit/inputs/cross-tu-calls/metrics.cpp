#include "metrics.h"

double mean_value(const torch::Tensor &t) { return t.mean().item<double>(); }
