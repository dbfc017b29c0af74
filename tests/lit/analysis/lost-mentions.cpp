// A file with code that does not compile (a header that is not installed): a statement Clang
// could not compile is gone from the AST, and may have stored into a local variable that is
// filled by stores. A variable that the function's text names only where the AST holds a
// valid reference (and its declaration) cannot have been: its stores are all in view.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// The one finding is the CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}1{{$}}
#include <matcher/not_installed.hpp>

torch::Tensor run(torch::jit::Module &module, torch::Tensor input);

void match(torch::jit::Module &module, torch::Tensor input, int queries) {
  torch::Tensor matches;
  {
    auto outputs = run(module, input);
    matches = outputs.detach().cpu();
  }
  Matcher keep(queries);
  for (int i = 0; i < queries; ++i) {
    if (matches[0][i].item<int64_t>() < 0)
      continue;
    keep.add(i);
  }
  // A variable an invalid statement names: that statement may have stored into it (LLVM 14
  // drops the statement; LLVM 22 keeps a call that takes it, which the analysis cannot follow).
  torch::Tensor scores;
  scores = run(module, input).cpu();
  keep.fill(scores);
  for (int i = 0; i < queries; ++i) {
    if (scores[i].item<float>() < 0.5f)
      // CHECK-DAG: lost-mentions.cpp:[[@LINE-1]]:19: warning: 'item'{{.*}}device: unknown (`scores`: {{.*}}[hostsync-item]
      continue;
    keep.add(i);
  }
}
