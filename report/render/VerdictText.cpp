#include "render/VerdictText.h"

#include "render/Format.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace hostsync::report {

namespace {
// Each bound's id in report.json and its name in the sentence.
const struct {
  Bound bound;
  const char *id, *label;
} kBounds[] = {{Bound::NoGpu, "no_gpu", "No GPU activity"},
               {Bound::Gpu, "gpu_bound", "GPU-bound"},
               {Bound::Sync, "sync_bound", "Sync-bound"},
               {Bound::Launch, "launch_bound", "Launch-bound"},
               {Bound::Input, "input_bound", "Input-bound"},
               {Bound::Unexplained, "unexplained", "Idle time unexplained"}};

const char *label(Bound b) {
  for (const auto &k : kBounds)
    if (k.bound == b)
      return k.label;
  return "";
}

// "100.000 ms", "2.54 s": a whole run's GPU time reads in seconds.
std::string duration(Ns ns) {
  if (ns < 1000000000)
    return ms(ns);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f s", static_cast<double>(ns) / 1e9);
  return buf;
}

// "62.0% is the host launching work (...), 37.8% ..., 0.2% follows host syncs": the causes
// with any share, largest first.
std::string causes(const Verdict &v) {
  std::vector<std::pair<Ns, std::string>> parts = {
      {v.sync_ns, "follows host syncs"},
      {v.launch_ns, "is the host launching work (short kernels, host overhead)"},
      {v.input_ns, "is the host busy elsewhere, with no launch to explain it (data loading, CPU "
                   "work)"},
      {v.unexplained_ns, "is not explained by the trace"}};
  std::stable_sort(parts.begin(), parts.end(),
                   [](const auto &a, const auto &b) { return a.first > b.first; });
  std::string out;
  for (const auto &[ns, what] : parts)
    if (ns > 0)
      out += (out.empty() ? "" : ", ") + pct(v.idlePct(ns)) + " " + what;
  return out;
}
} // namespace

const char *boundId(Bound b) {
  for (const auto &k : kBounds)
    if (k.bound == b)
      return k.id;
  return "unexplained";
}

std::string verdictText(const Verdict &v) {
  if (v.bound == Bound::NoGpu)
    return std::string(label(v.bound)) +
           ": the trace records no kernel, copy or memset on a GPU (or none that took time), so "
           "there is no GPU time to explain.";
  std::string text = std::string(label(v.bound)) + ": the GPU is busy " + pct(v.busyPct()) +
                     (v.steady ? " of the steady part's " : " of its traced ") +
                     duration(v.gpu_window_ns);
  if (v.idle_ns == 0)
    return text + "; it was never idle.";
  std::string rest = causes(v);
  text += "; of its idle time, " + (rest.empty() ? "nothing is left to fix" : rest);
  if (v.suppressed_ns > 0) { // intended syncs, named apart: they decide nothing
    size_t shown = std::min<size_t>(v.suppressed_sites.size(), 3);
    std::string sites;
    for (size_t i = 0; i < shown; ++i)
      sites += (i ? "; " : "") + v.suppressed_sites[i];
    if (v.suppressed_sites.size() > shown)
      sites += "; " + std::to_string(v.suppressed_sites.size() - shown) + " more";
    text += " (" + pct(v.idlePct(v.suppressed_ns)) + " follows " +
            (v.suppressed_sites.size() == 1 ? "a suppressed sync: " : "suppressed syncs: ") +
            sites + ")";
  }
  text += ".";
  if (v.syncs_minor)
    return text + " Syncs are not this job's problem: fixing every one would give back at most " +
           pct(Verdict::share(v.sync_ns, v.gpu_window_ns)) + " of the GPU's time.";
  if (v.bound == Bound::Sync)
    return text + " Fix the syncs below first.";
  return text + " Syncs explain " + pct(v.idlePct(v.sync_ns)) + " of it: the sites below.";
}

std::string phasesText(const Verdict &v) {
  if (!v.steady)
    return "";
  std::string how = v.phases_how == "steps"      ? "from its first NVTX step to its last"
                    : v.phases_how == "launches" ? "from where its launches reach 1% of the run's "
                                                   "to where they reach 99%"
                                                 : "all of it: too few launches to split it";
  return "Judged on the steady part of the run (" + how + "); start-up " + duration(v.startup_ns) +
         " and teardown " + duration(v.teardown_ns) +
         " are set apart, and so are the syncs that happen only there.";
}

std::string samplingText(const RunSampling &s) {
  if (!s.on)
    return "";
  auto share = [&](Ns part) { return pct(Verdict::share(part, s.span_ns)); };
  std::string text = "Sampled (" + std::to_string(s.runs) + " run(s), " +
                     std::to_string(s.windows) + " windows observing " + duration(s.observed_ns) +
                     " of " + duration(s.span_ns) +
                     " of GPU time): the GPU figures are estimates. Over the whole run";
  if (s.interval)
    text += ", with 95% intervals: GPU busy " + share(s.busy_ns) + " (" + share(s.busy_lo_ns) +
            " to " + share(s.busy_hi_ns) + "), GPU idle after syncs " + duration(s.bubble_ns) +
            " (" + duration(s.bubble_lo_ns) + " to " + duration(s.bubble_hi_ns) + ").";
  else
    text += ": GPU busy " + share(s.busy_ns) + ", GPU idle after syncs " + duration(s.bubble_ns) +
            " (too few windows for an interval: trace longer, or with --sample-every-ms lower).";
  if (s.slowdown > 1.001)
    text += " The windows slowed the program by " + pct(100 * (s.slowdown - 1)) +
            " (its syncs per second inside them against before them): busy time is counted "
            "per second of the program outside them.";
  if (s.unobserved_syncs)
    text += " " + std::to_string(s.unobserved_syncs) + " syncs at " +
            std::to_string(s.unobserved_sites) +
            " sites fell outside every window: the GPU idle after them is not estimated.";
  return text + " Every sync's count and host wait are exact.";
}

std::string syncTableTitle(const Verdict &v) {
  return v.syncs_minor ? "Syncs (secondary: they explain " + pct(v.idlePct(v.sync_ns)) +
                             " of the GPU's idle time)"
                       : "Fix first";
}

} // namespace hostsync::report
