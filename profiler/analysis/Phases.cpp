#include "analysis/Phases.h"

#include <algorithm>
#include <type_traits>

namespace hostsync::trace {

Ns PhaseTotals::idleNs() const {
  Ns n = 0;
  for (Ns part : idle_ns)
    n += part;
  return n;
}

void PhaseTotals::add(const PhaseTotals &o) {
  gpu_busy_ns += o.gpu_busy_ns;
  for (int c = 0; c < GapCauses; ++c)
    idle_ns[c] += o.idle_ns[c];
  launches += o.launches;
  syncs += o.syncs;
  stalls += o.stalls;
  sync_ns += o.sync_ns;
  multi_stream_ns += o.multi_stream_ns;
  copy_ns += o.copy_ns;
  copy_under_compute_ns += o.copy_under_compute_ns;
  observed_ns += o.observed_ns;
}

void PhaseTotals::scaleGpu(double factor) {
  auto scale = [&](auto &v) { v = static_cast<std::decay_t<decltype(v)>>(double(v) * factor); };
  scale(gpu_busy_ns);
  for (Ns &idle : idle_ns)
    scale(idle);
  scale(launches);
  scale(multi_stream_ns);
  scale(copy_ns);
  scale(copy_under_compute_ns);
}

void SitePhase::add(const SitePhase &o) {
  calls += o.calls;
  waited += o.waited;
  wait_ns += o.wait_ns;
  idle_ns += o.idle_ns;
}

const char *phaseName(Phase p) {
  switch (p) {
  case Phase::Startup:
    return "startup";
  case Phase::Steady:
    return "steady";
  case Phase::Teardown:
    return "teardown";
  }
  return "steady";
}

void PhaseSeries::setOrigin(Ns t) {
  if (origin_ < 0)
    origin_ = t;
}

size_t PhaseSeries::indexOf(Ns t) {
  setOrigin(t);
  if (t < origin_)
    return 0;
  size_t i = static_cast<size_t>((t - origin_) / width_);
  while (i >= MaxBuckets) { // the run outgrew the series: each pair of buckets becomes one
    std::vector<Bucket> coarse((buckets_.size() + 1) / 2);
    for (size_t k = 0; k < buckets_.size(); ++k) {
      Bucket &into = coarse[k / 2];
      into.totals.add(buckets_[k].totals);
      for (const auto &[site, p] : buckets_[k].sites)
        into.sites[site].add(p);
    }
    buckets_.swap(coarse);
    width_ *= 2;
    i = static_cast<size_t>((t - origin_) / width_);
  }
  if (i >= buckets_.size())
    buckets_.resize(i + 1);
  return i;
}

template <typename Add> void PhaseSeries::spread(Ns start, Ns end, Add add) {
  if (end <= start)
    return;
  size_t last = indexOf(end - 1); // first: it may coarsen the series
  size_t first = indexOf(start);
  for (size_t i = first; i <= last; ++i) {
    Ns lo = origin_ + static_cast<Ns>(i) * width_, hi = lo + width_;
    if (i == 0)
      lo = std::min(lo, start); // times before the origin are the first bucket's
    Ns part = std::min(end, hi) - std::max(start, lo);
    if (part > 0)
      add(buckets_[i], part);
  }
}

void PhaseSeries::addBusy(Ns start, Ns end) {
  spread(start, end, [](Bucket &b, Ns part) { b.totals.gpu_busy_ns += part; });
}

void PhaseSeries::addObserved(Ns start, Ns end) {
  spread(start, end, [](Bucket &b, Ns part) { b.totals.observed_ns += part; });
}

void PhaseSeries::addGap(const IdleGap &g, uint32_t site) {
  int cause = static_cast<int>(g.cause);
  bool charged = g.cause == GapCause::SyncBubble;
  spread(g.start, g.end, [&](Bucket &b, Ns part) {
    b.totals.idle_ns[cause] += part;
    if (charged)
      b.sites[site].idle_ns += part;
  });
}

void PhaseSeries::addOverlap(const OverlapResult &o) {
  for (const Span &s : o.multi_stream)
    spread(s.start, s.end, [](Bucket &b, Ns part) { b.totals.multi_stream_ns += part; });
  for (const Span &s : o.copies)
    spread(s.start, s.end, [](Bucket &b, Ns part) { b.totals.copy_ns += part; });
  for (const Span &s : o.copy_under_compute)
    spread(s.start, s.end, [](Bucket &b, Ns part) { b.totals.copy_under_compute_ns += part; });
}

void PhaseSeries::addLaunches(Ns at, uint64_t n) { buckets_[indexOf(at)].totals.launches += n; }

void PhaseSeries::addSync(Ns at, uint32_t site, Ns length, bool waited) {
  Bucket &b = buckets_[indexOf(at)];
  ++b.totals.syncs;
  b.totals.stalls += waited;
  b.totals.sync_ns += length;
  SitePhase &p = b.sites[site];
  ++p.calls;
  p.waited += waited;
  p.wait_ns += length;
}

Phases PhaseSeries::phases(const std::vector<Ns> &step_starts) const {
  Phases out;
  size_t n = buckets_.size();
  if (n == 0)
    return out;
  auto bucketOf = [&](Ns t) {
    if (t <= origin_)
      return size_t(0);
    return std::min(n - 1, static_cast<size_t>((t - origin_) / width_));
  };
  size_t first = 0, last = n - 1; // the steady part's buckets
  uint64_t launches = 0;
  for (const Bucket &b : buckets_)
    launches += b.totals.launches;
  if (step_starts.size() >= 2) {
    std::vector<Ns> lengths;
    for (size_t i = 1; i < step_starts.size(); ++i)
      lengths.push_back(step_starts[i] - step_starts[i - 1]);
    std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
    first = bucketOf(step_starts.front());
    last = std::max(first, bucketOf(step_starts.back() + lengths[lengths.size() / 2] - 1));
    out.how = "steps";
  } else if (launches >= MinLaunchesToSplit) {
    // The buckets holding the run's 1st and 99th percentile launches.
    uint64_t low = (launches + 99) / 100, high = launches - launches / 100, seen = 0;
    bool lowFound = false;
    for (size_t i = 0; i < n; ++i) {
      seen += buckets_[i].totals.launches;
      if (!lowFound && seen >= low) {
        first = i;
        lowFound = true;
      }
      if (seen >= high) {
        last = i;
        break;
      }
    }
    out.how = "launches";
  }
  for (size_t i = 0; i < n; ++i) {
    Phase p = i < first ? Phase::Startup : i <= last ? Phase::Steady : Phase::Teardown;
    int k = static_cast<int>(p);
    out.part[k].add(buckets_[i].totals);
    for (const auto &[site, sp] : buckets_[i].sites)
      out.sites[site][k].add(sp);
  }
  auto edge = [&](size_t i) { return origin_ + static_cast<Ns>(i) * width_; };
  out.part[0].start = out.part[0].end = edge(0);
  out.part[0].end = edge(first);
  out.part[1].start = edge(first);
  out.part[1].end = edge(last + 1);
  out.part[2].start = out.part[2].end = edge(last + 1);
  out.part[2].end = edge(n);
  return out;
}

} // namespace hostsync::trace
