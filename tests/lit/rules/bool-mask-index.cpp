// RUN: %lint --checks='-*,hostsync-bool-mask-index' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}9{{$}}
using torch::indexing::Slice;

void positives(torch::Tensor pred, torch::Tensor target) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto mask = x > 0;
  auto a = x.index({mask});
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:14: warning: indexing a CUDA tensor with a boolean mask synchronizes{{.*}}device: cuda ({{.*}})) [hostsync-bool-mask-index]
  auto b = x[x.isnan()];
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:12: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
  auto c = torch::masked_select(x, mask);
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:19: warning: 'masked_select' on a CUDA tensor{{.*}}[hostsync-bool-mask-index]
  auto d = x.masked_select(mask);
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:14: warning: 'masked_select'{{.*}}[hostsync-bool-mask-index]
  x.index_put_({mask}, torch::zeros({1}, torch::kCUDA));
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:5: warning: assigning a tensor through a boolean mask into a CUDA tensor{{.*}}[hostsync-bool-mask-index]
  // The seed's loss: masks of the target applied to the target and the logits.
  auto valid = target != -1;
  auto masked_target = target.index({valid});
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:31: warning: indexing a tensor that may be on CUDA with a boolean mask{{.*}}device: unknown ({{.*}})) [hostsync-bool-mask-index]
  auto logic = (x > 0) & (x < 1);
  auto e = x.index({Slice(), logic});
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  auto kb = x.to(torch::kBool);
  auto f = x.index({kb.unsqueeze(0).squeeze(0)});
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  // First long indices, later a mask: the last assignment before the use decides.
  auto idx = torch::nonzero(x);
  idx = x > 0.5;
  auto g = x.index({idx});
  // CHECK-DAG: bool-mask-index.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
}

void negatives(torch::Tensor target) {
  auto x = torch::randn({64}, torch::kCUDA);
  auto mask = x > 0;
  // index_put_ of a scalar through a mask becomes masked_fill_: no sync.
  x.index_put_({mask}, 0.0);
  // masked_fill and three-argument where keep the shape.
  auto a = x.masked_fill(mask, 0);
  auto b = torch::where(mask, x, torch::zeros_like(x));
  // Long indices (gather) do not depend on the data's values for their size.
  auto order = x.argsort();
  auto c = x.index({order});
  // A mask first, then reassigned to long indices: not a mask at the use.
  auto idx = x > 0;
  idx = torch::argsort(x);
  auto d = x.index({idx});
  // A host tensor indexed with a host mask: no device involved.
  auto h = torch::randn({64});
  auto e = h.index({h > 0});
  // Integers and slices.
  auto f = x.index({0});
  auto g = x.index({Slice(0, 4)});
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g;
}
