// The ranks of a distributed job, lined up by their collectives: every rank runs the same
// collectives in the same order, and a collective cannot finish before its last rank
// arrives, so the k-th collective of each rank is one event seen from every rank. Its
// latest start is the rank the others waited for; how long they waited is the difference
// of starts; the rank's longest stall since its previous collective is the likely reason
// it came late. Pure: reads Report::runs, fills Report::job.
#pragma once

#include "model/ReportModel.h"

namespace hostsync::report {

struct RankOptions {
  // Starts closer than this are simultaneous: nobody waited (launch jitter).
  Ns simultaneous_ns = 10000;
  // A straggler is named when its caused wait is at least `dominance` times every other
  // rank's and averages, per lined-up collective, at least `min_mean_wait_ns` and at least
  // `min_share_of_period` of the median time between two collectives: a rank 0.3 ms behind
  // in 30 ms steps (a GPU's constant skew, measured on two H100s) is no straggler, one 10 ms
  // behind is.
  double dominance = 2.0;
  Ns min_mean_wait_ns = 50000;
  double min_share_of_period = 0.05;
};

void lineUpRanks(Report &report, const RankOptions &options = {});

} // namespace hostsync::report
