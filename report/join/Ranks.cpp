#include "join/Ranks.h"

#include "analysis/Summary.h"

#include <algorithm>
#include <map>
#include <set>

namespace hostsync::report {

namespace {

// Per run, what to subtract from its times to read them on the first rank's clock. Ranks on
// one host share CLOCK_MONOTONIC: nothing. On another host the clocks are unrelated, but
// every rank leaves a collective together (it ends when the last rank's data is in): the
// median difference of the collectives' ends is the offset.
std::vector<Ns> clockOffsets(const std::vector<const TracedRun *> &ranks, size_t n,
                             std::vector<std::string> &notes) {
  std::vector<Ns> offsets(ranks.size(), 0);
  std::set<std::string> hosts;
  for (size_t r = 0; r < ranks.size(); ++r) {
    hosts.insert(ranks[r]->host);
    if (ranks[r]->host == ranks[0]->host)
      continue;
    std::vector<Ns> diffs;
    for (size_t k = 0; k < n; ++k)
      diffs.push_back(ranks[r]->collectives[k].second - ranks[0]->collectives[k].second);
    offsets[r] = trace::percentile(diffs, 0.5);
  }
  notes.push_back(hosts.size() == 1
                      ? "ranks on one host: their times are on one clock (CLOCK_MONOTONIC)"
                      : "ranks on " + std::to_string(hosts.size()) +
                            " hosts: each other host's clock aligned to rank " + ranks[0]->rank +
                            "'s by the median difference of the "
                            "collectives' ends (they end together), not by a shared clock");
  return offsets;
}

// The longest stall of the run that ended in (after, before]: what kept its host from
// launching the collective sooner.
const TracedStall *longestStallIn(const TracedRun &run, Ns after, Ns before) {
  const TracedStall *best = nullptr;
  for (const TracedStall &s : run.stalls)
    if (s.end > after && s.end <= before && (!best || s.length() > best->length()))
      best = &s;
  return best;
}
} // namespace

void lineUpRanks(Report &report, const RankOptions &options) {
  JobView &job = report.job;
  job = {};
  std::vector<const TracedRun *> ranks;
  std::set<std::string> seen;
  for (const TracedRun &run : report.runs)
    if (!run.rank.empty() && !run.collectives.empty()) {
      if (!seen.insert(run.rank).second) {
        report.warnings.push_back("two traces of rank " + run.rank +
                                  " (traces of more than one job?): ranks not lined up");
        return;
      }
      ranks.push_back(&run);
    }
  if (ranks.size() < 2)
    return;
  std::sort(ranks.begin(), ranks.end(), [](const TracedRun *a, const TracedRun *b) {
    return a->rank.size() != b->rank.size() ? a->rank.size() < b->rank.size() : a->rank < b->rank;
  });
  size_t n = ranks[0]->collectives.size();
  bool sameCount = true;
  for (const TracedRun *r : ranks) {
    sameCount &= r->collectives.size() == n;
    n = std::min(n, r->collectives.size());
  }
  if (!sameCount)
    job.notes.push_back("the ranks recorded different numbers of collectives (the trace's "
                        "window or the 100,000 kept): the first " +
                        std::to_string(n) + " lined up");
  std::vector<Ns> offset = clockOffsets(ranks, n, job.notes);
  job.lined_up = n;
  for (size_t r = 0; r < ranks.size(); ++r) {
    RankRow row;
    row.run = static_cast<size_t>(ranks[r] - report.runs.data());
    row.label = ranks[r]->label;
    row.rank = ranks[r]->rank;
    row.host = ranks[r]->host;
    row.collectives = ranks[r]->collectives.size();
    row.comm_ns = ranks[r]->comm_ns;
    row.comm_hidden_ns = ranks[r]->comm_hidden_ns;
    row.clock_offset_ns = offset[r];
    job.ranks.push_back(row);
  }
  Ns worstSpread = -1;
  std::map<std::tuple<std::string, std::string, int, std::string>, LateCause> causes;
  for (size_t k = 0; k < n; ++k) {
    size_t last = 0, first = 0;
    auto arrival = [&](size_t r) { return ranks[r]->collectives[k].first - offset[r]; };
    for (size_t r = 1; r < ranks.size(); ++r) {
      if (arrival(r) > arrival(last))
        last = r;
      if (arrival(r) < arrival(first))
        first = r;
    }
    Ns spread = arrival(last) - arrival(first);
    if (spread > worstSpread) {
      worstSpread = spread;
      job.worst = k;
    }
    if (spread < options.simultaneous_ns)
      continue;
    for (size_t r = 0; r < ranks.size(); ++r)
      job.ranks[r].waited_ns += arrival(last) - arrival(r);
    job.ranks[last].last++;
    job.ranks[last].caused_ns += spread;
    const TracedRun &late = *ranks[last];
    Ns previous = k ? late.collectives[k - 1].first : INT64_MIN;
    const TracedStall *s = longestStallIn(late, previous, late.collectives[k].first);
    LateCause &c =
        causes[{late.rank, s ? s->user.file : "", s ? s->user.line : 0, s ? s->api : ""}];
    c.rank = late.rank;
    if (s) {
      c.where = s->user;
      c.api = s->api;
    }
    c.count++;
    c.caused_ns += spread;
  }
  for (auto &entry : causes)
    job.causes.push_back(entry.second);
  std::sort(job.causes.begin(), job.causes.end(),
            [](const LateCause &a, const LateCause &b) { return a.caused_ns > b.caused_ns; });
  auto top =
      std::max_element(job.ranks.begin(), job.ranks.end(), [](const RankRow &a, const RankRow &b) {
        return a.caused_ns < b.caused_ns;
      });
  bool dominates = std::all_of(job.ranks.begin(), job.ranks.end(), [&](const RankRow &r) {
    return &r == &*top || static_cast<double>(top->caused_ns) >=
                              options.dominance * static_cast<double>(r.caused_ns);
  });
  // The median time from one collective to the next, on the first rank: what a wait is
  // weighed against.
  std::vector<Ns> periods;
  for (size_t k = 1; k < n; ++k)
    periods.push_back(ranks[0]->collectives[k].first - ranks[0]->collectives[k - 1].first);
  Ns period = periods.empty() ? 0 : trace::percentile(periods, 0.5);
  Ns least = std::max(options.min_mean_wait_ns,
                      static_cast<Ns>(options.min_share_of_period * static_cast<double>(period)));
  if (n && dominates && top->caused_ns / static_cast<Ns>(n) >= least)
    job.straggler = top->rank;
}

} // namespace hostsync::report
