// What hostsync-lint says while it works, on stderr. On a terminal: one line rewritten in
// place, "[i/n] file", as each file starts. In a log (a CI job: no terminal to rewrite a
// line on): a line every few seconds, so that a long run is seen to be alive:
//   hostsync-lint: progress: 12/42 files done (3 from the cache), 30 left, about 2m10s to go
// The estimate is the wall time per analysed file so far (cached files take none; files
// analysed side by side share it) times the files left.
#pragma once

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace hostsync {

enum class ProgressStyle { None, Terminal, Log };

class ProgressReporter {
public:
  // Interval: seconds between log lines (0: one line as each file ends).
  ProgressReporter(ProgressStyle Style, size_t Total, double Interval, llvm::raw_ostream &OS);
  ~ProgressReporter(); // stops the clock; clears the terminal line
  void started(size_t Index, const std::string &File);
  void finished(size_t Index, const std::string &File, bool Cached);

private:
  void logLine(); // Lock held
  double elapsed() const;

  ProgressStyle Style;
  size_t Total, Done = 0, FromCache = 0;
  double Interval;
  llvm::raw_ostream &OS;
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
  double LastLine = 0; // seconds since Start of the last log line
  std::mutex Lock;
  std::condition_variable Wake;
  bool Stopping = false;
  std::thread Clock; // log style with an interval: writes a line when none came for that long
};

// "45s", "2m10s", "1h03m".
std::string durationText(double Seconds);

} // namespace hostsync
