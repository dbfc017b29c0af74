#include "driver/Progress.h"

#include "common/Utf8.h"

#include <cmath>
#include <cstdio>

namespace hostsync {

std::string durationText(double Seconds) {
  long S = std::lround(std::max(0.0, Seconds));
  char Text[32];
  if (S < 60)
    std::snprintf(Text, sizeof Text, "%lds", S);
  else if (S < 3600)
    std::snprintf(Text, sizeof Text, "%ldm%02lds", S / 60, S % 60);
  else
    std::snprintf(Text, sizeof Text, "%ldh%02ldm", S / 3600, S / 60 % 60);
  return Text;
}

ProgressReporter::ProgressReporter(ProgressStyle Style, size_t Total, double Interval,
                                   llvm::raw_ostream &OS)
    : Style(Style), Total(Total), Interval(Interval), OS(OS) {
  if (Style != ProgressStyle::Log || Interval <= 0)
    return;
  Clock = std::thread([this] {
    std::unique_lock<std::mutex> G(Lock);
    while (!Stopping) {
      double Due = LastLine + this->Interval;
      Wake.wait_for(G, std::chrono::duration<double>(std::max(0.0, Due - elapsed())));
      if (!Stopping && elapsed() >= LastLine + this->Interval)
        logLine();
    }
  });
}

ProgressReporter::~ProgressReporter() {
  {
    std::lock_guard<std::mutex> G(Lock);
    Stopping = true;
  }
  Wake.notify_all();
  if (Clock.joinable())
    Clock.join();
  if (Style == ProgressStyle::Terminal)
    OS << "\r\033[K";
  OS.flush();
}

double ProgressReporter::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

void ProgressReporter::started(size_t Index, const std::string &File) {
  if (Style == ProgressStyle::Terminal)
    OS << "\r\033[K[" << Index + 1 << "/" << Total << "] " << text::validUtf8(File);
}

void ProgressReporter::finished(size_t Index, const std::string &File, bool Cached) {
  std::lock_guard<std::mutex> G(Lock);
  ++Done;
  FromCache += Cached;
  if (Style == ProgressStyle::Log && Done < Total && elapsed() >= LastLine + Interval)
    logLine();
}

void ProgressReporter::logLine() {
  LastLine = elapsed();
  size_t Left = Total - Done, Analysed = Done - FromCache;
  OS << "hostsync-lint: progress: " << Done << "/" << Total << " files done";
  if (FromCache)
    OS << " (" << FromCache << " from the cache)";
  OS << ", " << Left << " left";
  if (Analysed)
    OS << ", about " << durationText(LastLine / Analysed * Left) << " to go";
  OS << " (" << durationText(LastLine) << " so far)\n";
  OS.flush();
}

} // namespace hostsync
