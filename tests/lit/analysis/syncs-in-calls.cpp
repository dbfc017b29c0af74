// Syncs inside calls (docs/lint.md, "Syncs inside calls"): a call of a project function
// that syncs is where the program waits. It gets a finding of the callee's rule, ranked by
// the caller's loop, naming the callee and the sync inside it; the callee's own finding stays
// (hottest call's rank), each links to the other, the call's is a note (counted once). A callee that syncs on its parameter makes a
// call sync only where that argument is on CUDA; one that syncs whatever its arguments
// makes every call sync. Chains of calls are followed; a copy to CUDA (which syncs when its
// source is on the host) and a NOLINT at the call make no call finding.
// RUN: %lint --checks='-*,hostsync-item,hostsync-explicit-sync,hostsync-host-to-device-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// RUN: %lint --checks='-*,hostsync-item,hostsync-explicit-sync,hostsync-host-to-device-copy' --format=json %s -- %pch > %t.json; test $? -eq 1
// RUN: %python %inputs/print_related.py json %t.json | FileCheck %s --check-prefix=JSON
// RUN: %lint --checks='-*,hostsync-item,hostsync-explicit-sync,hostsync-host-to-device-copy' --format=sarif %s -- %pch > %t.sarif; test $? -eq 1
// RUN: %python %inputs/print_related.py sarif %t.sarif | FileCheck %s --check-prefix=SARIF

// A helper of this file that reads its parameter: syncs where a CUDA tensor is passed.
static float to_float(const torch::Tensor &t) { return t.item<float>(); }
// CHECK-DAG: syncs-in-calls.cpp:[[@LINE-1]]:58: warning: 'item'{{.*}}device: cuda
// CHECK-DAG: syncs-in-calls.cpp:21:52: note: reached from this call in log_loss (hot: called in a loop in train())

// One level up: a project function that passes its own parameter on.
float log_loss(const torch::Tensor &loss) { return to_float(loss); }
// CHECK-DAG: syncs-in-calls.cpp:[[@LINE-1]]:52: note: the call of `to_float()` waits for the GPU: 'item' at syncs-in-calls.cpp:16 syncs in it, on the CUDA tensor this call passes (hot: called in a loop in train(); device: cuda (its argument `loss`: {{.*}})) [hostsync-item]
// CHECK-DAG: syncs-in-calls.cpp:[[@LINE-2]]:52: note: fix: the wait is in `to_float()`: Keep the value on the GPU
// CHECK-DAG: syncs-in-calls.cpp:16:58: note: the sync in `to_float()`: 'item'

// Syncs whatever its arguments.
void sync_all() { torch::cuda::synchronize(); }
// CHECK-DAG: syncs-in-calls.cpp:[[@LINE-1]]:32: note: 'torch::cuda::synchronize'

// A copy to CUDA syncs when its source is on the host: a CUDA argument makes no call sync.
torch::Tensor upload(const torch::Tensor &t) { return t.to(torch::kCUDA); }
// (Its own finding: none, since every caller passes a CUDA tensor.)

void train(torch::nn::Linear &model) {
  auto x = torch::randn({8, 4}, torch::kCUDA);
  for (int i = 0; i < 100; ++i) {
    auto loss = model->forward(x).sum();
    log_loss(loss);
    // CHECK-DAG: syncs-in-calls.cpp:[[@LINE-1]]:5: note: the call of `log_loss()` waits for the GPU: the call of `to_float()` at syncs-in-calls.cpp:21 syncs in it, on the CUDA tensor this call passes (hot: inside a loop; device: cuda (its argument `loss`: `torch::kCUDA` at line 35)) [hostsync-item]
    // CHECK-DAG: syncs-in-calls.cpp:21:52: note: the sync in `log_loss()`: the call of `to_float()`
    // CHECK-DAG: syncs-in-calls.cpp:[[@LINE-3]]:5: note: fix: the wait is in `to_float()`: Keep
    to_float(torch::ones({1})); // a host tensor: no sync, no finding
    upload(x);                  // already on CUDA: no copy, no finding
    sync_all();
    // CHECK-DAG: syncs-in-calls.cpp:[[@LINE-1]]:5: note: the call of `sync_all()` waits for the GPU: 'torch::cuda::synchronize' at syncs-in-calls.cpp:27 syncs in it (hot: inside a loop; device: cuda (in `sync_all()`: the op syncs on CUDA whatever its input)) [hostsync-explicit-sync]
    // CHECK-DAG: syncs-in-calls.cpp:[[@LINE-2]]:5: note: reached from this call in train (hot: inside a loop)
    sync_all(); // NOLINT(hostsync-explicit-sync): measured, once per step is fine
  }
}

// JSON: callee=`to_float()` at 21:52 related=[16:58 the sync in `to_float()`: 'item']
// JSON-NEXT: callee=`log_loss()` at 38:5 related=[21:52 the sync in `log_loss()`: the call of `to_float()`]
// JSON-NEXT: callee=`sync_all()` at 44:5 related=[27:32 the sync in `sync_all()`: 'torch::cuda::synchronize']
// JSON-NEXT: callee=`sync_all()` at 47:5 (suppressed) related=[27:32 the sync in `sync_all()`: 'torch::cuda::synchronize']
// SARIF: callee=`to_float()` at 21:52 related=[16:58 the sync in `to_float()`: 'item']
// SARIF-NEXT: callee=`log_loss()` at 38:5 related=[21:52 the sync in `log_loss()`: the call of `to_float()`]
// SARIF-NEXT: callee=`sync_all()` at 44:5 related=[27:32 the sync in `sync_all()`: 'torch::cuda::synchronize']
// SARIF-NEXT: callee=`sync_all()` at 47:5 (suppressed) related=[27:32 the sync in `sync_all()`: 'torch::cuda::synchronize']

// Five findings among the CHECK-DAG lines (two ops, three calls): an extra one fails the
// count. Here, at the end, so that the line numbers the checks name stay as they are.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}5{{$}}
