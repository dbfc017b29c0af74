// Number and name formatting shared by the report's renderers.
#pragma once

#include "model/ReportModel.h"

#include <string>
#include <vector>

namespace hostsync::report {

std::string ms(Ns ns);     // "1.234 ms"
std::string pct(double p); // "12.3%"
// "examples/x.cpp:42", "train.py:40 (backward of aten::index)" or "in at::nonzero (library)".
std::string siteName(const Site &s);
// A site's syncs in a part of the run: "160", or "160 (49 waited)" when not all of them waited
// the tracer's threshold.
std::string syncsText(const SitePhase &p);
// The sites of one list (join/Join.h: fix first, did not wait, one-time), at most `top`, in
// the report's order: indices into r.sites.
std::vector<size_t> sitesIn(const Report &r, SiteList list, size_t top);
// When a one-time site synced: "start-up", "teardown", "start-up and teardown", or "a
// module's move to the device".
std::string onceText(const Site &s);
// The headings and notes of the lists after "Fix first", shared by the HTML and the Markdown.
constexpr const char *NoWaitTitle = "Syncs that did not wait this run";
constexpr const char *NoWaitNote =
    "Each of these synchronized with the GPU in the steady part of the run, but the GPU had no "
    "work queued, so the host hardly waited: they will cost a step's worth when the GPU is "
    "busier or the batch grows.";
constexpr const char *OneTimeTitle = "One-time syncs (start-up and teardown)";
constexpr const char *OneTimeNote =
    "Syncs outside the steady part of the run (before its work starts, after it ends) or a "
    "module's move to the device: a cost paid once, not what bounds the steps.";
// The saving of fixing a site, stated as what it is: an upper bound.
std::string savingText(const Site &s, const Report &r);
std::string htmlEscape(const std::string &s);

// A rule's fix as the catalog words it, for the site's language: the Python fix on a Python
// line where the rule has one, else the C++ one. False for an unknown rule.
struct FixText {
  std::string summary, before, after, language; // language: "python" or "cpp"
};
bool fixFor(const std::string &rule, bool python, FixText &out);
// "12 static findings (3 suppressed by NOLINT)".
std::string findingCount(const Report &r);
// Where a late rank's wait came from: "train.py:42 (cudaStreamSynchronize)", "in
// cudaMemcpy (no user frame)", or "no stall before it (slower compute or input)".
std::string lateCauseText(const LateCause &c);
// One sentence on a job's ranks: the straggler, how long the others waited for it, and its
// top cause; or that no rank stood out.
std::string stragglerText(const JobView &job);
// The ranks a report's table and picture show: all when they are `top` or fewer, else the
// `top` slowest (others waited for them longest); indices into job.ranks. And the line that
// says so, "" when all are shown.
std::vector<size_t> shownRanks(const JobView &job, size_t top);
std::string moreRanksText(const JobView &job, size_t shown);
// The processes table, shared by the HTML and the Markdown: its columns, one row's cells
// (plain text), and the line that counts the processes by role ("5 traced processes: 2
// ranks, 1 launcher (no GPU work), 2 spawned workers (no GPU work).").
std::vector<std::string> processColumns();
std::vector<std::string> processCells(const Report &r, const ProcessRow &p);
std::string rolesText(const Report &r);
// The line under the processes table when it shows only some of them, "" when all.
std::string moreProcessesText(const Report &r, size_t shown);
// How a process ended, for people: "exit", "SIGTERM", "killed, or still running (its last
// periodic write)".
std::string endedText(const std::string &endedBy);
// The timelines table, shared by the HTML and the Markdown: its heading, its columns, and
// one row of plain text per timeline file (the last cell the file's path).
constexpr const char *TimelinesNote = "Perfetto traces of chosen windows, for ui.perfetto.dev.";
std::vector<std::string> timelineColumns();
std::vector<std::vector<std::string>> timelineRows(const Report &r);
// How a site met its finding: "matched by line", "matched by line (suppressed: reason)".
std::string matchText(const Site &s, const Report &r);

} // namespace hostsync::report
