#include "ops.h"

// The extension's entry point, bound for Python: its input's device is the caller's.
at::Tensor roi(const at::Tensor &input, int64_t k) {
  if (input.is_cuda()) {
#ifdef WITH_CUDA
    return roi_cuda(input, k);
#else
    AT_ERROR("Not compiled with GPU support");
#endif
  }
  return roi_cpu(input, k);
}
