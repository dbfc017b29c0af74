#include "join/Join.h"

#include "analysis/Summary.h"
#include "join/Paths.h"
#include "join/SourceDrift.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

namespace hostsync::report {

namespace {
using trace::percentile;

// "MaskedLossImpl::forward" and "forward" name the same function; so do two equal names.
bool sameFunction(const std::string &a, const std::string &b) {
  auto tailOf = [](const std::string &longer, const std::string &shorter) {
    return longer.size() > shorter.size() + 2 &&
           longer.compare(longer.size() - shorter.size(), shorter.size(), shorter) == 0 &&
           longer.compare(longer.size() - shorter.size() - 2, 2, "::") == 0;
  };
  return !a.empty() && !b.empty() && (a == b || tailOf(a, b) || tailOf(b, a));
}

// A module's move to a device (model->to(device) in C++, model.to(device) or model.cuda() in
// Python): each parameter is copied once, a cost of the program's setup that no rule is meant
// to flag (docs/report.md).
bool inModuleMove(const TracedStall &s) {
  return std::any_of(s.stack.begin(), s.stack.end(), [](const StackFrame &frame) {
    if (frame.python) // torch/nn/modules/module.py's Module.to (co_qualname; co_name before 3.11)
      return frame.location.find("torch/nn/modules/module.py:") != std::string::npos &&
             (frame.function == "Module.to" || frame.function == "Module.cuda" ||
              frame.function == "to" || frame.function == "cuda");
    return frame.function.rfind("torch::nn::Module::to(", 0) == 0 ||
           frame.function.find(" torch::nn::Module::to_impl<") != std::string::npos;
  });
}

constexpr size_t MaxFramesShown = 14;

std::string stackText(const TracedStall &s) {
  std::string out;
  for (size_t i = 0; i < s.stack.size() && i < MaxFramesShown; ++i)
    out += s.stack[i].text() + "\n";
  if (s.stack.size() > MaxFramesShown)
    out += "... " + std::to_string(s.stack.size() - MaxFramesShown) + " more frames\n";
  return out;
}

void normalizeFindings(Report &r, const JoinOptions &o) {
  for (StaticFinding &f : r.findings)
    f.file = relativeTo(f.file, o.source_root);
  for (std::string &f : r.analysed_files)
    f = relativeTo(f, o.source_root);
}

// Groups the sites of every run by call site: a line (of the program's code, or the forward
// line of a backward sync), or a library function for syncs with no user frame.
void buildSites(Report &r, const JoinOptions &o) {
  std::vector<std::string> known = r.analysed_files;
  for (const StaticFinding &f : r.findings)
    known.push_back(f.file);
  // (file:line, backward of, library site) -> site
  std::map<std::tuple<std::string, std::string, std::string>, size_t> index;
  std::vector<trace::StallHistogram> lengths;
  for (const TracedRun &run : r.runs)
    for (const TracedSite &t : run.sites) {
      const TracedStall &s = t.sample;
      Site key;
      if (s.user.known()) {
        key.where = s.user;
        key.where.file = matchKnownFile(relativeTo(s.user.file, o.source_root), known);
      } else {
        key.library_site = !s.first_library_fn.empty() ? s.first_library_fn : s.api;
      }
      std::tuple<std::string, std::string, std::string> id = {
          key.where.known() ? key.where.file + ":" + std::to_string(key.where.line) : "",
          key.where.backward_of, key.library_site};
      auto [it, fresh] = index.emplace(id, r.sites.size());
      if (fresh) {
        key.rule = s.guessed_rule;
        key.op = s.op;
        key.in_autograd_engine = s.in_autograd_engine;
        key.backward_node = s.backward_node;
        key.stack_state = s.stack_state;
        key.example_stack = stackText(s);
        key.module_move = true; // until a stall of it is not
        key.example_frames.assign(s.stack.begin(),
                                  s.stack.begin() + std::min(s.stack.size(), MaxFramesShown));
        r.sites.push_back(key);
        lengths.emplace_back();
      }
      Site &site = r.sites[it->second];
      site.module_move = site.module_move && inModuleMove(s);
      site.count += t.count;
      site.waited += t.waited;
      site.stall_ns += t.stall_ns;
      site.idle_ns += t.idle_ns;
      site.bytes += t.bytes;
      lengths[it->second].merge(t.lengths);
      if (t.phased)
        for (int k = 0; k < PhaseCount; ++k)
          site.phases[k].add(t.phases[k]);
      else // a trace written before phases: the whole run is its steady part
        site.phases[SteadyPhase].add({t.count, t.waited, t.stall_ns, t.idle_ns});
      if (std::find(site.runs.begin(), site.runs.end(), run.label) == site.runs.end())
        site.runs.push_back(run.label);
    }
  for (size_t i = 0; i < r.sites.size(); ++i) {
    r.sites[i].p50_ns = lengths[i].percentile(0.5);
    r.sites[i].p99_ns = lengths[i].percentile(0.99);
  }
}

// Fix first: the sites whose syncs cost something in the steady part of the run; then those
// that synced there without waiting; then one-time sites (start-up and teardown only, or a
// module's move to the device), never first.
SiteList listOf(const Site &s) {
  if (s.module_move || s.steady().calls == 0)
    return SiteList::OneTime;
  return s.steady().waited == 0 && s.steady().idle_ns == 0 ? SiteList::NoWait : SiteList::Fix;
}

// Why backward syncs were not tied to their forward line, when a run says (trace.json's
// autograd_link): "" when they were, or nothing was said.
std::string autogradNote(const Report &r) {
  for (const TracedRun &run : r.runs)
    if (!run.autograd_link.empty() && run.autograd_link != "linked")
      return " (" + run.autograd_link + ")";
  for (const TracedRun &run : r.runs)
    if (run.autograd_link == "linked")
      return " (the forward op of this backward was not recorded yet: the link records forward "
             "ops from the first backward sync on)";
  return "";
}

void matchFindings(Report &r) {
  std::set<std::string> analysed(r.analysed_files.begin(), r.analysed_files.end());
  for (const StaticFinding &f : r.findings)
    analysed.insert(f.file);
  for (Site &site : r.sites) {
    if (!site.where.known()) {
      using State = TracedStall::StackState;
      site.missed_reason =
          site.stack_state == State::None ? "no call stack was captured for it (stack depth 0, "
                                            "or shorter than --stack-min-us)"
          : site.stack_state == State::Unresolved
              ? "its stack could not be symbolized: the program's binary was not found or was "
                "rebuilt (see the warnings; --search DIR)"
          : site.in_autograd_engine
              ? "in autograd's backward, on its engine thread: no frame of the program's own "
                "code (nor Python) runs there; the op names the backward's work" +
                    autogradNote(r)
              : "in a library: no frame of the program's own code on the stack (a sync inside "
                "LibTorch)";
      continue;
    }
    int byLine = -1, byFunction = -1;
    for (size_t i = 0; i < r.findings.size(); ++i) {
      const StaticFinding &f = r.findings[i];
      if (f.file != site.where.file)
        continue;
      if (f.line == site.where.line && (byLine < 0 || f.rule == site.rule))
        byLine = static_cast<int>(i);
      else if (sameFunction(f.function, site.where.function) &&
               (byFunction < 0 ||
                (f.rule == site.rule && r.findings[byFunction].rule != site.rule)))
        byFunction = static_cast<int>(i);
    }
    site.finding = byLine >= 0 ? byLine : byFunction;
    site.matched_by = byLine >= 0 ? "line" : byFunction >= 0 ? "function" : "";
    if (site.finding >= 0)
      site.rule = r.findings[site.finding].rule;
    else if (!r.has_lint)
      site.missed_reason = "no lint results were given";
    else if (!analysed.count(site.where.file))
      site.missed_reason = "in code not analysed: " + site.where.file + " was not linted";
    else if (site.module_move)
      site.missed_reason = "a module's one-time move to the device (torch::nn::Module::to, or "
                           "Module.to in Python, copies each parameter once, at setup): a cost "
                           "paid once, not a gap in the rules";
    else
      site.missed_reason = "an op the rules do not know (or one the analyzer could not see "
                           "through), in analysed code";
  }
}

// The headline's figures are the steady part's where the runs have one (as the verdict's),
// its overlap too (a trace written before the phases had their own overlap: the whole run's).
void computeHeadline(Report &r) {
  Headline &h = r.headline;
  // The overlap shares: of the GPU's busy time, and of the copy time.
  double multi = 0, busy = 0, under = 0, copies = 0;
  for (const TracedRun &run : r.runs) {
    h.window_ns += run.window_ns;
    h.sampling.add(run.sampling);
    const RunPhase *p = run.phases_how.empty() ? nullptr : &run.phases[SteadyPhase];
    if (p) {
      h.stall_ns += p->sync_ns;
      h.bubble_ns += p->sync_bubble_ns;
      h.gpu_busy_ns += p->gpu_busy_ns;
      h.gpu_window_ns += p->gpu_time_ns;
    } else {
      h.stall_ns += run.stall_ns;
      h.bubble_ns += run.bubble_ns;
      h.gpu_busy_ns += run.gpu_busy_ns;
      h.gpu_window_ns += run.gpu_window_ns;
    }
    if (p && p->multi_stream_ns >= 0) {
      multi += static_cast<double>(p->multi_stream_ns);
      busy += static_cast<double>(p->gpu_busy_ns);
      under += static_cast<double>(p->copy_under_compute_ns);
      copies += static_cast<double>(p->copy_ns);
    } else { // the whole run's shares, weighted by its busy time
      double w = static_cast<double>(run.gpu_busy_ns);
      multi += run.multi_stream_pct / 100 * w;
      under += run.copy_under_compute_pct / 100 * w;
      busy += w;
      copies += w;
    }
  }
  if (h.gpu_window_ns > 0) {
    h.gpu_busy_pct =
        100.0 * static_cast<double>(h.gpu_busy_ns) / static_cast<double>(h.gpu_window_ns);
    h.lost_to_sync_pct =
        100.0 * static_cast<double>(h.bubble_ns) / static_cast<double>(h.gpu_window_ns);
  }
  if (busy > 0)
    h.multi_stream_pct = 100 * multi / busy;
  if (copies > 0)
    h.copy_overlap_pct = 100 * under / copies;
}

} // namespace

void joinReport(Report &r, const JoinOptions &o) {
  normalizeFindings(r, o);
  buildSites(r, o);
  matchFindings(r);
  std::set<int> reached;
  for (const Site &s : r.sites)
    if (s.finding >= 0)
      reached.insert(s.finding);
  if (r.has_trace)
    for (size_t i = 0; i < r.findings.size(); ++i)
      if (!r.findings[i].suppressed && !reached.count(static_cast<int>(i)))
        r.cold_findings.push_back(static_cast<int>(i));
  auto hot = [&](const Site &s) {
    if (s.finding < 0)
      return 0;
    const std::string &rank = r.findings[s.finding].rank; // hot, then periodic, then cold
    return rank == "hot" ? 2 : rank == "periodic" ? 1 : 0;
  };
  // A site whose finding carries a NOLINT is intended (a timing boundary, a logged value):
  // it is listed, but after the ones to fix.
  auto intended = [&](const Site &s) { return s.finding >= 0 && r.findings[s.finding].suppressed; };
  for (Site &s : r.sites)
    s.list = listOf(s);
  // By list; then, in the steady part, by the GPU idle each caused, the host's wait, the rank.
  // A one-time site's figures are all outside the steady part: by its whole-run ones.
  std::stable_sort(r.sites.begin(), r.sites.end(), [&](const Site &a, const Site &b) {
    if (a.list != b.list)
      return a.list < b.list;
    if (intended(a) != intended(b))
      return !intended(a);
    bool once = a.list == SiteList::OneTime;
    Ns ia = once ? a.idle_ns : a.steady().idle_ns, ib = once ? b.idle_ns : b.steady().idle_ns;
    if (ia != ib)
      return ia > ib;
    Ns wa = once ? a.stall_ns : a.steady().wait_ns, wb = once ? b.stall_ns : b.steady().wait_ns;
    if (wa != wb)
      return wa > wb;
    if (a.steady().calls != b.steady().calls)
      return a.steady().calls > b.steady().calls;
    return hot(a) > hot(b);
  });
  computeHeadline(r);
  for (Site &s : r.sites)
    if (s.where.known())
      s.code = sourceLine(s.where.file, s.where.line, o.source_root);
  for (StaticFinding &f : r.findings)
    f.code = sourceLine(f.file, f.line, o.source_root);
  checkSourceDrift(r, o);
}

uint64_t countNewFindings(const Report &r, const std::vector<StaticFinding> &baseline,
                          const JoinOptions &o) {
  auto key = [&](const StaticFinding &f) {
    std::string file = relativeTo(f.file, o.source_root);
    std::string text = sourceLine(file, f.line, o.source_root);
    return f.rule + "\n" + file + "\n" + (text.empty() ? std::to_string(f.line) : text);
  };
  std::multiset<std::string> old;
  for (const StaticFinding &f : baseline)
    if (!f.suppressed)
      old.insert(key(f));
  uint64_t fresh = 0;
  for (const StaticFinding &f : r.findings) {
    if (f.suppressed)
      continue;
    auto it = old.find(key(f));
    if (it == old.end())
      ++fresh;
    else
      old.erase(it);
  }
  return fresh;
}

} // namespace hostsync::report
