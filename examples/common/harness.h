// The demos' shared harness: command-line options, variants timed interleaved in one
// process (A B C A B C ...), medians and spread, steps/s, peak GPU memory, a table on
// stdout and a JSON file. Each demo supplies its variants as step functions.
#pragma once

#include <torch/torch.h>

#include <c10/core/Event.h>
#include <c10/core/Stream.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace demo {

struct Options {
  int64_t batch = 64;
  int64_t steps = 20;  // steps per timed round
  int64_t warmup = 5;  // untimed steps per variant before the first round
  int64_t rounds = 5;  // interleaved rounds; each variant's median is over rounds
  double seconds = 0;  // --seconds=S: a round also lasts at least S seconds (more steps)
  bool nvml = false;   // --nvml=1: sample NVML's GPU utilization during the timed rounds
  std::vector<std::string> variants; // --variants=a,b (empty: all)
  std::string json;                  // --json=path
  std::map<std::string, std::string> extra; // demo-specific --key=value
  static Options parse(int argc, char **argv);
  bool wants(const std::string &variant) const;
  // --sweep=8,16,32: the batch sizes to run (default: just --batch).
  std::vector<int64_t> sweep() const;
  int64_t integer(const std::string &key, int64_t fallback) const;
};

// CUDA when there is a GPU, else the CPU (the demos also run, slowly, without one).
torch::Device default_device();

// Checks that every variant computed the same value (a loss) as the first: prints them and
// returns false when the largest relative difference exceeds the tolerance; `worst`, when
// given, receives that difference.
bool agree(const std::string &what, const std::vector<std::string> &names,
           const std::vector<double> &values, double tolerance = 1e-5,
           double *worst = nullptr);

struct Variant {
  std::string name;
  std::function<void()> step;   // one training (or inference) step
  std::function<void()> finish; // optional: drain work still in flight (CPU threads)
  // Optional: background work of this variant (loader threads) runs only between
  // resume() and pause(), so that one variant's workers do not steal the CPU from the
  // next variant's round (a variant measured alone is never paused).
  std::function<void()> resume, pause;
  // Optional: running totals of what the variant's host threads spent their time on (ms
  // waiting for the loader, ms labelling...). The harness reports their growth over the
  // timed rounds, per step: where the host time of a step goes, measured, not guessed.
  std::function<std::map<std::string, double>()> counters;
};

// Host time spent in one activity, summed over every thread that does it. Safe to use from
// several threads at once.
class TimeSpent {
public:
  class Scope { // adds the time from its construction to its destruction
  public:
    explicit Scope(TimeSpent &owner)
        : owner_(owner), start_(std::chrono::steady_clock::now()) {}
    ~Scope() {
      owner_.ns_ += std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now() - start_)
                        .count();
    }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    TimeSpent &owner_;
    std::chrono::steady_clock::time_point start_;
  };
  Scope scope() { return Scope(*this); }
  double ms() const { return static_cast<double>(ns_.load()) / 1e6; }

private:
  std::atomic<int64_t> ns_{0};
};

struct Measurement {
  std::string name;
  std::vector<double> ms_per_step; // one value per round
  double median_ms = 0, min_ms = 0, max_ms = 0, steps_per_s = 0;
  int64_t peak_bytes = -1; // -1 when the allocator's stats are not available
  std::map<std::string, double> per_step; // the variant's counters, per timed step
  // With --nvml=1: NVML's GPU utilization % over the variant's timed rounds (see
  // gpu_utilization.h), -1 when not measured or the rounds were too short for 3 samples.
  double gpu_util_pct = -1;
};

// Runs warm-up, then `rounds` interleaved rounds of `steps` steps per variant, with the
// device synchronized around each round so the time is the GPU's, not the launch queue's.
std::vector<Measurement> measure(std::vector<Variant> &variants, const Options &opts,
                                 torch::Device device);

// One table on stdout: each variant's median ms/step, spread, steps/s, speed-up over the
// first variant, peak memory.
void print_table(const std::string &title, const std::vector<Measurement> &rows);

// Collects sections (a title, the measurements, free-form facts) and writes them as JSON.
class Report {
public:
  explicit Report(std::string demo) : demo_(std::move(demo)) {}
  void add(const std::string &section, const std::vector<Measurement> &rows,
           const std::map<std::string, std::string> &facts = {});
  void write(const std::string &path, const Options &opts) const;

private:
  std::string demo_;
  std::vector<std::string> sections_; // serialized JSON objects
};

// Streams. The demos use LibTorch's device-generic c10::Stream, c10::StreamGuard and
// c10::Event; these helpers are the only CUDA-specific part. On a build without CUDA they
// return the device's default stream and do nothing, so work runs in program order.
c10::Stream side_stream(torch::Device device);    // a stream from LibTorch's pool
c10::Stream current_stream(torch::Device device); // the calling thread's current stream
// The GPU, not the host, waits: work queued on `waiter` from now on starts after the work
// queued on `done` so far has finished (torch.cuda.Stream.wait_stream).
void wait_stream(const c10::Stream &waiter, const c10::Stream &done);
// Blocks the calling thread until the work the event recorded has finished (a CPU worker
// waiting for its batch; never the thread that launches the GPU work).
void wait_event(const c10::Event &event);
// Tells the caching allocator that `t`, allocated on another stream, is used on `user`, so
// its memory is not reused before the work queued there so far is done (a no-op off CUDA).
void record_stream(const torch::Tensor &t, const c10::Stream &user);

// The GPU work of one step, recorded once as a CUDA graph and then replayed with a single
// launch: the cure for a step that is launch-bound (many small kernels, each launched by
// the host). `work` must read and write only tensors that keep their addresses from step
// to step (copy each new batch into a fixed input first) and must not sync. The first
// `warmup` calls run `work` eagerly on a side stream (lazy initialisation must not happen
// during capture); the next one captures it there and every call from then on replays it
// on the calling thread's current stream. Without CUDA, every call runs `work`.
class CapturedStep {
public:
  CapturedStep(torch::Device device, std::function<void()> work, int warmup = 3);
  ~CapturedStep();
  CapturedStep(const CapturedStep &) = delete;
  CapturedStep &operator=(const CapturedStep &) = delete;
  void run();
  bool captured() const { return calls_ > warmup_; }

private:
  torch::Device device_;
  std::function<void()> work_;
  int warmup_;
  int calls_ = 0;
  c10::Stream stream_;
  struct Graph;                  // at::cuda::CUDAGraph where LibTorch has CUDA
  std::unique_ptr<Graph> graph_;
};

} // namespace demo
