#include "harness.h"
#include "gpu_utilization.h"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

// The caching allocator's statistics need the CUDA build of LibTorch; a CPU build (such as
// Debian's, which the analyzer parses these sources against) has no such header.
#if __has_include(<c10/cuda/impl/cuda_cmake_macros.h>)
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAStream.h>
#include <ATen/cuda/CUDAGraph.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>
#define DEMO_HAVE_CUDA 1
#endif
#include <c10/core/Event.h>
#include <c10/core/StreamGuard.h>

namespace demo {

namespace {
std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, sep);)
    if (!item.empty())
      out.push_back(item);
  return out;
}

[[maybe_unused]] c10::DeviceIndex index_of(torch::Device device) {
  return device.index() < 0 ? 0 : device.index();
}

void sync(torch::Device device) {
  if (device.is_cuda())
    torch::cuda::synchronize(); // NOLINT(hostsync-explicit-sync): timing boundary
}

void reset_peak(torch::Device device) {
#ifdef DEMO_HAVE_CUDA
  if (device.is_cuda())
    c10::cuda::CUDACachingAllocator::resetPeakStats(device.index() < 0 ? 0 : device.index());
#endif
}

int64_t peak_bytes(torch::Device device) {
#ifdef DEMO_HAVE_CUDA
  if (device.is_cuda()) {
    auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(
        device.index() < 0 ? 0 : device.index());
    // Slot 0 is StatType::AGGREGATE (all pools); the enum's namespace moved across
    // LibTorch versions, its value did not.
    return stats.allocated_bytes[0].peak;
  }
#endif
  return -1;
}

void profiler_mark(torch::Device device, bool start) {
#ifdef DEMO_HAVE_CUDA
  if (device.is_cuda())
    (void)(start ? cudaProfilerStart() : cudaProfilerStop());
#else
  (void)device;
  (void)start;
#endif
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}
} // namespace

Options Options::parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto eq = a.find('=');
    if (a.rfind("--", 0) != 0 || eq == std::string::npos)
      throw std::invalid_argument("expected --key=value, got '" + a + "'");
    std::string key = a.substr(2, eq - 2), value = a.substr(eq + 1);
    if (key == "batch")
      o.batch = std::stoll(value);
    else if (key == "steps")
      o.steps = std::stoll(value);
    else if (key == "warmup")
      o.warmup = std::stoll(value);
    else if (key == "rounds")
      o.rounds = std::stoll(value);
    else if (key == "variants")
      o.variants = split(value, ',');
    else if (key == "json")
      o.json = value;
    else if (key == "seconds")
      o.seconds = std::stod(value);
    else if (key == "nvml")
      o.nvml = value == "1";
    else
      o.extra[key] = value;
  }
  return o;
}

bool Options::wants(const std::string &variant) const {
  return variants.empty() ||
         std::find(variants.begin(), variants.end(), variant) != variants.end();
}

std::vector<int64_t> Options::sweep() const {
  auto it = extra.find("sweep");
  if (it == extra.end())
    return {batch};
  std::vector<int64_t> out;
  for (const std::string &item : split(it->second, ','))
    out.push_back(std::stoll(item));
  return out;
}

torch::Device default_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}

bool agree(const std::string &what, const std::vector<std::string> &names,
           const std::vector<double> &values, double tolerance, double *worst_out) {
  double worst = 0;
  std::printf("%s:", what.c_str());
  for (size_t i = 0; i < values.size(); ++i) {
    worst = std::max(worst, std::abs(values[i] - values[0]) / std::abs(values[0]));
    std::printf(" %s=%.7f", names[i].c_str(), values[i]);
  }
  bool same = worst <= tolerance;
  if (worst_out)
    *worst_out = worst;
  std::printf("\nlargest relative difference %.2e (tolerance %.0e): %s\n", worst, tolerance,
              same ? "same" : "DIFFERENT");
  return same;
}

namespace {
// NVML's sampler for the device, or nullptr (with a line saying why) when there is none.
std::unique_ptr<GpuUtilization> utilization_of(torch::Device device) {
  std::string bus_id = "no CUDA device";
#ifdef DEMO_HAVE_CUDA
  char id[32] = {0};
  if (device.is_cuda() && cudaDeviceGetPCIBusId(id, sizeof id, index_of(device)) == cudaSuccess)
    bus_id = id;
#else
  (void)device;
#endif
  auto u = std::make_unique<GpuUtilization>(bus_id);
  if (u->unavailable().empty())
    return u;
  std::printf("GPU utilization not measured: %s\n", u->unavailable().c_str());
  return nullptr;
}
} // namespace

int64_t Options::integer(const std::string &key, int64_t fallback) const {
  auto it = extra.find(key);
  return it == extra.end() ? fallback : std::stoll(it->second);
}

