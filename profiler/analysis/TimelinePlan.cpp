#include "analysis/TimelinePlan.h"

#include <algorithm>
#include <cstdlib>

namespace hostsync::trace {

namespace {
bool readCount(const std::string &text, size_t &n) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18)
    return false;
  n = static_cast<size_t>(std::strtoull(text.c_str(), nullptr, 10));
  return true;
}
} // namespace

std::string parseStepRange(const std::string &text, size_t &first, size_t &last) {
  size_t dash = text.find('-');
  std::string a = text.substr(0, dash), b = dash == std::string::npos ? a : text.substr(dash + 1);
  if (!readCount(a, first) || !readCount(b, last))
    return "'" + text + "' is not a step range (A-B, or A: steps counted from 0)";
  if (last < first)
    return "'" + text + "': the last step comes before the first";
  return "";
}

void TimelinePlan::request(Ns at) {
  if (options_.signal_ns > 0)
    requests_.push_back(at);
}

const std::vector<PlannedWindow> &
TimelinePlan::update(const TraceModel &m, Ns first, const std::vector<std::pair<Ns, Ns>> &profiler,
                     Ns cut) {
  auto begin = [&](std::string name, std::string reason, TimeRange range) {
    windows_.push_back({std::move(name), std::move(reason), range});
    return windows_.size() - 1;
  };
  // Steps: from the first step's start to the start of the step after the last (the run's
  // end when there is none).
  const std::vector<Ns> &steps = m.step_starts;
  if (options_.steps && steps_ < 0 && steps.size() > options_.first_step &&
      steps[options_.first_step] < cut) {
    std::string span =
        std::to_string(options_.first_step) + "-" + std::to_string(options_.last_step);
    steps_ = static_cast<int>(
        begin("steps-" + span, "NVTX steps " + span, {steps[options_.first_step], Never}));
  }
  if (steps_ >= 0 && steps.size() > options_.last_step + 1)
    windows_[static_cast<size_t>(steps_)].range.hi = steps[options_.last_step + 1];

  // Every every_ns of the run, for_ns: the first one period after the run's first event. The
  // last fold (cut at Never) begins those up to the last record.
  Ns upTo = cut == Never ? m.lastEnd() : cut;
  if (options_.every_ns > 0 && options_.for_ns > 0 && first > 0)
    for (Ns lo = first + static_cast<Ns>(every_ + 1) * options_.every_ns; lo < upTo;
         lo = first + static_cast<Ns>(every_ + 1) * options_.every_ns) {
      ++every_;
      begin("every-" + std::to_string(every_),
            "every " + std::to_string(options_.every_ns / 1000000000) + " s, window " +
                std::to_string(every_),
            {lo, lo + options_.for_ns});
    }

  // cudaProfilerStart..Stop: one window each, its end filled in when the Stop is seen.
  if (options_.profiler)
    for (size_t i = 0; i < profiler.size(); ++i) {
      if (i == profilerIndex_.size()) {
        if (profiler[i].first >= cut)
          break;
        std::string n = std::to_string(i + 1);
        profilerIndex_.push_back(
            begin("profiler-" + n, "cudaProfilerStart..Stop " + n, {profiler[i].first, Never}));
      }
      windows_[profilerIndex_[i]].range.hi = profiler[i].second;
    }

  for (Ns at : requests_) {
    std::string n = std::to_string(++signals_);
    begin("signal-" + n, "SIGUSR2 " + n, {at, at + options_.signal_ns});
  }
  requests_.clear();
  return windows_;
}

} // namespace hostsync::trace
