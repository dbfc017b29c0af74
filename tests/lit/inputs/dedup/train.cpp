#include "shared.h"
float train(torch::Tensor loss) {
  float total = 0;
  for (int i = 0; i < 10; ++i)
    total += read_loss(loss);
  return total;
}