std::vector<Measurement> measure(std::vector<Variant> &variants, const Options &opts,
                                 torch::Device device) {
  std::vector<Measurement> rows(variants.size());
  std::vector<std::map<std::string, double>> grown(variants.size()); // counters, timed rounds
  std::vector<int64_t> timed_steps(variants.size(), 0);
  std::unique_ptr<GpuUtilization> nvml = opts.nvml ? utilization_of(device) : nullptr;
  std::vector<GpuUtilization::Mean> util(variants.size()); // per variant, over its rounds
  auto counters = [&](size_t v) {
    return variants[v].counters ? variants[v].counters() : std::map<std::string, double>{};
  };
  // A variant alone in its process keeps its loader running from warm-up to the end: paused
  // and resumed, its workers would start each round refilling their queue all at once,
  // competing with the training thread for the CPU, which no steady state does.
  const bool alone = variants.size() == 1;
  for (size_t v = 0; v < variants.size(); ++v) {
    rows[v].name = variants[v].name;
    if (variants[v].resume)
      variants[v].resume();
    for (int64_t i = 0; i < opts.warmup; ++i)
      variants[v].step();
    if (variants[v].finish)
      variants[v].finish();
    if (variants[v].pause && !alone)
      variants[v].pause();
  }
  sync(device);
  // The timed rounds are the region of interest for a profiler (hostsync-trace analyses
  // only what lies between these marks).
  profiler_mark(device, true);
  for (int64_t r = 0; r < opts.rounds; ++r) {
    for (size_t v = 0; v < variants.size(); ++v) {
      reset_peak(device);
      if (variants[v].resume)
        variants[v].resume();
      sync(device);
      auto before = counters(v);
      const uint64_t wall0 = GpuUtilization::now_us();
      auto t0 = std::chrono::steady_clock::now();
      int64_t steps = 0;
      auto elapsed_s = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      };
      while (steps < opts.steps || (opts.seconds > 0 && elapsed_s() < opts.seconds)) {
        variants[v].step();
        ++steps;
      }
      if (variants[v].finish)
        variants[v].finish();
      sync(device);
      auto t1 = std::chrono::steady_clock::now();
      if (nvml)
        nvml->collect(wall0, GpuUtilization::now_us(), util[v]);
      timed_steps[v] += steps;
      for (const auto &kv : counters(v))
        grown[v][kv.first] += kv.second - before[kv.first];
      if (variants[v].pause && !alone)
        variants[v].pause();
      double ms = std::chrono::duration<double, std::milli>(t1 - t0).count() /
                  static_cast<double>(steps);
      rows[v].ms_per_step.push_back(ms);
      rows[v].peak_bytes = std::max(rows[v].peak_bytes, peak_bytes(device));
    }
  }
  profiler_mark(device, false);
  for (size_t v = 0; v < rows.size(); ++v) {
    for (const auto &kv : grown[v])
      rows[v].per_step[kv.first] = kv.second / static_cast<double>(timed_steps[v]);
    if (nvml)
      rows[v].gpu_util_pct = util[v].pct();
  }
  for (Measurement &m : rows) {
    m.median_ms = median(m.ms_per_step);
    m.min_ms = *std::min_element(m.ms_per_step.begin(), m.ms_per_step.end());
    m.max_ms = *std::max_element(m.ms_per_step.begin(), m.ms_per_step.end());
    m.steps_per_s = 1000.0 / m.median_ms;
  }
  return rows;
}

void print_table(const std::string &title, const std::vector<Measurement> &rows) {
  std::printf("\n%s\n", title.c_str());
  std::printf("  %-22s %12s %19s %10s %9s %10s\n", "variant", "ms/step", "min..max",
              "steps/s", "speed-up", "peak MiB");
  for (const Measurement &m : rows) {
    double speedup = rows.front().median_ms / m.median_ms;
    std::printf("  %-22s %12.3f %8.3f..%-9.3f %10.2f %8.2fx %10.1f\n", m.name.c_str(),
                m.median_ms, m.min_ms, m.max_ms, m.steps_per_s, speedup,
                m.peak_bytes < 0 ? -1.0 : m.peak_bytes / 1048576.0);
    for (const auto &kv : m.per_step)
      std::printf("  %-22s   %s per step: %.3f\n", "", kv.first.c_str(), kv.second);
    if (m.gpu_util_pct >= 0)
      std::printf("  %-22s   GPU utilization (NVML): %.1f%%\n", "", m.gpu_util_pct);
  }
  std::fflush(stdout);
}

