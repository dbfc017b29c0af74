// RUN: %lint --checks='-*,hostsync-scalar-tensor-index' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}

void positives(torch::Tensor scores) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto best = x.index({x.argmax()});
  // CHECK-DAG: scalar-tensor-index.cpp:[[@LINE-1]]:24: warning: indexing with a 0-dim integer tensor calls item() on it: a hidden copy of a CUDA tensor to the host{{.*}}[hostsync-scalar-tensor-index]
  auto i = scores.argmin();
  auto worst = scores[i];
  // CHECK-DAG: scalar-tensor-index.cpp:[[@LINE-1]]:23: warning: {{.*}}device: unknown ({{.*}})) [hostsync-scalar-tensor-index]
  auto n = x.count_nonzero();
  x.index_put_({n}, 1.0);
  // CHECK-DAG: scalar-tensor-index.cpp:[[@LINE-1]]:17: warning: {{.*}}[hostsync-scalar-tensor-index]
}

void negatives() {
  auto x = torch::randn({8, 64}, torch::kCUDA);
  // argmax along a dim is a 1-d long tensor: a gather, no item().
  auto rows = x.index({x.argmax(1)});
  // index_select keeps the index on the device.
  auto best = x.flatten().index_select(0, x.flatten().argmax().unsqueeze(0));
  // A host integer index.
  auto r = x.index({3});
  (void)rows; (void)best; (void)r;
}

// A 0-dim index that arrives as a parameter: every call in view passes one.
static torch::Tensor pick_row(torch::Tensor x, torch::Tensor at) {
  return x.index({at});
  // CHECK-DAG: scalar-tensor-index.cpp:[[@LINE-1]]:19: warning: {{.*}}[hostsync-scalar-tensor-index]
}
void pick_callers(torch::Tensor x) {
  pick_row(x, x.argmax());
  pick_row(x, x.argmin());
}

// Callers that disagree (a 0-dim index, then a 1-d one): not known to be 0-dim.
static torch::Tensor take(torch::Tensor x, torch::Tensor at) { return x.index({at}); }
void take_callers(torch::Tensor x) {
  take(x, x.argmax());
  take(x, x.argmax(1));
}
