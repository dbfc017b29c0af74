// The timeline picture: host threads and GPU streams of one run's representative step
// (the slice the tracer chose), with stalls on the host tracks and the GPU's idle bubbles
// after them. Inline SVG; one <g class="track"> per track.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

std::string timelineSvg(const Report &r);

} // namespace hostsync::report
