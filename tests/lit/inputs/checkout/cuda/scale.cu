// A .cu file: parsed as CUDA host code.
#include <cuda_runtime.h>
#include <vector>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

float first(float *dev, int n) {
  scale<<<(n + 255) / 256, 256>>>(dev, n);
  std::vector<float> host(n);
  cudaMemcpy(host.data(), dev, n * sizeof(float), cudaMemcpyDeviceToHost);
  return host[0];
}
