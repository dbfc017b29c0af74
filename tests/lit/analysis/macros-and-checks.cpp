// Syncs in macros and in checks (docs/lint.md, "Macros and checks"): a sync written in a
// macro's body is reported at the expansion (where the program waits), naming the macro
// and the line it is written on, and the expansions of one definition are one finding (the
// hottest; the others are its related locations); a macro that spells its argument twice
// gives one finding;
// a sync in the condition of a TORCH_CHECK-family check runs every call and is said so, with
// the device-side check as the fix; one in a check's message runs only when the check fails
// and is not reported.
// RUN: %lint --checks='-*,hostsync-item,hostsync-nonzero' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// RUN: %lint --checks='-*,hostsync-item,hostsync-nonzero' --format=json %s -- %pch > %t.json; test $? -eq 1
// RUN: %python -c "import json; f = json.load(open('%t.json'))['findings']; print(len(f)); print(sorted({x['fix'] for x in f if 'TORCH_CHECK' in x['message']}))" | FileCheck %s --check-prefix=JSON
// JSON: {{^}}6{{$}}
// JSON-NEXT: ["check on the device instead: at::_assert_async(<the condition as a tensor>), e.g. at::_assert_async(index.max() < n)

#define READ_COUNT(t) t.gt(0).sum().item<int64_t>()
#define TWICE(e) ((e) + (e))
#define CHECK_SMALL(t) TORCH_CHECK(t.abs().max().item<float>() < 1e3, #t " is too large")

int64_t in_macro_body(const torch::Tensor &x) {
  auto y = x.to(torch::kCUDA);
  int64_t total = 0;
  for (int i = 0; i < 10; ++i)
    total += READ_COUNT(y);
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:14: warning: 'item'{{.*}}(in the expansion of macro `READ_COUNT`, written at macros-and-checks.cpp:16){{.*}}(hot: {{.*}}device: cuda
  return total + READ_COUNT(y);
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:18: note: the same sync, expanded here (cold: in in_macro_body(), not reached from a loop or forward())
}

float argument_twice(const torch::Tensor &x) {
  auto y = x.to(torch::kCUDA);
  return TWICE(y.sum().item<float>());
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:24: warning: 'item'{{.*}}device: cuda
}

void in_checks(const torch::Tensor &x, const torch::Tensor &index, bool ok) {
  auto y = x.to(torch::kCUDA);
  TORCH_CHECK(index.max().item<int64_t>() < y.size(0), "index out of range");
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:27: warning: 'item'{{.*}}; it is in the condition of `TORCH_CHECK`, which runs on every call
  AT_ASSERTM(y.nonzero().size(0) > 0, "y must have a nonzero element");
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:16: warning: 'nonzero'{{.*}}; it is in the condition of `AT_ASSERTM`, which runs on every call (cold:
  CHECK_SMALL(y);
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:3: warning: 'item'{{.*}}; it is in the condition of `TORCH_CHECK`, which runs on every call (in the expansion of macro `CHECK_SMALL`, written at macros-and-checks.cpp:18)
  // The message is built only when the check fails: no finding.
  TORCH_CHECK(ok, "the sum was ", y.sum().item<float>());
}

// Two ops of one macro body at one expansion: the CUDA one is kept.
#define TOTAL(a, b) (a.sum().item<float>() + b.sum().item<float>())
float two_in_one(const torch::Tensor &host_in) {
  auto host = host_in.cpu();
  auto gpu = host_in.to(torch::kCUDA);
  return TOTAL(host, gpu);
  // CHECK-DAG: macros-and-checks.cpp:[[@LINE-1]]:10: warning: 'item'{{.*}}(in the expansion of macro `TOTAL`, written at macros-and-checks.cpp:[[#@LINE-5]]){{.*}}device: cuda
}

// Six findings among the CHECK-DAG lines (the seventh is a related note): an extra one
// fails the count. Here, at the end, so that the line numbers the checks name stay as they are.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}6{{$}}