void Report::add(const std::string &section, const std::vector<Measurement> &rows,
                 const std::map<std::string, std::string> &facts) {
  std::ostringstream os;
  os << "{\"section\": " << quote(section) << ", \"facts\": {";
  bool first = true;
  for (const auto &kv : facts) {
    os << (first ? "" : ", ") << quote(kv.first) << ": " << quote(kv.second);
    first = false;
  }
  os << "}, \"variants\": [";
  for (size_t i = 0; i < rows.size(); ++i) {
    const Measurement &m = rows[i];
    os << (i ? ", " : "") << "{\"name\": " << quote(m.name) << ", \"median_ms\": "
       << m.median_ms << ", \"min_ms\": " << m.min_ms << ", \"max_ms\": " << m.max_ms
       << ", \"steps_per_s\": " << m.steps_per_s
       << ", \"speedup\": " << rows.front().median_ms / m.median_ms
       << ", \"peak_bytes\": " << m.peak_bytes << ", \"gpu_util_pct\": " << m.gpu_util_pct
       << ", \"per_step\": {";
    bool first_counter = true;
    for (const auto &kv : m.per_step) {
      os << (first_counter ? "" : ", ") << quote(kv.first) << ": " << kv.second;
      first_counter = false;
    }
    os << "}, \"ms_per_round\": [";
    for (size_t r = 0; r < m.ms_per_step.size(); ++r)
      os << (r ? ", " : "") << m.ms_per_step[r];
    os << "]}";
  }
  os << "]}";
  sections_.push_back(os.str());
}

void Report::write(const std::string &path, const Options &opts) const {
  if (path.empty())
    return;
  std::ofstream out(path);
  out << "{\"demo\": " << quote(demo_) << ", \"torch\": " << quote(TORCH_VERSION)
      << ", \"options\": {\"batch\": " << opts.batch << ", \"steps\": " << opts.steps
      << ", \"warmup\": " << opts.warmup << ", \"rounds\": " << opts.rounds
      << ", \"seconds\": " << opts.seconds << ", \"nvml\": " << (opts.nvml ? "true" : "false")
      << "}, \"sections\": [";
  for (size_t i = 0; i < sections_.size(); ++i)
    out << (i ? ",\n" : "\n") << sections_[i];
  out << "\n]}\n";
  if (!out)
    throw std::runtime_error("cannot write " + path);
}

c10::Stream side_stream(torch::Device device) {
#ifdef DEMO_HAVE_CUDA
  if (device.is_cuda())
    return c10::cuda::getStreamFromPool(/*isHighPriority=*/false, index_of(device)).unwrap();
#endif
  return c10::Stream(c10::Stream::DEFAULT, device);
}

c10::Stream current_stream(torch::Device device) {
#ifdef DEMO_HAVE_CUDA
  if (device.is_cuda())
    return c10::cuda::getCurrentCUDAStream(index_of(device)).unwrap();
#endif
  return c10::Stream(c10::Stream::DEFAULT, device);
}

void wait_stream(const c10::Stream &waiter, const c10::Stream &done) {
  if (waiter == done || waiter.device_type() != c10::DeviceType::CUDA)
    return;
  c10::Event event(c10::DeviceType::CUDA);
  event.record(done);
  event.block(waiter);
}

void wait_event(const c10::Event &event) {
#if defined(DEMO_HAVE_CUDA) && TORCH_VERSION_MAJOR >= 2
  event.synchronize(); // NOLINT(hostsync-explicit-sync): on a worker thread, by design
#elif defined(DEMO_HAVE_CUDA)
  // LibTorch 1.x's c10::Event has no synchronize() (Debian's 1.13, whose headers the Quick
  // start's lint reads): poll it. The demos run on 2.x.
  while (!event.query())
    std::this_thread::yield();
#else
  (void)event; // no CUDA: nothing was queued asynchronously
#endif
}

void record_stream(const torch::Tensor &t, const c10::Stream &user) {
  if (t.is_cuda())
    const_cast<torch::Tensor &>(t).record_stream(user);
}

#ifdef DEMO_HAVE_CUDA
struct CapturedStep::Graph {
  at::cuda::CUDAGraph graph;
};
#else
struct CapturedStep::Graph {};
#endif

CapturedStep::CapturedStep(torch::Device device, std::function<void()> work, int warmup)
    : device_(device), work_(std::move(work)), warmup_(warmup), stream_(side_stream(device)),
      graph_(std::make_unique<Graph>()) {}

CapturedStep::~CapturedStep() = default;

void CapturedStep::run() {
  const int call = calls_++;
#ifdef DEMO_HAVE_CUDA
  if (device_.is_cuda()) {
    if (call <= warmup_) {
      // Warm-up and capture both happen on the side stream (a graph cannot be captured on
      // the default stream), ordered after and before the caller's stream's work.
      c10::Stream caller = current_stream(device_);
      wait_stream(stream_, caller);
      {
        c10::StreamGuard on_side(stream_);
        if (call < warmup_) {
          work_();
        } else {
          graph_->graph.capture_begin();
          work_();
          graph_->graph.capture_end(); // captured, not run: the replay below runs it
        }
      }
      wait_stream(caller, stream_);
      if (call < warmup_)
        return;
    }
    graph_->graph.replay(); // on the caller's current stream
    return;
  }
#endif
  (void)call;
  work_();
}

} // namespace demo
