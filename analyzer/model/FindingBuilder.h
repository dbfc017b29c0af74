// One finding builder for both front ends (issue 77, item 2): what a finding of a rule at a
// place holds, its rank, and what it says of a tensor nobody places, whichever front end
// found it (core/RuleCheck for C++, python/PythonLint for Python).
#pragma once

#include "model/AssumeDevice.h"
#include "model/Finding.h"
#include "rules/Catalog.h"

#include <optional>
#include <string>

namespace hostsync {

// A finding of Rule at File:Line:Column on Op, at the rule's own severity.
Finding startFinding(const RuleInfo &Rule, std::string File, unsigned Line, unsigned Column,
                     std::string Op);
// How often it runs (model/RankPolicy gives the functions'), and the function around it.
void rankFinding(Finding &F, Rank Value, std::string Reason, std::optional<int64_t> Period);
// A tensor nothing in view places: why, what another file may still decide (Base), the run's
// --assume-device; and, when the program names no CUDA device (CpuProgramWhy says how), the
// host as the answer when nothing else decides.
void unknownDevice(Finding &F, std::string Why, DeviceState Base, AssumeDevice Assume,
                   const std::string &CpuProgramWhy);
// The policy for a copy with neither side placed (a tensor nothing places moved to a device
// nothing names: a sync only if the one is on the host and the other CUDA), the same in both
// front ends (docs/lint.md, "A device nobody knows"): reported as any unknown device is,
// `unknown` by default, `assumed` under --assume-device=cuda, dropped under
// --assume-device=cpu. Measured against dropping it by default (2026-11-29): the C++ front
// end lost its demos' batch copies, the Python one found 6 more syncs of the spent corpus
// with no more false positives. The C++ front end reports such a copy as unknown and lets
// its project pass and unknownDevice decide; the Python one, which has no such pass for it,
// asks this.
bool reportsBothSidesUnknown(AssumeDevice Assume);

} // namespace hostsync
