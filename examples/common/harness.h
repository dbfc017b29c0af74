// The demos' shared harness: command-line options, variants timed interleaved in one
// process (A B C A B C ...), medians and spread, steps/s, peak GPU memory, a table on
// stdout and a JSON file. Each demo supplies its variants as step functions.
#pragma once

#include <torch/torch.h>

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
  std::vector<std::string> variants; // --variants=a,b (empty: all)
  std::string json;                  // --json=path
  std::map<std::string, std::string> extra; // demo-specific --key=value
  static Options parse(int argc, char **argv);
  bool wants(const std::string &variant) const;
  int64_t integer(const std::string &key, int64_t fallback) const;
};

struct Variant {
  std::string name;
  std::function<void()> step; // one training (or inference) step
};

struct Measurement {
  std::string name;
  std::vector<double> ms_per_step; // one value per round
  double median_ms = 0, min_ms = 0, max_ms = 0, steps_per_s = 0;
  int64_t peak_bytes = -1; // -1 when the allocator's stats are not available
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

} // namespace demo
