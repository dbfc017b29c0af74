#include "cupti/Sampler.h"

#include "cupti/Callbacks.h"
#include "cupti/Clock.h"
#include "cupti/CuptiCollector.h"

#include <chrono>
#include <pthread.h>

namespace hostsync::trace {

Sampler &Sampler::instance() {
  static Sampler *s = new Sampler(); // never destroyed: used from atexit
  return *s;
}

void Sampler::start(const SampleOptions &options, Ns origin) {
  options_ = options;
  origin_ = origin;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void Sampler::stop() {
  if (!running_)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id())
    thread_.join();
  running_ = false;
}

void Sampler::onExpensiveSync() {
  Sampler &s = instance();
  // Once per window at most: the thread clears it when it opens one. Set under the thread's
  // lock, so that the wake-up cannot fall between its check and its wait.
  if (s.eventAsked_.load(std::memory_order_relaxed))
    return;
  {
    std::lock_guard<std::mutex> lock(s.mutex_);
    s.eventAsked_ = true;
  }
  s.cv_.notify_all();
}

void Sampler::takeInto(TraceModel &m) {
  std::lock_guard<std::mutex> lock(mutex_);
  m.sample_windows.insert(m.sample_windows.end(), reported_.begin(), reported_.end());
  reported_.clear();
}

bool Sampler::waitUntil(Ns t, bool wakeOnEvent) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (stop_ || (wakeOnEvent && eventAsked_))
      return false;
    Ns now = static_cast<Ns>(traceClockNs());
    if (now >= t)
      return true;
    cv_.wait_for(lock, std::chrono::nanoseconds(t - now));
  }
}

// Records turned on first, then the window's time taken: every launch inside [open, close]
// has its work recorded. At the close, the time first, then the records turned off.
void Sampler::open(bool event) {
  CuptiCollector::instance().setWindowKinds(true);
  setLaunchCallbacks(true);
  std::lock_guard<std::mutex> lock(mutex_);
  current_ = {static_cast<Ns>(traceClockNs()), 0, event};
  inWindow_ = true;
  reported_.push_back(current_);
}

void Sampler::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!inWindow_)
      return;
    current_.close = static_cast<Ns>(traceClockNs());
    inWindow_ = false;
    reported_.push_back(current_);
  }
  setLaunchCallbacks(false);
  CuptiCollector::instance().setWindowKinds(false);
}

void Sampler::run() {
  pthread_setname_np(pthread_self(), "hostsync-sample");
  SampleSchedule schedule(options_, origin_);
  Ns lastEvent = 0;
  Ns next = schedule.nextOpen(static_cast<Ns>(traceClockNs()));
  while (!stop_) {
    bool due = waitUntil(next, options_.event_ns > 0);
    if (stop_)
      break;
    if (!due) { // an expensive sync: an event window now, unless one came in this period
      eventAsked_ = false;
      Ns now = static_cast<Ns>(traceClockNs());
      // One per period; none when the random window is due within a window's length.
      if ((lastEvent && now - lastEvent < options_.period_ns) || next - now < options_.window_ns)
        continue;
      lastEvent = now;
      open(true);
      // Until its length has passed, or the random window is due (it opens on time).
      Ns until = std::min(now + options_.window_ns, next);
      waitUntil(until, false);
      close();
      continue;
    }
    open(false);
    waitUntil(next + options_.window_ns, false);
    close();
    eventAsked_ = false; // a stall inside the window was recorded whole
    next = schedule.nextOpen(next + options_.window_ns);
  }
  close();
}

} // namespace hostsync::trace
