// The ranks of a job side by side (report.html's Ranks section): one track per rank, on the
// first rank's clock, around the collective whose arrivals spread the most: each rank's
// collectives (the part spent waiting for the last rank marked), and its host stalls.
// shown: the ranks drawn (indices into the job's ranks: render/Format.h's shownRanks), so
// that a job of hundreds of ranks draws its slowest, not one track each.
#pragma once

#include "model/ReportModel.h"

#include <string>
#include <vector>

namespace hostsync::report {

std::string ranksSvg(const Report &r, const std::vector<size_t> &shown);

} // namespace hostsync::report
