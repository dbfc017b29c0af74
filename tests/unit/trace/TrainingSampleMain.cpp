// hostsync-training-sample OUT_DIR [--sampled]: a synthetic training run through the tracer's own
// analysis (folded as it goes, analysis/RunFold) and writer, as trace-4242.json in OUT_DIR, for the
// report's lit tests of the steady part (tests/lit/report/steady-part.test). A test tool: built
// with the tests, never installed. The run, on one GPU, from a Python program (train.py):
//   - start-up: model.to(device), 50 parameter copies each with its sync (in Module.to), then
//     3 s of host set-up with no GPU work;
//   - 300 steps of 10 ms: 100 kernels (8 ms of GPU work), a backward node whose nonzero syncs
//     behind them (the backward of train.py:25's index, on autograd's thread), loss.item()
//     (train.py:30) waiting for the queue, 1 ms of host work, and a synchronize right after the
//     item (train.py:35) that finds the GPU idle: it never waits;
//   - teardown: torch.save at train.py:50, 20 copies to the host, each a sync.
// With --sampled, the run as the sampled tracer records it (--sample, 100 ms windows every
// 500 ms, seed 3; SimulatedRun.h's sampledView), for tests/lit/report/sampled-run.test.
#include "analysis/RunFold.h"
#include "io/TraceFiles.h"
#include "symbolize/StallSites.h"
#include "SimulatedRun.h"
#include "TraceBuilder.h"

#include <cstdio>
#include <string>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

namespace {
constexpr uint32_t Main = 7, Engine = 9;

struct Sample {
  Builder b;
  Ns gpuFree = 0; // when the stream's queue drains

  Ns launch(Ns t, Ns length) {
    uint32_t c = b.api("cudaLaunchKernel", t, t + 5 * us, Main);
    gpuFree = std::max(gpuFree, t + 10 * us);
    b.kernel(c, gpuFree, gpuFree + length);
    gpuFree += length;
    return t + 20 * us;
  }
  // A stack of Python frames (innermost first), and the forward op of a backward sync.
  int32_t stack(std::vector<PythonFrame> python, const std::string &forward_op = "",
                std::vector<PythonFrame> forward = {}) {
    Stack s;
    s.python = std::move(python);
    if (!forward_op.empty()) {
      s.backward_node = "IndexBackward0";
      s.forward_op = forward_op;
      s.forward_python = std::move(forward);
    }
    b.m.stacks.push_back(s);
    return static_cast<int32_t>(b.m.stacks.size() - 1);
  }
  // A read-back: a pinned copy to the host queued behind the work, and the sync that waits.
  Ns readBack(Ns t, uint32_t thread, int32_t stack) {
    uint32_t c = b.api("cudaMemcpyAsync", t, t + 5 * us, thread);
    gpuFree = std::max(gpuFree, t + 6 * us);
    b.copy(c, gpuFree, gpuFree + 2 * us, CopyKind::DtoH, MemoryKind::Pinned, 4);
    gpuFree += 2 * us;
    Ns back = std::max(t + 10 * us, gpuFree + 5 * us);
    b.api("cudaStreamSynchronize", t + 6 * us, back, thread);
    b.m.api.back().stack = stack;
    return back;
  }
};

PythonFrame user(int line, const char *function = "train") { return {"train.py", function, line}; }
} // namespace

int main(int argc, char **argv) {
  bool sampled = argc == 3 && std::string(argv[2]) == "--sampled";
  if (argc != 2 && !sampled) {
    std::fprintf(stderr, "usage: hostsync-training-sample OUT_DIR [--sampled]\n");
    return 2;
  }
  Sample r;
  r.b.m.clock = "CLOCK_MONOTONIC";
  const std::string torch = "/usr/lib/python3/dist-packages/torch/nn/modules/module.py";
  int32_t move = r.stack({{torch, "Module._apply", 900}, {torch, "Module.to", 1340}, user(10)});
  int32_t item = r.stack({user(30)}), idle = r.stack({user(35)});
  int32_t backward = r.stack({}, "aten::index", {user(25, "forward")});
  int32_t save =
      r.stack({{"/usr/lib/python3/dist-packages/torch/serialization.py", "save", 600}, user(50)});
  Ns t = 1 * ms;
  for (int p = 0; p < 50; ++p) { // model.to(device): a pageable copy and its sync each
    uint32_t c = r.b.api("cudaMemcpyAsync", t, t + 8 * us, Main);
    r.gpuFree = std::max(r.gpuFree, t + 9 * us);
    r.b.copy(c, r.gpuFree, r.gpuFree + 30 * us, CopyKind::HtoD, MemoryKind::Pageable, 1 << 20);
    r.gpuFree += 30 * us;
    r.b.api("cudaStreamSynchronize", t + 9 * us, r.gpuFree + 4 * us, Main);
    r.b.m.api.back().stack = move;
    t = r.gpuFree + 10 * us;
  }
  t += 3000 * ms; // data and optimizer set-up on the host
  for (int step = 0; step < 300; ++step) {
    Ns begin = t;
    for (int k = 0; k < 100; ++k)
      t = r.launch(t, 80 * us);
    r.readBack(t, Engine, backward); // the backward's nonzero, behind the forward's work
    for (int k = 0; k < 10; ++k)
      t = r.launch(t + 100 * us, 10 * us);
    t = r.readBack(t, Main, item) + 1 * ms; // loss.item(), then host work
    uint32_t s = r.b.api("cudaStreamSynchronize", t, t + 3 * us, Main); // nothing queued
    (void)s;
    r.b.m.api.back().stack = idle;
    t = std::max(t + 10 * us, begin + 10 * ms);
  }
  for (int k = 0; k < 20; ++k) // torch.save: each tensor copied to the host
    t = r.readBack(t + 200 * us, Main, save);
  FoldOptions options;
  options.sampled = sampled;
  options.sample.window_ns = 100 * ms;
  options.sample.period_ns = 500 * ms;
  options.sample.event_ns = 0;
  options.sample.seed = 3;
  RunFold fold(options);
  if (sampled) {
    std::vector<SampleWindow> windows;
    fold.model() = sampledView(r.b.m, options.sample, windows);
    fold.model().sample_windows = windows;
  } else {
    fold.model() = r.b.m;
  }
  assignStallSites(fold.model()); // the site each stack names, as the tracer does at each fold
  fold.fold(std::numeric_limits<Ns>::max());
  ProcessInfo p;
  p.pid = 4242;
  p.ppid = 1;
  p.command = "python3 train.py";
  TraceModel &m = fold.model();
  m.api_recording = "launches";
  TraceFiles written = writeTraceFiles(argv[1], m, fold.summary(), p, PerfettoFiles::None);
  for (const std::string &e : written.errors)
    std::fprintf(stderr, "hostsync-training-sample: %s\n", e.c_str());
  return written.trace.empty() ? 1 : 0;
}
