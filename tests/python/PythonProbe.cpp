// A probe for the lit tests: the Python frames hostsync-trace would record if the calling
// thread were blocked in a CUDA call now, as "file:line:function" lines, innermost first.
// Loaded with ctypes, whose foreign calls release the GIL as PyTorch's ops do.
#include "python/PythonFrames.h"

#include <chrono>
#include <cstdio>
#include <string>

extern "C" __attribute__((visibility("default"))) int hostsync_python_frames(char *out,
                                                                             int capacity) {
  static hostsync::trace::PythonFrameReader reader;
  static std::string why = reader.start();
  if (!reader.active())
    return std::snprintf(out, capacity, "off: %s\n", why.c_str());
  hostsync::trace::PythonFrameRef frames[64];
  int n = reader.capture(frames, 64);
  std::vector<std::string> strings = reader.strings();
  std::string text;
  for (int i = 0; i < n; ++i)
    text += strings[frames[i].file] + ":" + std::to_string(frames[i].line) + ":" +
            strings[frames[i].function] + "\n";
  return std::snprintf(out, capacity, "%s", text.c_str());
}

// For bench/python-frames: the mean time of one capture of up to `depth` frames of the
// calling thread, over `reps` captures, in nanoseconds; -1 when frames cannot be read.
extern "C" __attribute__((visibility("default"))) double hostsync_python_capture_ns(int depth,
                                                                                    int reps) {
  static hostsync::trace::PythonFrameReader reader;
  static std::string why = reader.start();
  if (!reader.active() || depth <= 0 || depth > 256 || reps <= 0)
    return -1;
  hostsync::trace::PythonFrameRef frames[256];
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    reader.capture(frames, depth);
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / reps;
}
