// A sync that exists only when READ_BACK is defined.
#include <torch/torch.h>
float step(torch::Tensor loss) {
  float v = 0;
#ifdef READ_BACK
  v = loss.sum().item<float>();
#endif
  return v;
}
