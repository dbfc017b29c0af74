// REQUIRES: cuda-stand-in
// RUN: %lint --strict --checks='-*,hostsync-thrust-host-result,hostsync-thrust-sync-policy' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' < %t.out
// Every diagnostic line, the untagged notes too: a stray note changes the number.
// RUN: %count-diagnostics %t.out | FileCheck %s --check-prefix=LINES
// LINES: {{^}}4{{$}}
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}2{{$}}
// Code written for Thrust 1.x under nvcc (MinkowskiEngine's coordinate maps): its CUDA back
// end includes all of Thrust with any of its headers, so thrust::remove_if and
// thrust::device are used after <thrust/count.h> alone. Under hostsync's stand-in (Thrust's
// C++ back end), each algorithm header is served as itself followed by all of them, and the
// file parses whole (--strict: gaps would exit 3). CCCL 3 (CUDA 13) no longer does this: with
// its real headers, such code does not compile with nvcc either.
#include <thrust/count.h>

struct IsZero {
  __host__ __device__ bool operator()(int x) const { return x == 0; }
};

int compact(int *d_keys, int n) {
  thrust::sort(thrust::device, d_keys, d_keys + n);
  // CHECK-DAG: thrust-stand-in-includes.cu:[[@LINE-1]]:11: warning: 'thrust::sort' with a synchronous execution policy{{.*}}[hostsync-thrust-sync-policy]
  int *end = thrust::remove_if(thrust::device, d_keys, d_keys + n, IsZero());
  // CHECK-DAG: thrust-stand-in-includes.cu:[[@LINE-1]]:22: warning: 'thrust::remove_if' on device data returns the end of its output{{.*}}[hostsync-thrust-host-result]
  return static_cast<int>(end - d_keys);
}
