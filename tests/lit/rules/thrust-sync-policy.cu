// RUN: %lint --checks='-*,hostsync-thrust-sync-policy' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}7{{$}}
// Thrust from Debian's libthrust-dev (or the CUDA toolkit's, with a Clang that reads it).
#include <cuda_runtime.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <vector>

struct Twice {
  __host__ __device__ float operator()(float x) const { return 2 * x; }
};

void positives(thrust::device_vector<float> &dv, thrust::device_vector<float> &out, int steps) {
  for (int s = 0; s < steps; ++s) {
    thrust::transform(dv.begin(), dv.end(), out.begin(), Twice());
    // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:13: warning: 'thrust::transform' with a synchronous execution policy{{.*}}(hot: {{.*}}) [hostsync-thrust-sync-policy]
    thrust::sort(thrust::device, out.begin(), out.end());
    // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:13: warning: 'thrust::sort' with a synchronous{{.*}}[hostsync-thrust-sync-policy]
  }
  thrust::fill(dv.begin(), dv.end(), 0.0f);
  // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:11: warning: 'thrust::fill' with a synchronous{{.*}}[hostsync-thrust-sync-policy]
  thrust::inclusive_scan(thrust::device, dv.begin(), dv.end(), out.begin());
  // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:11: warning: 'thrust::inclusive_scan' with a synchronous{{.*}}[hostsync-thrust-sync-policy]
  thrust::copy(dv.begin(), dv.end(), out.begin());
  // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:11: warning: 'thrust::copy' with a synchronous{{.*}}[hostsync-thrust-sync-policy]
}

// Under thrust::device a raw pointer is device memory; a counting iterator belongs to no
// system, so an algorithm over it alone runs on the device.
struct Store {
  int *out;
  __host__ __device__ void operator()(int i) const { out[i] = i; }
};
void pointers(int *d_keys, int n) {
  thrust::sort(thrust::device, d_keys, d_keys + n);
  // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:11: warning: 'thrust::sort' with a synchronous{{.*}}[hostsync-thrust-sync-policy]
  thrust::counting_iterator<int> first(0);
  thrust::for_each(first, first + n, Store{d_keys});
  // CHECK-DAG: thrust-sync-policy.cu:[[@LINE-1]]:11: warning: 'thrust::for_each' with a synchronous{{.*}}[hostsync-thrust-sync-policy]
}

void negatives(thrust::device_vector<float> &dv, cudaStream_t stream) {
  // Host data, host policies: no GPU to wait for.
  thrust::host_vector<float> hv(16);
  thrust::sequence(hv.begin(), hv.end());
  std::vector<float> v(16);
  thrust::sort(thrust::host, v.begin(), v.end());
  int *raw = new int[16];
  thrust::sort(thrust::host, raw, raw + 16); // thrust::host: host pointers
  thrust::sort(raw, raw + 16);               // no policy, raw pointers: the host's
  thrust::counting_iterator<int> first(0);
  thrust::copy(first, first + 16, hv.begin()); // into host memory
  delete[] raw;
  // A copy into or out of host memory: a transfer (the host-result rule's, or the host's own
  // data going up), not this rule's.
  thrust::copy(dv.begin(), dv.end(), hv.begin());
  thrust::copy(hv.begin(), hv.end(), dv.begin());
}

// The fix: par_nosync, with the stream; one synchronization where the host needs the data.
// (Its header needs the CUDA back end: with hostsync's stand-in CUDA header it does not
// parse, and the statements below are left out rather than reported.)
#include <thrust/system/cuda/execution_policy.h>
void fixed(thrust::device_vector<float> &dv, thrust::device_vector<float> &out,
           cudaStream_t stream) {
  thrust::transform(thrust::cuda::par_nosync.on(stream), dv.begin(), dv.end(), out.begin(),
                    Twice());
  thrust::sort(thrust::cuda::par_nosync.on(stream), out.begin(), out.end());
  cudaStreamSynchronize(stream);
}
