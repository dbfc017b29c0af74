#include "buffers/ActivityConsumer.h"

#include <pthread.h>

namespace hostsync::trace {

void ActivityConsumer::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (running_)
    return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

ActivityConsumer::~ActivityConsumer() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable())
    thread_.join();
}

void ActivityConsumer::submit(uint8_t *buffer, size_t valid) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++submitted_;
    if (running_) {
      queue_.push_back({buffer, valid});
      wake_.notify_one();
      return;
    }
  }
  foldOne({buffer, valid});
}

void ActivityConsumer::foldOne(const Pending &p) {
  if (p.buffer && p.valid)
    fold_(p.buffer, p.valid);
  pool_.release(p.buffer, p.valid);
  std::lock_guard<std::mutex> lock(mutex_);
  ++folded_;
  done_.notify_all();
}

void ActivityConsumer::run() {
  // Named, so that top -H, gdb and heap profiles tell it from the thread that started it.
  pthread_setname_np(pthread_self(), "hostsync-read");
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return !queue_.empty() || stopping_; });
    if (queue_.empty())
      return; // stopping, and nothing left to fold
    Pending p = queue_.front();
    queue_.pop_front();
    lock.unlock();
    foldOne(p);
    lock.lock();
  }
}

void ActivityConsumer::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (std::this_thread::get_id() == thread_.get_id())
    return;
  uint64_t target = submitted_;
  done_.wait(lock, [&] { return folded_ >= target; });
}

uint64_t ActivityConsumer::folded() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return folded_;
}

} // namespace hostsync::trace
