// A sync in a loop under a guard that lets it run once every N iterations is "periodic",
// not "hot": with its period when it is a constant, in text, JSON and SARIF; a function
// reached only from such code is periodic too. MinRank: hot leaves periodic findings out.
// RUN: %hostsync-lint --color=never --checks='-*,hostsync-item' %s -- %pch > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// Every finding is a CHECK-DAG line below, the calls that wait for a sync included (notes,
// docs/lint.md "Syncs inside calls"): an extra one fails the summary's count.
// SUMMARY: hostsync-lint: 13 findings (4 hot, 9 periodic, 0 cold){{.*}}; 10 at or above warning
// RUN: %lint --checks='-*,hostsync-item' --format=json %s -- %pch > %t.json; test $? -eq 1
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); f=[x for x in d['findings'] if x['rank']=='periodic']; print(len(f), sorted(set(x.get('period',0) for x in f)), d['summary']['periodic'], d['summary']['cold'])" %t.json | FileCheck %s --check-prefix=JSON
// JSON: 9 [0, 2, 50, 100] 9 0
// RUN: %lint --checks='-*,hostsync-item' --format=sarif %s -- %pch > %t.sarif; test $? -eq 1
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]['results']; print(sorted(x['properties'].get('period', 0) for x in r if x['properties']['rank']=='periodic'))" %t.sarif | FileCheck %s --check-prefix=SARIF
// SARIF: [0, 0, 2, 50, 50, 50, 50, 100, 100]
// RUN: mkdir -p %t.d && printf 'MinRank: hot\n' > %t.d/.hostsync.yaml
// RUN: %hostsync-lint --color=never --checks='-*,hostsync-item' --config=%t.d/.hostsync.yaml %s -- %pch > %t.hot 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=HOTONLY < %t.hot
// HOTONLY: 4 findings (4 hot, 0 cold){{.*}}; 3 at or above warning

static float helper(const torch::Tensor &t) { return t.sum().item<float>(); }
// CHECK-DAG: periodic.cpp:[[@LINE-1]]:62: warning: 'item'{{.*}}(periodic: called from log_metrics(), which is periodic;

static void log_metrics(const torch::Tensor &loss) {
  float l = loss.item<float>();
  // CHECK-DAG: periodic.cpp:[[@LINE-1]]:18: warning: 'item'{{.*}}(periodic: called once every 50 iterations of a loop in main();
  float h = helper(loss);
  // CHECK-DAG: periodic.cpp:[[@LINE-1]]:13: note: the call of `helper()` waits for the GPU: 'item' at periodic.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes (periodic: called once every 50 iterations of a loop in main();
  (void)l, (void)h;
}

static float every_step(const torch::Tensor &loss) { return loss.item<float>(); }
// CHECK-DAG: periodic.cpp:[[@LINE-1]]:66: warning: 'item'{{.*}}(hot: called in a loop in main();

int main(int argc, char **) {
  const int log_every = argc * 10;
  bool verbose = argc > 2;
  auto loss = torch::ones({1}, torch::kCUDA);
  std::vector<torch::Tensor> params = {loss};
  for (int step = 0; step < 1000; ++step) {
    if (step % 100 == 0) {
      float a = loss.item<float>();
      // CHECK-DAG: periodic.cpp:[[@LINE-1]]:22: warning: 'item'{{.*}}(periodic: once every 100 iterations of a loop;
      (void)a;
    }
    if ((step + 1) % log_every == 0) {
      float b = loss.item<float>();
      // CHECK-DAG: periodic.cpp:[[@LINE-1]]:22: warning: 'item'{{.*}}(periodic: once every `log_every` iterations of a loop;
      (void)b;
    }
    if (verbose && step % 2 == 0) {
      float c = loss.item<float>();
      // CHECK-DAG: periodic.cpp:[[@LINE-1]]:22: warning: 'item'{{.*}}(periodic: once every 2 iterations of a loop;
      (void)c;
    }
    if (!(step % 100)) // an inner loop under the guard runs once every 100 steps
      for (const auto &p : params) {
        float d = p.sum().item<float>();
        // CHECK-DAG: periodic.cpp:[[@LINE-1]]:27: warning: 'item'{{.*}}(periodic: once every 100 iterations of a loop;
        (void)d;
      }
    if (step > 10) {
      float e = loss.item<float>(); // a condition, but not a period
      // CHECK-DAG: periodic.cpp:[[@LINE-1]]:22: warning: 'item'{{.*}}(hot: inside a loop;
      (void)e;
    }
    if (step % 50 == 0)
      log_metrics(loss);
    // CHECK-DAG: periodic.cpp:[[@LINE-1]]:7: note: the call of `log_metrics()` waits for the GPU: 'item' at periodic.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes (periodic: once every 50 iterations of a loop;
    every_step(loss);
    // CHECK-DAG: periodic.cpp:[[@LINE-1]]:5: note: the call of `every_step()` waits for the GPU: 'item' at periodic.cpp:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes (hot: inside a loop;
    if (step % log_every != 0)
      continue;
    float f = loss.item<float>();
    // CHECK-DAG: periodic.cpp:[[@LINE-1]]:20: warning: 'item'{{.*}}(periodic: once every `log_every` iterations of a loop;
    (void)f;
  }
  // A guard with no loop around it is a condition: the loop inside it is hot.
  if (argc % 2 == 0)
    for (int i = 0; i < 3; ++i) {
      float g = loss.item<float>();
      // CHECK-DAG: periodic.cpp:[[@LINE-1]]:22: warning: 'item'{{.*}}(hot: inside a loop;
      (void)g;
    }
  return 0;
}
