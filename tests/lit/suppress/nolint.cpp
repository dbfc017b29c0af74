// NOLINT comments: every form, globs, reasons, and what they must not suppress.
// RUN: %lint --checks='-*,hostsync-item,hostsync-nonzero' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// RUN: %lint --format=json --checks='-*,hostsync-item,hostsync-nonzero' %s -- %pch > %t.json; test $? -eq 1
// RUN: %python %srcroot/scripts/validate-json.py %srcroot/docs/findings.schema.json %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json

void suppressed(torch::Tensor t) {
  float a = t.sum().item<float>(); // NOLINT
  float b = t.sum().item<float>(); // NOLINT(hostsync-item): logged once per epoch
  float c = t.sum().item<float>(); // NOLINT(hostsync-*)
  float d = t.sum().item<float>(); // NOLINT(hostsync-nonzero, hostsync-item)
  // NOLINTNEXTLINE(hostsync-item): the next line only
  float e = t.sum().item<float>();
  // NOLINTBEGIN(hostsync-item): a debugging block
  float f = t.sum().item<float>();
  auto n = torch::nonzero(t);
  // CHECK-DAG: nolint.cpp:[[@LINE-1]]:19: warning: 'nonzero'{{.*}}[hostsync-nonzero]
  float g = t.max().item<float>();
  // NOLINTEND(hostsync-item)
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)g; (void)n;
}

void not_suppressed(torch::Tensor t) {
  float a = t.sum().item<float>(); // NOLINT(hostsync-nonzero): another rule
  // CHECK-DAG: nolint.cpp:[[@LINE-1]]:21: warning: 'item'{{.*}}[hostsync-item]
  // NOLINTNEXTLINE(hostsync-item)

  float b = t.sum().item<float>(); // two lines below the comment
  // CHECK-DAG: nolint.cpp:[[@LINE-1]]:21: warning: 'item'{{.*}}[hostsync-item]
  float c = t.sum().item<float>(); // nolint: markers are upper case, as in clang-tidy
  // CHECK-DAG: nolint.cpp:[[@LINE-1]]:21: warning: 'item'{{.*}}[hostsync-item]
  (void)a; (void)b; (void)c;
}

// The reason after NOLINT(...) is kept in JSON; suppressed findings are counted apart.
// JSON: "line": 10,
// JSON: "suppression": {
// JSON-NEXT: "kind": "NOLINT",
// JSON-NEXT: "reason": "logged once per epoch"
// JSON: "reason": "a debugging block"
// JSON: "suppressed": 7,

// Every finding is a CHECK-DAG line: an extra one fails the count. Here, at the end, so
// that the line numbers the checks name stay as they are.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}
