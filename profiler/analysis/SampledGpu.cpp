#include "analysis/SampledGpu.h"

#include <algorithm>
#include <unordered_map>

namespace hostsync::trace {

Span SampledGpu::Window::span(uint32_t device) const {
  Ns close = w.close ? w.close : Never;
  auto it = work.find(device);
  if (it == work.end())
    return {w.open, close};
  return {it->second.first, std::max(close, it->second.lastEnd)};
}

Ns SampledGpu::Window::end() const {
  Ns e = w.close ? w.close : Never;
  for (const auto &[device, k] : work)
    e = std::max(e, k.lastEnd);
  return e;
}

void SampledGpu::update(TraceModel &m) {
  for (const SampleWindow &r : m.sample_windows) {
    auto it = std::find_if(open_.begin(), open_.end(),
                           [&](const Window &w) { return w.w.open == r.open; });
    if (it != open_.end()) {
      it->w = r; // closed since it was first reported
      if (r.close && !r.event)
        lastClose_ = std::max(lastClose_, r.close);
      continue;
    }
    Window w;
    w.w = r;
    if (r.event) {
      gapHasEvent_ = true;
    } else { // the stretch before it ends here
      w.gapSyncs = gapSyncs_;
      w.gapNs = r.open - lastClose_;
      w.gapClean = lastClose_ != 0 && !gapHasEvent_;
      gapSyncs_ = 0;
      gapHasEvent_ = false;
      if (r.close)
        lastClose_ = std::max(lastClose_, r.close);
    }
    auto at = std::upper_bound(open_.begin(), open_.end(), r.open,
                               [](Ns t, const Window &x) { return t < x.w.open; });
    open_.insert(at, w);
  }
  m.sample_windows.clear();
  if (open_.empty())
    return;
  // The GPU's work is recorded only inside windows: each belongs to the window its launch was
  // made in (the last window that opened before it started, when its launch is not held):
  // work queued in one window may run in the next.
  std::unordered_map<uint32_t, Ns> launchedAt;
  for (const ApiCall &a : m.api)
    launchedAt.emplace(a.correlation, a.start);
  for (const GpuActivity &g : m.gpu) {
    auto l = launchedAt.find(g.correlation);
    Ns at = l == launchedAt.end() ? g.start : l->second;
    auto it = std::upper_bound(open_.begin(), open_.end(), at,
                               [](Ns t, const Window &x) { return t < x.w.open; });
    if (it == open_.begin())
      continue; // of a window already closed and summed, or before any
    Work &k = std::prev(it)->work[g.device];
    k.first = std::min(k.first, g.start);
    k.lastStart = std::max(k.lastStart, g.start);
    k.lastEnd = std::max(k.lastEnd, g.end);
    // A device seen first now was idle in every window closed before: zero clusters for it.
    if (devices_.insert(g.device).second)
      busy_[g.device] = windowTime_;
  }
}

void SampledGpu::dropBefore(Ns t) {
  open_.erase(
      std::remove_if(open_.begin(), open_.end(), [&](const Window &w) { return w.w.open < t; }),
      open_.end());
}

std::vector<Span> SampledGpu::observed(uint32_t device, Ns start, Ns end) const {
  std::vector<Span> parts;
  for (const Window &w : open_) {
    if (w.w.event)
      continue;
    Span s = w.span(device);
    Ns a = std::max(start, s.start), b = std::min(end, s.end);
    if (a < b)
      parts.push_back({a, b});
  }
  return parts;
}

const SampledGpu::Window *SampledGpu::windowOf(Ns t) const {
  for (const Window &w : open_)
    if (w.w.open <= t && t <= (w.w.close ? w.w.close : Never))
      return &w;
  return nullptr;
}

SampledGpu::Window *SampledGpu::windowOf(Ns t) {
  return const_cast<Window *>(static_cast<const SampledGpu *>(this)->windowOf(t));
}

bool SampledGpu::recorded(Ns t) const { return windowOf(t) != nullptr; }

Span SampledGpu::windowAround(Ns t) const {
  const Window *w = windowOf(t);
  return w ? Span{w->w.open, w->w.close ? w->w.close : Never} : Span{0, 0};
}

void SampledGpu::addSync(const Stall &st) {
  Window *w = windowOf(st.end);
  if (!w) { // between windows: the stretch before the next random one
    auto next = std::find_if(open_.begin(), open_.end(),
                             [&](const Window &x) { return !x.w.event && x.w.open > st.end; });
    ++(next == open_.end() ? gapSyncs_ : next->gapSyncs);
    return;
  }
  if (w->w.event)
    return;
  Pending &p = w->syncs[{st.thread, st.start}];
  p.site = st.site;
  p.end = st.end;
  ++w->syncCount;
}

void SampledGpu::addSyncIdle(const Stall &st, Ns idle) {
  Window *w = windowOf(st.end);
  if (w && !w->w.event)
    w->syncs[{st.thread, st.start}].idle += idle; // the sync itself may be folded later
}

void SampledGpu::addBusy(uint32_t device, const std::vector<Span> &united) {
  for (const Span &s : united) {
    if (s.length() <= 0)
      continue;
    for (Window &w : open_) {
      Span o = w.span(device);
      if (!w.w.event && o.start <= s.start && s.start < o.end) {
        w.busy[device] += std::min(s.end, o.end) - s.start;
        break;
      }
    }
  }
}

std::vector<std::pair<uint32_t, Span>> SampledGpu::finish(Ns cut, Ns lo, Ns hi) {
  std::vector<std::pair<uint32_t, Span>> observed;
  if (lo == 0)
    return observed; // the run's first event is not known yet
  auto done = [&](const Window &w) { return w.w.close && (cut == Never || w.end() < cut); };
  for (const Window &w : open_) {
    if (!done(w))
      continue;
    Ns length = std::min(w.w.close, hi) - std::max(w.w.open, lo);
    if (length <= 0)
      continue; // before the run's first event (its imports, its set-up), or after its last
    windowNs_ += length;
    if (w.w.event) {
      ++eventsDone_;
      continue;
    }
    ++windowsDone_;
    windowTime_.add(0, double(length));
    if (w.gapClean && w.gapSyncs >= 10 && w.syncCount >= 10 && w.gapNs > 0) {
      double outside = double(w.gapSyncs) / double(w.gapNs);
      double inside = double(w.syncCount) / double(w.w.close - w.w.open);
      double s = outside / inside;
      if (slowdowns_.size() < MaxSlowdowns)
        slowdowns_.push_back(s);
      else
        slowdowns_[slowdownsSeen_ % MaxSlowdowns] = s;
      ++slowdownsSeen_;
    }
    // Busy time: the work launched in the window against the window's length. Every launch
    // of the run is executed, so work launched per second of the run estimates busy time
    // per second without bias, however far the GPU's queue lags the host (the observed
    // span's edges do not enter it).
    for (uint32_t device : devices_) {
      auto busy = w.busy.find(device);
      busy_[device].add(busy == w.busy.end() ? 0 : double(busy->second), double(length));
      // Its observed span, now that every record of the window is in.
      Span o = w.span(device);
      Ns a = std::max(o.start, lo), b = std::min(o.end, hi);
      if (a < b)
        observed.push_back({device, {a, b}});
    }
    // The syncs whose idle after them the window saw end: between its first work and the
    // start of its last.
    Ns first = Never, lastStart = 0;
    for (const auto &[device, k] : w.work) {
      first = std::min(first, k.first);
      lastStart = std::max(lastStart, k.lastStart);
    }
    std::map<uint32_t, std::pair<double, double>> bySite; // site -> (idle, syncs)
    for (const auto &[key, p] : w.syncs)
      if (p.end && p.end >= first && p.end <= lastStart) {
        auto &[idle, syncs] = bySite[p.site];
        idle += double(p.idle);
        syncs += 1;
      }
    for (const auto &[site, yx] : bySite)
      sites_[site].add(yx.first, yx.second);
  }
  open_.erase(std::remove_if(open_.begin(), open_.end(), done), open_.end());
  return observed;
}

double SampledGpu::slowdown() const {
  if (slowdowns_.size() < 3)
    return 1;
  std::vector<double> v = slowdowns_;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return std::clamp(v[v.size() / 2], 1.0, 2.0);
}

ClusterSums SampledGpu::idleOfSite(uint32_t site) const {
  auto it = sites_.find(site);
  return (it == sites_.end() ? ClusterSums{} : it->second).over(windowsDone_);
}

} // namespace hostsync::trace
