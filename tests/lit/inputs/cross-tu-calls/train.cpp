#include "fast_metrics.h"
#include "metrics.h"

void train(torch::nn::Linear &model, int steps) {
  auto x = torch::randn({8, 4}, torch::kCUDA);
  for (int i = 0; i < steps; ++i) {
    auto out = model->forward(x);
    double m = mean_value(out) + max_value(out);
    (void)m;
  }
  double host = mean_value(torch::zeros({4}));
  (void)host;
}
