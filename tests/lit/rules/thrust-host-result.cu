// RUN: %lint --checks='-*,hostsync-thrust-host-result' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}9{{$}}
// Thrust from Debian's libthrust-dev (or the CUDA toolkit's, with a Clang that reads it).
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/sort.h>
#include <thrust/unique.h>
#include <vector>

float positives(thrust::device_vector<float> &dv, int steps) {
  float total = 0;
  for (int s = 0; s < steps; ++s) {
    total += thrust::reduce(dv.begin(), dv.end());
    // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:22: warning: 'thrust::reduce' on device data returns its result to the host{{.*}}(hot: {{.*}}) [hostsync-thrust-host-result]
  }
  long c = thrust::count(thrust::device, dv.begin(), dv.end(), 1.0f);
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:20: warning: 'thrust::count' on device data{{.*}}[hostsync-thrust-host-result]
  auto largest = thrust::max_element(dv.begin(), dv.end());
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:26: warning: 'thrust::max_element' on device data{{.*}}[hostsync-thrust-host-result]
  float first = dv[0];
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:17: warning: reading or writing one element of a thrust::device_vector{{.*}}[hostsync-thrust-host-result]
  std::vector<float> host(dv.size());
  thrust::copy(dv.begin(), dv.end(), host.begin());
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:11: warning: 'thrust::copy' from device memory into host memory{{.*}}[hostsync-thrust-host-result]
  thrust::host_vector<float> hv = dv;
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:35: warning: building a host vector from device data{{.*}}[hostsync-thrust-host-result]
  return total + c + first + (largest - dv.begin());
}

// Algorithms whose output's length depends on the data: the end they return holds the count.
// Under thrust::device a raw pointer is device memory.
struct IsNegative {
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};
int lengths(int *keys, int *values, int *out_keys, int *out_values, int n) {
  int *end = thrust::unique(thrust::device, keys, keys + n);
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:22: warning: 'thrust::unique' on device data returns the end of its output{{.*}}[hostsync-thrust-host-result]
  int *kept = thrust::remove_if(thrust::device, values, values + n, IsNegative());
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:23: warning: 'thrust::remove_if' on device data returns the end{{.*}}[hostsync-thrust-host-result]
  auto ends = thrust::reduce_by_key(thrust::device, keys, keys + n, values, out_keys, out_values);
  // CHECK-DAG: thrust-host-result.cu:[[@LINE-1]]:23: warning: 'thrust::reduce_by_key' on device data returns the end{{.*}}[hostsync-thrust-host-result]
  return (end - keys) + (kept - values) + (ends.first - out_keys);
}

void negatives(thrust::device_vector<float> &dv, thrust::device_vector<float> &other,
               thrust::host_vector<float> &hv) {
  // Results that stay on the device.
  thrust::sort(dv.begin(), dv.end());
  thrust::copy(dv.begin(), dv.end(), other.begin());
  // Host data: no device involved.
  float h = thrust::reduce(hv.begin(), hv.end());
  std::vector<float> v(4, 1.0f);
  long n = thrust::count(thrust::host, v.begin(), v.end(), 1.0f);
  auto last = thrust::unique(thrust::host, v.begin(), v.end());
  auto kept = thrust::remove_if(v.begin(), v.end(), [](float x) { return x < 0; });
  (void)h;
  (void)n;
  (void)last;
  (void)kept;
}
