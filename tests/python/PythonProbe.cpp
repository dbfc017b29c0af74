// A probe for the lit tests: the Python frames hostsync-trace would record if the calling
// thread were blocked in a CUDA call now, as "file:line:function" lines, innermost first.
// Loaded with ctypes, whose foreign calls release the GIL as PyTorch's ops do.
#include "python/PythonFrames.h"

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
