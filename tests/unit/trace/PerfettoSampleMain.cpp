// hostsync-perfetto-sample OUT [CLOCK]: writes the synthetic run of PerfettoSample.h to OUT as
// a .perfetto-trace, in two appends, for the lit test that decodes it with protoc. A test
// tool: built with the tests, never installed.
#include "io/PerfettoTrace.h"
#include "PerfettoSample.h"

#include <cstdio>

using namespace hostsync::trace;

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: hostsync-perfetto-sample OUT [CLOCK]\n");
    return 2;
  }
  ProcessInfo p;
  p.pid = 4242;
  p.rank = "0";
  p.command = "python train.py";
  PerfettoTraceWriter w;
  std::string why;
  bool ok = w.open(argv[1], p, argc == 3 ? argv[2] : "CLOCK_REALTIME", why);
  for (const testing::SampleSlice &slice : testing::perfettoSampleSlices())
    ok = ok && w.append(slice.m, slice.s, why);
  ok = ok && w.close(why);
  if (!ok) {
    std::fprintf(stderr, "hostsync-perfetto-sample: %s: %s\n", argv[1], why.c_str());
    return 1;
  }
  std::printf("%llu bytes\n", static_cast<unsigned long long>(w.bytesWritten()));
  return 0;
}
