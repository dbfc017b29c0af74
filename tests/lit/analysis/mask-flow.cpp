// An index is a mask when every value it may hold at the use comes from a comparison, a
// logical op, isnan/isinf/isfinite or a bool cast, however it is reshaped on the way: the
// values that reach it, a parameter's callers' arguments, a member's stores, a function's
// returns.
// RUN: %lint --checks='-*,hostsync-bool-mask-index' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}8{{$}}

void masks(torch::Tensor x) {
  auto m1 = torch::isfinite(x);
  auto a = x.index({m1});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  auto m2 = x.ge(0).logical_and(x.le(1));
  auto b = x.index({m2.flatten()});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  auto m3 = ~(x == 3);
  auto c = x.index({m3});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  auto m4 = torch::zeros_like(x, torch::kBool);
  auto d = x.index({m4});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  // Reassigned: a nonzero() result first, a mask at the use.
  auto idx = torch::nonzero(x).squeeze(1);
  idx = x.isinf() | x.isnan();
  auto e = x.index({idx});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
}

void not_masks(torch::Tensor x, torch::Tensor unknown_index) {
  // Long indices.
  auto i1 = x.argsort();
  auto a = x.index({i1});
  auto i2 = (x > 0).to(torch::kLong);
  auto b = x.index({i2});
  // A mask at first, long indices at the use.
  auto idx = x > 0;
  idx = torch::randint(0, 4, {4}, torch::kLong);
  auto c = x.index({idx});
  // An index of unknown dtype is not assumed to be a mask.
  auto d = x.index({unknown_index});
  (void)a; (void)b; (void)c; (void)d;
}

// Masks follow the same sources as the device: a parameter holds what every call in view
// passes, a member what the code stores into it, a call what the function returns.
static torch::Tensor keep_where(torch::Tensor x, torch::Tensor keep) {
  return x.index({keep});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:12: warning: {{.*}}[hostsync-bool-mask-index]
}
struct Filter {
  torch::Tensor valid;
  explicit Filter(torch::Tensor x) : valid(x > 0) {}
  torch::Tensor apply(torch::Tensor x) { return x.index({valid}); }
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:51: warning: {{.*}}[hostsync-bool-mask-index]
};
static torch::Tensor above_zero(torch::Tensor x) { return x > 0; }
void across_functions(torch::Tensor x) {
  keep_where(x, x > 0);
  keep_where(x, x.isnan());
  auto y = x.index({above_zero(x)});
  // CHECK-DAG: mask-flow.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-bool-mask-index]
  (void)y;
}

// Callers that disagree (a mask, then long indices): not known to be a mask.
static torch::Tensor gather_rows(torch::Tensor x, torch::Tensor rows) { return x.index({rows}); }
void disagreeing_callers(torch::Tensor x) {
  gather_rows(x, x > 0);
  gather_rows(x, x.argsort());
}
