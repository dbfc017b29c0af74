#include <cupti.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
static void CUPTIAPI req(uint8_t **b, size_t *s, size_t *m) { *b = (uint8_t*)aligned_alloc(8, 1<<20); *s = 1<<20; *m = 0; }
static void CUPTIAPI done(CUcontext, uint32_t, uint8_t *b, size_t, size_t) { free(b); }
int main() {
  cudaFree(0);
  cuptiActivityRegisterCallbacks(req, done);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION);
  const int n = 1000000;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    uint64_t id;
    cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2, i);
    cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2, &id);
  }
  double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
  // A cheap runtime call with and without an id pushed, for scale.
  int dev;
  t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 100000; ++i) cudaGetDevice(&dev);
  double call = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / 100000;
  t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 100000; ++i) { uint64_t id; cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2, i); cudaGetDevice(&dev); cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2, &id); }
  double callp = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / 100000;
  printf("push+pop %.1f ns; cudaGetDevice %.1f ns, with an id pushed %.1f ns\n", ns, call, callp);
  cuptiActivityFlushAll(0);
}
