#include "analysis/RunFold.h"

#include "analysis/Window.h"
#include "model/ApiRegistry.h"

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <unordered_set>

namespace hostsync::trace {

namespace {
constexpr size_t MaxCollectives = 100000; // the collectives listed (trace.json's events)

// Removes the elements for which drop() holds, keeping the others' order.
template <typename Event, typename Pred> void dropIf(std::vector<Event> &v, Pred drop) {
  v.erase(std::remove_if(v.begin(), v.end(), drop), v.end());
}

void minMax(Ns &lo, Ns &hi, Ns start, Ns end) {
  lo = lo == 0 ? start : std::min(lo, start);
  hi = std::max(hi, end);
}
} // namespace

// A call whose GPU work the cut waits for: a kernel launch or a copy that succeeded. Not a
// memset: PyTorch's memsets of nothing leave no record (pytorch/examples word_language_model
// held the cut back 30 s behind the run waiting for them), and a memset recorded late is at
// most a memset's length of busy time missed.
// In a sampled run, a copy outside the windows is not waited for: CUPTI hands its record over
// only once a buffer fills, maybe at exit (its call's arguments stand in: analysis/Stalls).
bool RunFold::awaitsWork(const ApiCall &a) const {
  const std::string &n = model_.name(a.name);
  if (a.result != 0)
    return false;
  if (roleOf(n) == ApiRole::Memcpy)
    return !sampled_ || sampled_->recorded(a.start);
  return n.rfind("cudaLaunch", 0) == 0 || n.rfind("cuLaunch", 0) == 0;
}

Ns RunFold::safeCut(Ns flushed) {
  if (sampled_) // the windows just reported: the copies in them are waited for
    sampled_->update(model_);
  std::unordered_set<uint32_t> withWork;
  for (const GpuActivity &g : model_.gpu)
    withWork.insert(g.correlation);
  Ns cut = flushed;
  stats_.held_by = 0;
  auto holdAt = [&](const ApiCall &a) {
    if (a.start < cut && a.start >= flushed - options_.outstanding_ns) {
      cut = a.start;
      stats_.held_by = a.name;
    }
  };
  // Each thread's latest call: a copy there may be the first half of a read-back whose stream
  // synchronize is still to come (one sync, analysis/Stalls.h): both in the same fold.
  std::unordered_map<uint32_t, const ApiCall *> latest;
  for (const ApiCall &a : model_.api) {
    if (!withWork.count(a.correlation) && awaitsWork(a))
      holdAt(a);
    const ApiCall *&l = latest[a.thread];
    if (!l || a.start > l->start)
      l = &a;
  }
  for (const auto &[thread, a] : latest)
    if (roleOf(model_.name(a->name)) == ApiRole::Memcpy)
      holdAt(*a);
  return cut;
}

void RunFold::resetTotals() {
  lo_ = hi_ = 0;
  syncCount_ = stallCount_ = 0;
  stallNs_ = bubbleNs_ = 0;
  sites_.clear();
  devices_.clear();
  overlap_ = {};
  streamBusy_.clear();
  pairOverlap_.clear();
  communication_ = {};
  commDevices_.clear();
  launches_ = {};
  records_ = {};
  kept_.clear();
  idleAhead_.clear();
  timeline_ = {};
  timelineCost_ = -1;
  series_ = {};
}

// Leaves out of the held records those before the analysed part (warm-up, skipped steps,
// outside the profiler windows), once it is known for them: for every record that started
// before the cut, the marks that decide it have been seen.
void RunFold::keepAnalysedPart(Ns cut) {
  bool hadMarks = !marks_.empty();
  for (const ApiCall &a : model_.api)
    if (a.start >= cut_ && a.start < cut) {
      const std::string &n = model_.name(a.name);
      if (n == "cudaProfilerStart")
        marks_.push_back({a.end, true});
      else if (n == "cudaProfilerStop")
        marks_.push_back({a.start, false});
    }
  // With windows, what came before the first one is not analysed: neither are the totals
  // folded before it was seen.
  if (!hadMarks && !marks_.empty())
    resetTotals();
  std::vector<std::pair<Ns, Ns>> windows = windowsOfMarks(marks_);
  windowCount_ = windows.size();

  if (first_ == 0) {
    Ns hi = 0;
    for (const ApiCall &a : model_.api)
      minMax(first_, hi, a.start, a.end);
    for (const GpuActivity &g : model_.gpu)
      minMax(first_, hi, g.start, g.end);
  }
  Ns from = first_ + options_.skip_ns;
  if (options_.skip_steps)
    from = model_.step_starts.size() > options_.skip_steps
               ? std::max(from, model_.step_starts[options_.skip_steps])
               : Never;
  if (sampled_ && from > first_)
    sampled_->dropBefore(from);
  if (from <= first_ && marks_.empty())
    return; // everything is analysed
  auto outside = [&](Ns t) {
    if (t >= cut)
      return false; // not decided yet
    if (t < from)
      return true;
    if (marks_.empty())
      return false;
    for (const auto &[lo, hi] : windows)
      if (lo <= t && t < hi)
        return false;
    return true;
  };
  auto drop = [&](const auto &e) { return outside(e.start); };
  dropIf(model_.api, drop);
  dropIf(model_.gpu, drop);
  dropIf(model_.syncs, drop);
  dropIf(model_.overheads, drop);
}

void RunFold::addResults(const Summary &s, const TimeRange &slice) {
  for (const Stall &st : s.stalls) {
    if (!slice.holds(st.end))
      continue;
    ++syncCount_;
    stallCount_ += st.waited;
    stallNs_ += st.length();
    SiteTotals &site = sites_[st.site];
    site.lengths.add(st.length());
    site.waited += st.waited;
    site.bytes += st.bytes;
    if (site.stack < 0)
      site.stack = st.stack;
    if (sampled_)
      sampled_->addSync(st);
    StallKey key{st.thread, st.start};
    KeptStall &k = kept_[key];
    k.stall = st;
    if (auto ahead = idleAhead_.find(key); ahead != idleAhead_.end()) {
      k.idle_ns += ahead->second;
      idleAhead_.erase(ahead);
    }
  }
  for (const DeviceIdle &d : s.idle)
    for (const IdleGap &g : d.gaps) {
      if (!slice.holds(g.closedAt()))
        continue;
      Ns seen = sampled_ ? total(knownParts(d.device, g.start, g.end)) : g.length();
      devices_[d.device].cause_ns[static_cast<int>(g.cause)] += seen;
      // A gap a window saw only in part is GPU idle, but not all of what followed its sync.
      if (g.cause != GapCause::SyncBubble || seen != g.length())
        continue;
      bubbleNs_ += g.length();
      const Stall &st = s.stalls[g.stall];
      sites_[st.site].idle_ns += g.length();
      if (sampled_)
        sampled_->addSyncIdle(st, g.length());
      StallKey key{st.thread, st.start};
      if (slice.holds(st.end) || st.end < slice.lo) {
        if (auto it = kept_.find(key); it != kept_.end())
          it->second.idle_ns += g.length();
      } else {
        idleAhead_[key] += g.length();
      }
    }

  std::map<uint32_t, std::vector<Span>> busy;
  std::vector<Ns> launchedAt; // the slice's launches, for the phases
  for (const GpuActivity &g : model_.gpu) {
    if (!sampled_)
      busy[g.device].push_back(slice.clip(g.start, g.end));
    else // only what the windows observed (a copy may run past its window)
      for (const Span &known : knownParts(g.device, g.start, g.end))
        busy[g.device].push_back(slice.clip(known.start, known.end));
    if (slice.holds(g.end)) {
      DeviceTotals &d = devices_[g.device];
      minMax(d.first, d.last, g.start, g.end);
      minMax(lo_, hi_, g.start, g.end);
      ++records_.gpu;
    }
  }
  std::vector<Span> busySpans; // each device's, united: for the phases
  for (auto &[device, spans] : busy) {
    std::vector<Span> united = unite(std::move(spans));
    devices_[device].busy_ns += total(united);
    if (sampled_)
      sampled_->addBusy(device, united);
    busySpans.insert(busySpans.end(), united.begin(), united.end());
  }
  std::unordered_set<uint32_t> sliceCalls;
  for (const ApiCall &a : model_.api)
    if (slice.holds(a.end)) {
      minMax(lo_, hi_, a.start, a.end);
      ++records_.api;
      sliceCalls.insert(a.correlation);
      if (launchesWork(model_.name(a.name)))
        launchedAt.push_back(a.start);
    }
  addToPhases(s, slice, busySpans, launchedAt);
  for (const ExternalLink &l : model_.external)
    records_.external += sliceCalls.count(l.correlation);
  for (const SyncRecord &r : model_.syncs)
    records_.sync += slice.holds(r.end);
  for (const Overhead &o : model_.overheads)
    records_.overhead += slice.holds(o.end);

  // In a sampled run, the overlap and the collectives are read from the work inside observed
  // spans alone (a window's last work may run past it, into the next unobserved stretch).
  std::vector<GpuActivity> all;
  if (sampled_) {
    std::vector<GpuActivity> inside;
    for (const GpuActivity &g : model_.gpu)
      if (!knownParts(g.device, g.start, g.end).empty())
        inside.push_back(g);
    all.swap(model_.gpu);
    model_.gpu.swap(inside);
  }
  OverlapResult o = findOverlap(model_, slice);
  if (lo_ != 0)
    series_.addOverlap(o); // the steady part's overlap, apart from the start-up's
  overlap_.gpu_busy_ns += o.gpu_busy_ns;
  overlap_.multi_stream_ns += o.multi_stream_ns;
  overlap_.copy_ns += o.copy_ns;
  overlap_.copy_under_compute_ns += o.copy_under_compute_ns;
  for (const StreamBusy &b : o.streams)
    streamBusy_[{b.device, b.stream}] += b.busy_ns;
  for (const PairOverlap &p : o.pairs)
    pairOverlap_[{p.device, p.stream_a, p.stream_b}] += p.overlap_ns;

  CommunicationResult c = findCommunication(model_, slice);
  communication_.comm_ns += c.comm_ns;
  communication_.hidden_ns += c.hidden_ns;
  communication_.collective_count += c.collective_count;
  for (const Collective &e : c.collectives)
    if (communication_.collectives.size() < MaxCollectives)
      communication_.collectives.push_back(e);
  for (const DeviceCommunication &d : c.devices) {
    DeviceCommunication &into = commDevices_[d.device];
    into.device = d.device;
    into.collectives += d.collectives;
    into.comm_ns += d.comm_ns;
    into.hidden_ns += d.hidden_ns;
  }

  if (sampled_)
    model_.gpu.swap(all); // every record again
  LaunchCounts l = countLaunches(model_, slice);
  launches_.launches += l.launches;
  launches_.without_work += l.without_work;
  launches_.captured += l.captured;

  // The timeline: the slice around the costliest site's median stall, from the fold where
  // that site cost the most; with no stall yet, the latest fold's middle.
  Ns cost = s.sites.empty() ? -1 : s.sites.front().idle_charged_ns + s.sites.front().stall_ns;
  if (cost > timelineCost_ || (timelineCost_ < 0 && cost < 0)) {
    timeline_ = representativeSlice(model_, s);
    timelineCost_ = cost;
  }
}

// The slice's results in time (analysis/Phases), once the run's first event is known.
void RunFold::addToPhases(const Summary &s, const TimeRange &slice, const std::vector<Span> &busy,
                          const std::vector<Ns> &launchedAt) {
  if (lo_ == 0)
    return; // nothing analysed yet
  series_.setOrigin(lo_);
  for (const Stall &st : s.stalls)
    if (slice.holds(st.end))
      series_.addSync(st.start, st.site, st.length(), st.waited);
  for (const DeviceIdle &d : s.idle)
    for (const IdleGap &g : d.gaps) {
      if (!slice.holds(g.closedAt()))
        continue;
      uint32_t site = g.cause == GapCause::SyncBubble ? s.stalls[g.stall].site : 0;
      if (!sampled_) {
        series_.addGap(g, site);
        continue;
      }
      std::vector<Span> parts = knownParts(d.device, g.start, g.end);
      bool whole = total(parts) == g.length();
      for (const Span &part : parts) {
        IdleGap known = g;
        known.start = part.start;
        known.end = part.end;
        series_.addGap(known, whole ? site : 0); // a part is no sync's whole idle
      }
    }
  for (const Span &b : busy)
    series_.addBusy(b.start, b.end);
  for (Ns at : launchedAt)
    series_.addLaunches(at);
}

std::vector<Span> RunFold::knownParts(uint32_t device, Ns start, Ns end) const {
  if (sampled_)
    return sampled_->observed(device, start, end);
  return {Span{start, end}};
}

void RunFold::finishWindows(Ns cut) {
  if (!sampled_)
    return;
  for (const auto &[device, span] : sampled_->finish(cut, lo_, cut == Never ? hi_ : Never)) {
    devices_[device].observed_ns += span.length();
    if (lo_ != 0) {
      series_.setOrigin(lo_);
      series_.addObserved(span.start, span.end);
    }
  }
}

void RunFold::showWorst(const Summary &s, const TimeRange &slice) {
  if (!onWorst_)
    return;
  const Stall *worst = nullptr;
  Ns cost = worstCost_;
  for (size_t i = 0; i < s.stalls.size(); ++i)
    if (slice.holds(s.stalls[i].end) && s.stalls[i].length() + s.stall_idle_ns[i] > cost &&
        (!sampled_ || sampled_->recorded(s.stalls[i].end))) {
      worst = &s.stalls[i];
      cost = worst->length() + s.stall_idle_ns[i];
    }
  if (!worst)
    return;
  worstCost_ = cost;
  Ns half = options_.window_ns / 2;
  TimeRange range{worst->start - half, std::min(slice.hi, worst->end + half)};
  if (sampled_) { // the GPU's work was recorded only inside the window
    Span w = sampled_->windowAround(worst->end);
    range = {std::max(range.lo, std::min(w.start, worst->start)), std::min(range.hi, w.end)};
  }
  onWorst_(model_, s, range);
}

void RunFold::pruneStalls() {
  if (kept_.size() <= 2 * options_.keep_stalls)
    return;
  std::vector<std::pair<Ns, StallKey>> byCost;
  for (const auto &[key, k] : kept_)
    byCost.push_back({k.idle_ns + k.stall.length(), key});
  std::nth_element(byCost.begin(), byCost.begin() + static_cast<long>(options_.keep_stalls),
                   byCost.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
  for (size_t i = options_.keep_stalls; i < byCost.size(); ++i)
    kept_.erase(byCost[i].second);
}

// Lets go of the records no later fold can need (see the header).
void RunFold::letGo(Ns cut, const Summary &s) {
  Ns behind = cut - options_.context_ns;
  // A device's next gap starts where its last work ended: the calls that may still be
  // waiting then, and that work itself, stay (unless the device has been idle for long).
  Ns reach = behind;
  for (const auto &[device, d] : devices_)
    if (d.last >= cut - options_.outstanding_ns)
      reach = std::min(reach, d.last);
  // The stalls that may still cover a device's next gap (its start is the device's last
  // busy end), kept as found: the calls they were found in may be let go.
  std::vector<Stall> held;
  for (const Stall &st : s.stalls)
    if (st.end < cut && st.end >= reach)
      held.push_back(st);
  held_.swap(held);
  std::unordered_set<uint32_t> withWork;
  for (const GpuActivity &g : model_.gpu)
    withWork.insert(g.correlation);
  std::stable_sort(model_.api.begin(), model_.api.end(),
                   [](const ApiCall &a, const ApiCall &b) { return a.start < b.start; });
  // Per thread, what a later stall reaches back to: a polling loop's first "not ready"
  // answer (where its stall begins), the last copy (a stream sync after a copy to the host
  // is that copy's wait). As of the cut: a call that ends after it is held anyway, and the
  // stall it ends is folded later.
  std::unordered_map<uint32_t, const ApiCall *> pollStart, lastCopy;
  for (const ApiCall &a : model_.api) {
    if (a.end >= cut)
      continue;
    ApiRole role = roleOf(model_.name(a.name));
    if (role == ApiRole::Query && a.result == CudaErrorNotReady)
      pollStart.emplace(a.thread, &a);
    else if (role != ApiRole::None || launchesWork(model_.name(a.name)))
      pollStart.erase(a.thread);
    if (role == ApiRole::Memcpy)
      lastCopy[a.thread] = &a;
    else if (role == ApiRole::StreamSync || role == ApiRole::DeviceSync)
      lastCopy.erase(a.thread); // its wait came: a later sync does not reach back to it
  }
  std::unordered_set<const ApiCall *> reachedBack;
  for (const auto &[thread, a] : pollStart)
    reachedBack.insert(a);
  for (const auto &[thread, a] : lastCopy)
    reachedBack.insert(a);
  auto needed = [&](const ApiCall &a) {
    if (a.end >= behind || reachedBack.count(&a))
      return true;
    const std::string &n = model_.name(a.name);
    return a.start >= cut - options_.outstanding_ns &&
           (captureMarkOf(n) != CaptureMark::None ||
            (awaitsWork(a) && !withWork.count(a.correlation)));
  };
  std::vector<ApiCall> api;
  for (const ApiCall &a : model_.api)
    if (needed(a))
      api.push_back(a);
  model_.api.swap(api);
  // The work of a call still held stays with it: a call held with no work would look
  // like a launch whose work is still to come (safeCut), and a copy classifies the wait
  // after it.
  std::unordered_set<uint32_t> calls;
  for (const ApiCall &a : model_.api)
    calls.insert(a.correlation);
  dropIf(model_.gpu, [&](const GpuActivity &g) {
    auto d = devices_.find(g.device);
    return g.end < behind && !(d != devices_.end() && g.end >= d->second.last) &&
           !calls.count(g.correlation);
  });
  dropIf(model_.syncs, [&](const SyncRecord &r) { return r.end < behind; });
  dropIf(model_.overheads, [&](const Overhead &o) { return o.end < reach; });
  dropIf(model_.external, [&](const ExternalLink &l) { return !calls.count(l.correlation); });
}

void RunFold::fold(Ns cut) {
  if (cut <= cut_)
    return;
  if (sampled_)
    sampled_->update(model_);
  keepAnalysedPart(cut);
  // Each device was busy until its last folded work ended, whatever of it is still held.
  Earlier earlier;
  for (const auto &[device, d] : devices_)
    if (d.last)
      earlier.busy_until[device] = d.last;
  earlier.until = cut_;
  earlier.stalls = held_;
  Summary s = summarize(model_, options_.min_stall_ns, earlier);
  TimeRange slice{cut_, cut};
  addResults(s, slice);
  pruneStalls();
  showWorst(s, slice);
  if (onSlice_)
    onSlice_(model_, s, slice);
  finishWindows(cut);
  cut_ = cut;
  if (cut != Never)
    letGo(cut, s);
}

void RunFold::foldAt(Ns flushed) {
  auto began = std::chrono::steady_clock::now();
  Ns cut = safeCut(flushed);
  fold(cut);
  Ns took =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - began)
          .count();
  ++stats_.folds;
  stats_.fold_ns += took;
  stats_.most_fold_ns = std::max(stats_.most_fold_ns, took);
  stats_.most_cut_lag_ns = std::max(stats_.most_cut_lag_ns, flushed - cut);
  stats_.most_held = std::max(stats_.most_held, model_.api.size() + model_.gpu.size() +
                                                    model_.syncs.size() + model_.overheads.size());
}

std::string RunFold::keptSizes() const {
  return "kept stalls " + std::to_string(kept_.size()) + ", idle ahead " +
         std::to_string(idleAhead_.size()) + ", held stalls " + std::to_string(held_.size()) +
         ", sites " + std::to_string(sites_.size()) + ", names " +
         std::to_string(model_.nameCount()) + ", collectives " +
         std::to_string(communication_.collectives.size()) + ", timeline " +
         std::to_string(timeline_.api.size() + timeline_.gpu.size());
}

std::vector<std::pair<Ns, Ns>> RunFold::profilerRanges() const { return windowsOfMarks(marks_); }

std::string RunFold::stepNote() const {
  if (options_.skip_steps == 0 || model_.step_starts.size() > options_.skip_steps)
    return "";
  return "only " + std::to_string(model_.step_starts.size()) + " steps (NVTX ranges named '" +
         model_.step_range + "') were seen, " + std::to_string(options_.skip_steps) +
         " to skip: nothing is left to analyse";
}

Summary RunFold::summary() const {
  Summary s;
  std::vector<KeptStall> kept;
  for (const auto &[key, k] : kept_)
    kept.push_back(k);
  std::sort(kept.begin(), kept.end(), [](const KeptStall &a, const KeptStall &b) {
    Ns ca = a.idle_ns + a.stall.length(), cb = b.idle_ns + b.stall.length();
    return ca != cb ? ca > cb : a.stall.start < b.stall.start;
  });
  if (kept.size() > options_.keep_stalls)
    kept.resize(options_.keep_stalls);
  std::sort(kept.begin(), kept.end(),
            [](const KeptStall &a, const KeptStall &b) { return a.stall.start < b.stall.start; });
  for (const KeptStall &k : kept) {
    s.stalls.push_back(k.stall);
    s.stall_idle_ns.push_back(k.idle_ns);
  }
  s.stall_count = stallCount_;
  s.sync_count = syncCount_;
  s.phases = series_.phases(model_.step_starts);
  for (PhaseTotals &p : s.phases.part) { // bucket edges, within the run's first and last event
    p.start = std::clamp(p.start, lo_, hi_);
    p.end = std::clamp(p.end, p.start, hi_);
  }
  for (const auto &[device, d] : devices_) {
    if (d.last == 0)
      continue; // idle charged, but no work of its own in the analysed part
    DeviceIdle out;
    out.device = device;
    out.window_start = d.first;
    out.window_end = d.last;
    out.busy_ns = d.busy_ns;
    out.idle_ns = (d.last - d.first) - d.busy_ns;
    std::copy(std::begin(d.cause_ns), std::end(d.cause_ns), out.cause_ns);
    s.idle.push_back(out);
  }
  s.overlap = overlap_;
  for (const auto &[key, ns] : streamBusy_)
    s.overlap.streams.push_back({key.first, key.second, ns});
  for (const auto &[key, ns] : pairOverlap_)
    s.overlap.pairs.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), ns});
  s.communication = communication_;
  std::sort(s.communication.collectives.begin(), s.communication.collectives.end(),
            [](const Collective &a, const Collective &b) { return a.start < b.start; });
  for (const auto &[device, d] : commDevices_)
    s.communication.devices.push_back(d);
  for (const auto &[site, t] : sites_) {
    SiteCost c;
    c.site = site;
    c.count = t.lengths.count();
    c.waited = t.waited;
    if (auto it = s.phases.sites.find(site); it != s.phases.sites.end())
      c.phases = it->second;
    c.phased = true;
    c.stall_ns = t.lengths.total();
    c.p50_ns = t.lengths.percentile(0.5);
    c.p99_ns = t.lengths.percentile(0.99);
    c.idle_charged_ns = t.idle_ns;
    c.bytes = t.bytes;
    c.stack = t.stack;
    c.lengths = t.lengths;
    s.sites.push_back(c);
  }
  sortByCost(s.sites);
  s.window_ns = hi_ - lo_;
  s.stall_ns = stallNs_;
  s.bubble_ns = bubbleNs_;
  s.launches = launches_.launches;
  s.launches_without_work = launches_.without_work;
  s.launches_captured = launches_.captured;
  s.records = records_;
  s.timeline = timeline_;
  s.folding = stats_;
  estimate(s);
  return s;
}

} // namespace hostsync::trace
