// Syncs inside calls (issue 36): a call of a project function that syncs is where the
// program waits, so the call gets a finding of its own, ranked by the caller's loop.
//
// Each function's summary is the set of its findings that a call makes happen
// (Finding::CallSyncs): one that syncs whatever the arguments (its device is CUDA and no
// parameter decides it), or one that syncs when a given parameter is on CUDA. A call
// syncs when its callee's summary has an entry of the first kind, or one of the second
// whose parameter gets a CUDA tensor there (the argument's device closed by the project's
// facts: an argument of unknown device makes no finding; the callee's own finding speaks
// for it). Findings made at calls are summaries of their callers in turn, so a chain
// main -> train_step -> log_loss -> .item() gives a finding at each call, up to a fixed
// point. Computed in two steps: every function's summary to the fixed point, then one
// finding per call from the final summaries.
//
// One sync is one fact seen from two places, linked both ways (Finding::Related: SARIF's
// relatedLocations): the callee's own finding keeps its place and its fix, lists the calls
// that reach it and takes the hottest one's rank; the call's finding names the callee and
// the line of the sync inside it, takes its rule, has no rewrite of its own, and is a note
// while the callee's finding is in the report (noteRepeatedCalls). A call gets one finding
// however many of its callee's syncs it reaches (the others are related locations), one per
// call even where headers put it in several translation units (the hottest record).
#pragma once

#include "model/ProjectCall.h"
#include "model/DeviceFacts.h"
#include "model/Finding.h"

#include <vector>

namespace hostsync {

// Findings: the run's findings, devices closed (closeDevices) and merged across
// translation units. Appends the calls' findings and links them; Facts must be solved. The
// op's own finding at the end of a chain is raised to the rank of the hottest call that
// reaches it (it carries the fix).
void addCallFindings(std::vector<Finding> &Findings, const std::vector<ProjectCall> &Calls,
                     const ProjectFacts &Facts);

// Counts one sync once: a call's finding whose callee's own finding is in the final report
// (after the configuration, --diff and --baseline) becomes a note, which shows where the
// program waits without failing a gate a second time. One whose callee's finding is not
// reported (its file excluded or not analysed) keeps the rule's severity.
void noteRepeatedCalls(std::vector<Finding> &Findings);

// "file:line:column rule": how a call's finding names the findings it reaches.
std::string findingKey(const Finding &F);

} // namespace hostsync
