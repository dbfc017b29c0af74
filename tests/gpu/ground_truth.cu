// Ground truth for hostsync-trace: phases whose answers are known, measured by the program
// itself and written to a JSON file that check_ground_truth.py compares with the trace.
//   1. a 50 ms spin kernel, then a blocking 4-byte cudaMemcpy DtoH: the host waits ~50 ms
//   2. a 20 ms spin, then a 64 MiB "async" HtoD copy from pageable memory (it blocks), and
//      the same from pinned memory (it returns at once)
//   3. two streams running 20 ms and 30 ms spins at the same time: 20 ms of overlap
//   4. four host threads, each waiting on its own stream after a 10 ms spin
//   5. a host loop polling an event until a 10 ms spin is done
//   6. a CUDA graph: 8 launches captured (they run nothing), the graph launched 3 times
#include "gpu_check.cuh"

#include <chrono>
#include <cstdio>
#include <string>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <vector>

static double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv) {
  const char *truth_path = argc > 1 ? argv[1] : "truth.json";
  int khz = 0;
  CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
  auto cycles = [&](double ms) { return static_cast<long long>(ms * khz); };
  const size_t big = 64u << 20;
  float *dev = nullptr;
  CHECK(cudaMalloc(&dev, big));
  spin<<<1, 1>>>(cycles(1)); // warm-up: module loading is not part of the truth
  CHECK(cudaDeviceSynchronize());

  // 1. The host waits for the spin inside a blocking copy.
  float value = 0;
  spin<<<1, 1>>>(cycles(50));
  auto t0 = std::chrono::steady_clock::now();
  CHECK(cudaMemcpy(&value, dev, sizeof value, cudaMemcpyDeviceToHost));
  auto t1 = std::chrono::steady_clock::now();
  double d2h_wait_ms = ms_since(t0);
  // The same wait on the program's own steady clock (CLOCK_MONOTONIC): the trace's times
  // must be on it.
  auto ns = [](std::chrono::steady_clock::time_point t) {
    return static_cast<long long>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count());
  };
  long long d2h_steady_start_ns = ns(t0), d2h_steady_end_ns = ns(t1);

  // 2. Pageable against pinned "async" copies queued behind a spin.
  std::vector<char> pageable(big, 1);
  char *pinned = nullptr;
  CHECK(cudaMallocHost(&pinned, big));
  spin<<<1, 1>>>(cycles(20));
  t0 = std::chrono::steady_clock::now();
  CHECK(cudaMemcpyAsync(dev, pageable.data(), big, cudaMemcpyHostToDevice, 0));
  double pageable_call_ms = ms_since(t0);
  CHECK(cudaDeviceSynchronize());
  spin<<<1, 1>>>(cycles(20));
  t0 = std::chrono::steady_clock::now();
  CHECK(cudaMemcpyAsync(dev, pinned, big, cudaMemcpyHostToDevice, 0));
  double pinned_call_ms = ms_since(t0);
  CHECK(cudaDeviceSynchronize());

  // 3. Two streams, concurrent spins of 20 and 30 ms.
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  spin<<<1, 1, 0, s1>>>(cycles(20));
  spin<<<1, 1, 0, s2>>>(cycles(30));
  CHECK(cudaDeviceSynchronize());

  // 4. Four threads, each syncing its own stream after a 10 ms spin; each times its own
  // wait, which the trace must show as that thread's stall (not merely four threads).
  struct ThreadWait {
    long tid;
    long long start_ns, end_ns;
  };
  std::vector<ThreadWait> thread_waits(4);
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      cudaStream_t s;
      cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
      spin<<<1, 1, 0, s>>>(cycles(10));
      auto w0 = std::chrono::steady_clock::now();
      cudaStreamSynchronize(s);
      auto w1 = std::chrono::steady_clock::now();
      thread_waits[i] = {static_cast<long>(syscall(SYS_gettid)), ns(w0), ns(w1)};
      cudaStreamDestroy(s);
    });
  for (auto &t : threads)
    t.join();
  std::string waits_json;
  for (const ThreadWait &w : thread_waits)
    waits_json += (waits_json.empty() ? "" : ", ") + std::string("[") + std::to_string(w.tid) +
                  ", " + std::to_string(w.start_ns) + ", " + std::to_string(w.end_ns) + "]";

  // 5. Polling an event until a 10 ms spin is done (no blocking call at all).
  cudaEvent_t ev;
  CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  spin<<<1, 1>>>(cycles(10));
  CHECK(cudaEventRecord(ev, 0));
  t0 = std::chrono::steady_clock::now();
  int polls = 0;
  while (cudaEventQuery(ev) == cudaErrorNotReady) {
    ++polls;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  double poll_wait_ms = ms_since(t0);

  // 6. A CUDA graph of 8 short spins, captured (nothing runs), then launched 3 times.
  const int captured_launches = 8, graph_launches = 3;
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  for (int i = 0; i < captured_launches; ++i)
    spin<<<1, 1, 0, s1>>>(cycles(0.05));
  CHECK(cudaStreamEndCapture(s1, &graph));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < graph_launches; ++i)
    CHECK(cudaGraphLaunch(exec, s1));
  CHECK(cudaStreamSynchronize(s1));

  FILE *f = std::fopen(truth_path, "w");
  if (!f)
    return 1;
  std::fprintf(f,
               "{\"d2h_wait_ms\": %.4f, \"pageable_call_ms\": %.4f, \"pinned_call_ms\": %.4f, "
               "\"pageable_bytes\": %zu, \"pair_overlap_ms\": 20.0, \"pair_busy_ms\": 30.0, "
               "\"sync_threads\": 4, \"thread_waits\": [%s], \"d2h_steady_start_ns\": %lld, \"d2h_steady_end_ns\": %lld, \"poll_wait_ms\": %.4f, \"polls\": %d, "
               "\"captured_launches\": %d, \"graph_launches\": %d}\n",
               d2h_wait_ms, pageable_call_ms, pinned_call_ms, big, waits_json.c_str(), d2h_steady_start_ns,
               d2h_steady_end_ns, poll_wait_ms, polls, captured_launches, graph_launches);
  std::fclose(f);
  std::printf("ground truth: blocking DtoH waited %.3f ms; pageable async copy call %.3f ms, "
              "pinned %.3f ms\n",
              d2h_wait_ms, pageable_call_ms, pinned_call_ms);
  return 0;
}
