// Stall sites: where in the user's code a sync was called. In the traced process, at exit,
// a stall's site is the first few return addresses of its stack that lie in modules the
// user owns ("train+0x1a2b<train+0x3c4d"): no symbols are needed for that, and stalls from
// the same line share it. The symbolize step later names sites `function file:line` and regroups
// them.
#pragma once

#include "analysis/Summary.h"
#include "symbolize/Symbolizer.h"

#include <map>
#include <string>

namespace hostsync::trace {

// Sets ApiCall::site for every call with a stack; returns each site's address. A stack with
// no frame in the user's native code takes its first user Python frame (`file.py:line
// (function)`), which needs no address. A sync in autograd's backward tied to its forward op
// takes the forward op's site, marked " (backward of aten::index)" (backwardSuffix).
std::map<uint32_t, uint64_t> assignStallSites(TraceModel &m);
std::string backwardSuffix(const std::string &forward_op);

// `file:line (function)` for the first `top` sites of the summary that have an address,
// resolved by addr2line (a child process) from those addresses alone: for the summary
// printed at exit. Sites it cannot resolve keep their name.
std::map<uint32_t, std::string> siteLines(const TraceModel &m, const std::vector<SiteCost> &sites,
                                          const std::map<uint32_t, uint64_t> &addresses, size_t top,
                                          const SymbolizeOptions &options);

// `function file:line` for a symbolized stack's first user frame, "" if it has none.
std::string userFrameLabel(const std::vector<Frame> &frames);

} // namespace hostsync::trace
