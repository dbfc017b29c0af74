// A sampled run's folded figures made whole-run estimates (analysis/SampledGpu,
// analysis/SampleEstimate): every GPU figure of the summary was observed in the windows, and
// is replaced by its estimate; the estimates' intervals go to Summary::sampling. Syncs, their
// counts, waits, lengths and bytes were recorded always and are left as they are.
#include "analysis/RunFold.h"

#include <algorithm>
#include <cmath>

namespace hostsync::trace {

namespace {
// A device's GPU time within a stretch: the part of its first-to-last work inside it.
Ns overlapOf(const PhaseTotals &p, const DeviceIdle &d) {
  return std::max<Ns>(0, std::min(p.end, d.window_end) - std::max(p.start, d.window_start));
}

// A site's idle after its syncs, by part of the run: its mean per sync, times its syncs there
// (counted exactly: the windows need not fall where the parts begin and end).
void spreadSite(std::array<SitePhase, PhaseCount> &phases, double perSync) {
  for (SitePhase &p : phases)
    p.idle_ns = static_cast<Ns>(perSync * double(p.calls));
}
} // namespace

void RunFold::estimate(Summary &s) const {
  if (!sampled_)
    return;
  SamplingSummary &out = s.sampling;
  out.on = true;
  out.options = options_.sample;
  out.windows = sampled_->windows();
  out.event_windows = sampled_->eventWindows();

  double slowdown = sampled_->slowdown();
  out.slowdown = slowdown;
  out.slowdown_windows = sampled_->slowdownWindows();
  Ns spans = 0, observed = 0;
  for (DeviceIdle &d : s.idle) {
    // Its time: the run's, first event to last (outside the windows its first and last work
    // are not seen); the windows are counted within it (SampledGpu::finish).
    d.window_start = lo_;
    d.window_end = hi_;
    SampledDevice sd;
    sd.device = d.device;
    sd.span_ns = hi_ - lo_;
    // Per second of the program as it runs outside windows (SampledGpu::slowdown): the
    // windows' seconds count 1/slowdown each, in the clusters and in the run's length.
    if (auto it = sampled_->busy().find(d.device); it != sampled_->busy().end())
      sd.busy = it->second.total(
          slowdown * (double(sd.span_ns) - double(sampled_->windowNs()) * (1 - 1 / slowdown)));
    // No device is busy for longer than the run: the estimate and its interval within it.
    double span = double(sd.span_ns);
    sd.busy.value = std::min(sd.busy.value, span);
    sd.busy.lo = std::min(sd.busy.lo, span);
    sd.busy.hi = std::min(sd.busy.hi, span);
    out.devices.push_back(sd);
    Ns seen = devices_.at(d.device).observed_ns;
    out.observed_ns += seen;
    if (seen <= 0 || sd.busy.windows == 0)
      continue; // nothing observed: the device's figures stay what was seen (none)
    spans += sd.span_ns;
    observed += seen;
    // The idle by cause: the shares the windows saw, of the idle estimated.
    Ns idleSeen = 0;
    for (Ns c : d.cause_ns)
      idleSeen += c;
    d.busy_ns = std::clamp<Ns>(static_cast<Ns>(sd.busy.value), 0, sd.span_ns);
    d.idle_ns = sd.span_ns - d.busy_ns;
    for (Ns &c : d.cause_ns)
      c = idleSeen > 0 ? static_cast<Ns>(double(d.idle_ns) * double(c) / double(idleSeen)) : 0;
  }

  // Each site's idle after its syncs: its observed syncs' mean, times all its syncs.
  double bubble = 0, half2 = 0;
  bool intervals = true;
  for (SiteCost &c : s.sites) {
    Estimate e = sampled_->idleOfSite(c.site).total(double(c.count));
    c.idle_charged_ns = static_cast<Ns>(e.value);
    c.estimated = true;
    c.idle_estimate = e;
    double perSync = c.count ? e.value / double(c.count) : 0;
    spreadSite(c.phases, perSync);
    if (auto it = s.phases.sites.find(c.site); it != s.phases.sites.end())
      spreadSite(it->second, perSync);
    out.sites.push_back({c.site, e});
    if (e.observed <= 0 && c.count > 0) {
      ++out.unobserved_sites;
      out.unobserved_syncs += c.count;
    }
    bubble += e.value;
    half2 += std::pow(e.hi - e.value, 2); // lo may be clamped at 0: the upper half is whole
    intervals = intervals && (e.interval || e.value == 0);
  }
  sortByCost(s.sites);
  s.bubble_ns = static_cast<Ns>(bubble);
  out.bubble.value = bubble;
  out.bubble.lo = std::max(0.0, bubble - std::sqrt(half2));
  out.bubble.hi = bubble + std::sqrt(half2);
  out.bubble.windows = out.windows;
  out.bubble.interval = intervals && out.windows >= 2;

  // Time figures observed in the windows, scaled to the devices' whole time.
  if (observed > 0) {
    double f = double(spans) / double(observed);
    auto scale = [&](Ns &v) { v = static_cast<Ns>(double(v) * f); };
    scale(s.overlap.gpu_busy_ns);
    scale(s.overlap.multi_stream_ns);
    scale(s.overlap.copy_ns);
    scale(s.overlap.copy_under_compute_ns);
    for (StreamBusy &b : s.overlap.streams)
      scale(b.busy_ns);
    for (PairOverlap &p : s.overlap.pairs)
      scale(p.overlap_ns);
  }
  // Each part's figures by time; its idle after syncs as the sites' (by their syncs there),
  // the other causes sharing the rest of its idle time as the windows saw them.
  std::array<double, PhaseCount> afterSyncs{};
  for (const auto &[site, phases] : s.phases.sites)
    for (int k = 0; k < PhaseCount; ++k)
      afterSyncs[k] += double(phases[k].idle_ns);
  for (int k = 0; k < PhaseCount; ++k) {
    PhaseTotals &p = s.phases.part[k];
    Ns time = 0;
    for (const DeviceIdle &d : s.idle)
      time += overlapOf(p, d);
    p.scaleGpu(p.observed_ns > 0 ? double(time) / double(p.observed_ns) : 0);
    Ns &sync = p.idle_ns[static_cast<int>(GapCause::SyncBubble)];
    Ns idle = p.idleNs(), others = idle - sync;
    sync = std::min<Ns>(static_cast<Ns>(afterSyncs[k]), idle);
    for (int c = 0; c < GapCauses; ++c)
      if (c != static_cast<int>(GapCause::SyncBubble))
        p.idle_ns[c] =
            others > 0
                ? static_cast<Ns>(double(p.idle_ns[c]) * double(idle - sync) / double(others))
                : 0;
  }
}

} // namespace hostsync::trace
