// Sampled mode (--sample, docs/trace.md "Sampled mode"): a thread that opens and closes the
// windows in which the GPU's work is recorded (analysis/SampleSchedule). A window turns on
// CUPTI's kernel and memset records and the launch callbacks; between windows a launch runs
// no tracer code. Syncs are recorded always. A sync that waited at least event_ns opens an
// event window at once (at most one per period), unless a random window is open; a random
// window due during an event window closes it and opens on time, so that the random windows
// stay where the schedule put them.
#pragma once

#include "analysis/SampleSchedule.h"
#include "model/TraceModel.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace hostsync::trace {

class Sampler {
public:
  static Sampler &instance();
  // Starts the thread; the schedule's periods count from `origin`.
  void start(const SampleOptions &options, Ns origin);
  // Closes the open window, if any, and ends the thread (at exit: before the last fold).
  void stop();
  bool running() const { return running_; }
  // From a sync's callback: the host waited long (Callbacks' expensive-sync hook).
  static void onExpensiveSync();
  // Moves the windows opened or closed since the last take into m.sample_windows.
  void takeInto(TraceModel &m);

private:
  Sampler() = default;
  void run();
  void open(bool event);
  void close();
  // Waits until `t` on the trace clock, an event is asked for, or stop; true: reached t.
  bool waitUntil(Ns t, bool wakeOnEvent);

  SampleOptions options_;
  Ns origin_ = 0;
  std::mutex mutex_; // the windows and the wake-ups
  std::condition_variable cv_;
  std::vector<SampleWindow> reported_;
  SampleWindow current_;
  bool inWindow_ = false;
  std::atomic<bool> eventAsked_{false}, stop_{false};
  bool running_ = false;
  std::thread thread_;
};

} // namespace hostsync::trace
