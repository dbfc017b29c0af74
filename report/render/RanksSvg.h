// The ranks of a job side by side (report.html's Ranks section): one track per rank, on the
// first rank's clock, around the collective whose arrivals spread the most: each rank's
// collectives (the part spent waiting for the last rank marked), and its host stalls.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

std::string ranksSvg(const Report &r);

} // namespace hostsync::report
