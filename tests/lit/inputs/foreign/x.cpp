// Built with a flag that stops it (as a generated config would): --remove-arg drops it.
#ifdef HOSTSYNC_BREAK
#error built with -DHOSTSYNC_BREAK
#endif
#include <cuda_runtime.h>

void wait_for_gpu() {
  cudaDeviceSynchronize();
}
