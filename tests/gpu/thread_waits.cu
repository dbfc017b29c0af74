// Host threads syncing at once (issue 34, item 4): N threads, each with its own stream,
// launch a kernel that runs a fixed time and wait for it, R rounds, all threads starting a
// round together. Each thread times its own launch and its own wait on CLOCK_MONOTONIC (the
// trace's clock) and the program writes them all, with each thread's system id, as JSON for
// check_thread_waits.py to compare with the same program untraced and with the trace.
// usage: thread_waits THREADS ROUNDS KERNEL_MS OUT.json
#include "gpu_check.cuh"

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <vector>

// Busy for `ns` nanoseconds of the GPU's global timer: the same time whatever the SM clock.
__global__ void spinFor(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < ns);
}

static long long nowNs() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000LL + t.tv_nsec;
}

// All threads start each round together: the case where a tracer that serialises threads,
// or delays one while another waits, shows.
class Barrier {
public:
  explicit Barrier(int n) : n_(n) {}
  void wait() {
    std::unique_lock<std::mutex> lock(m_);
    int gen = gen_;
    if (++count_ == n_) {
      count_ = 0;
      ++gen_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return gen != gen_; });
    }
  }

private:
  std::mutex m_;
  std::condition_variable cv_;
  int n_, count_ = 0, gen_ = 0;
};

struct Round {
  long long launch_start, launch_end, wait_start, wait_end;
};

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: thread_waits THREADS ROUNDS KERNEL_MS OUT.json\n");
    return 2;
  }
  int threads = std::atoi(argv[1]), rounds = std::atoi(argv[2]);
  double kernel_ms = std::atof(argv[3]);
  auto ns = static_cast<unsigned long long>(kernel_ms * 1e6);
  // Warm-up on the main thread: the kernel's module is loaded lazily at its first launch.
  spinFor<<<1, 1>>>(1000);
  CHECK(cudaDeviceSynchronize());

  std::vector<std::vector<Round>> times(threads, std::vector<Round>(rounds));
  std::vector<long> tids(threads);
  std::vector<int> failed(threads, 0);
  Barrier barrier(threads);
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i)
    pool.emplace_back([&, i] {
      tids[i] = syscall(SYS_gettid);
      cudaStream_t s;
      if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
        failed[i] = 1;
      for (int r = 0; r < rounds; ++r) {
        barrier.wait();
        Round &t = times[i][r];
        t.launch_start = nowNs();
        spinFor<<<1, 1, 0, s>>>(ns);
        t.launch_end = nowNs();
        t.wait_start = nowNs();
        if (cudaStreamSynchronize(s) != cudaSuccess)
          failed[i] = 1;
        t.wait_end = nowNs();
      }
      cudaStreamDestroy(s);
    });
  for (auto &t : pool)
    t.join();
  for (int f : failed)
    if (f)
      return 1;

  FILE *f = std::fopen(argv[4], "w");
  if (!f)
    return 1;
  std::fprintf(f, "{\"threads\": %d, \"rounds\": %d, \"kernel_ms\": %.3f, \"by_thread\": [",
               threads, rounds, kernel_ms);
  for (int i = 0; i < threads; ++i) {
    std::fprintf(f, "%s\n {\"tid\": %ld, \"rounds\": [", i ? "," : "", tids[i]);
    for (int r = 0; r < rounds; ++r) {
      const Round &t = times[i][r];
      std::fprintf(f, "%s[%lld, %lld, %lld, %lld]", r ? ", " : "", t.launch_start, t.launch_end,
                   t.wait_start, t.wait_end);
    }
    std::fprintf(f, "]}");
  }
  std::fprintf(f, "]}\n");
  std::fclose(f);
  double total = 0;
  for (auto &th : times)
    for (auto &t : th)
      total += (t.wait_end - t.wait_start) / 1e6;
  std::printf("thread_waits: %d threads x %d rounds of %.1f ms: waits %.3f ms in all\n",
              threads, rounds, kernel_ms, total);
  return 0;
}
