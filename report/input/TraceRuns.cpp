#include "input/TraceRuns.h"

#include "input/JsonErrors.h"
#include "input/ProcessRole.h"
#include "input/TraceNumbers.h"
#include "io/JsonNumbers.h"
#include "join/RuleGuess.h"
#include "symbolize/AtenOps.h"
#include "symbolize/SourceHashes.h"
#include "symbolize/StallSites.h"
#include "symbolize/TraceStacks.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace hostsync::report {

using J = nlohmann::ordered_json;
using trace::integerOf;
using trace::integerValue;

namespace {
// A stack's frames as the report keeps them: the user frame, the library op it called,
// and the whole stack as text.
bool isToolFrame(const J &f) { // the tracer and CUPTI, between the CUDA call and us
  std::string module = f.value("module", "");
  std::string base = module.substr(module.rfind('/') + 1);
  return base.rfind("libhostsync", 0) == 0 || base.rfind("libcupti", 0) == 0;
}

// A sync in autograd's backward that the tracer tied to its forward op: the site is the
// forward op's line (its first user frame, native, or else Python), marked as its backward.
void readForward(const J &backward, TracedStall &s) {
  s.backward_node = backward.value("node", "");
  std::string op = backward.value("op", "");
  if (op.empty())
    return;
  const J frames = backward.value("frames", J::array());
  int user = integerValue(backward, "user_frame", -1);
  if (user >= 0 && user < static_cast<int>(frames.size())) {
    const J &f = frames.at(user);
    s.user = {f.value("file", ""), integerValue(f, "line", 0),
              bareFunctionName(f.value("function", "")), false, op};
    return;
  }
  const J python = backward.value("python", J::array());
  int py = integerValue(backward, "python_user_frame", -1);
  if (py >= 0 && py < static_cast<int>(python.size())) {
    const J &f = python.at(py);
    s.user = {f.value("file", ""), integerValue(f, "line", 0), f.value("function", ""), true, op};
  }
}

void readStack(const J &stack, TracedStall &s) {
  const J &frames = stack.at("frames");
  int user = integerValue(stack, "user_frame", -1);
  s.stack_state = TracedStall::StackState::Resolved;
  for (const J &f : frames) // a frame of the program's own binary left unresolved
    if (f.value("function", "") == "??" && !f.value("library", true))
      s.stack_state = TracedStall::StackState::Unresolved;
  // Library code compiled into the program (Thrust's and CUB's templates, LibTorch's inline
  // functions) is not the user's: the user frame is the first one outside the libraries,
  // and the library frames before it name the op.
  while (user >= 0 && user < static_cast<int>(frames.size()) &&
         isLibraryFunction(bareFunctionName(frames[user].value("function", ""))))
    ++user;
  if (user >= static_cast<int>(frames.size()))
    user = -1;
  std::vector<std::string> functions;
  for (size_t i = 0; i < frames.size(); ++i) {
    const J &f = frames[i];
    if (isToolFrame(f))
      continue;
    s.in_autograd_engine |=
        f.value("function", "").find("torch::autograd::Engine::") != std::string::npos;
    std::string file = f.value("file", "");
    s.stack.push_back(
        {f.value("function", "??"),
         file.empty() ? "" : file + ":" + std::to_string(integerValue(f, "line", 0))});
    // Only the frames between the CUDA call and the user's code say which op it was.
    if (user < 0 || static_cast<int>(i) < user)
      functions.push_back(f.value("function", ""));
  }
  if (user >= 0) {
    const J &f = frames.at(user);
    s.user = {f.value("file", ""), integerValue(f, "line", 0),
              bareFunctionName(f.value("function", ""))};
  }
  // A Python program: its frames follow the native ones, and its first user frame is the
  // site when no native frame is the user's (a C++ extension called from Python keeps its
  // C++ line, with the Python caller in the stack).
  const J python = stack.value("python", J::array());
  int pyUser = integerValue(stack, "python_user_frame", -1);
  for (const J &f : python)
    s.stack.push_back({f.value("function", "?"),
                       f.value("file", "") + ":" + std::to_string(integerValue(f, "line", 0)),
                       true});
  if (user < 0 && pyUser >= 0 && pyUser < static_cast<int>(python.size())) {
    const J &f = python.at(pyUser);
    s.user = {f.value("file", ""), integerValue(f, "line", 0), f.value("function", ""), true};
  }
  std::vector<std::string> ops;
  for (const J &op : stack.value("ops", J::array()))
    ops.push_back(op.get<std::string>());
  s.op = trace::opLabel(ops);
  s.guessed_rule = guessRule(functions, s.api, s.cls, &s.first_library_fn, ops);
  if (stack.contains("backward"))
    readForward(stack["backward"], s);
}

// The slice the timeline picture draws.
void readTimeline(const J &t, TracedRun &run, std::string &where) {
  where = "timeline";
  interval(t, where, run.timeline_start, run.timeline_end);
  std::set<std::string> tracks;
  size_t i = 0;
  for (const J &a : t.value("api", J::array())) {
    where = "timeline.api[" + std::to_string(i++) + "]";
    TimelineEvent e{"thread " + std::to_string(wholeNumber(a, "thread", where)),
                    a.value("name", ""), "api"};
    interval(a, where, e.start, e.end);
    tracks.insert(e.track);
    run.timeline.push_back(e);
  }
  i = 0;
  for (const J &g : t.value("gpu", J::array())) {
    where = "timeline.gpu[" + std::to_string(i++) + "]";
    TimelineEvent e{"GPU " + std::to_string(wholeNumber(g, "device", where)) + " stream " +
                        std::to_string(wholeNumber(g, "stream", where)),
                    g.value("name", ""), g.value("kind", "")};
    interval(g, where, e.start, e.end);
    tracks.insert(e.track);
    run.timeline.push_back(e);
  }
  // Host threads first, then GPU streams: the order a reader follows a sync.
  for (const std::string &tr : tracks)
    if (tr.rfind("thread", 0) == 0)
      run.timeline_tracks.push_back(tr);
  for (const std::string &tr : tracks)
    if (tr.rfind("GPU", 0) == 0)
      run.timeline_tracks.push_back(tr);
  where = "timeline.stalls";
  for (const J &index : t.value("stalls", J::array()))
    if (int64_t at = integerOf<int64_t>(index, "index");
        at >= 0 && static_cast<uint64_t>(at) < run.stalls.size()) {
      const TracedStall &s = run.stalls[at];
      run.timeline_stalls.push_back(
          {"thread " + std::to_string(s.thread), s.cls, "stall", s.start, s.end});
    }
  i = 0;
  for (const J &g : t.value("idle_gaps", J::array())) {
    where = "timeline.idle_gaps[" + std::to_string(i++) + "]";
    Ns start = 0, end = 0;
    interval(g, where, start, end);
    if (g.value("cause", "") == "sync_bubble")
      run.timeline_bubbles.push_back({start, end});
  }
}

// Collective communication (absent in traces written before it was added): the times, and
// each collective's start and end, for lining ranks up (join/Ranks.h).
void readCommunication(const J &c, TracedRun &run, std::string &where) {
  where = "communication";
  run.comm_ns = wholeNumber(c, "comm_ns", where);
  run.comm_hidden_ns = wholeNumber(c, "hidden_ns", where);
  if (run.comm_hidden_ns > run.comm_ns)
    throw TraceRecordError(where + ": hidden_ns longer than comm_ns");
  size_t i = 0;
  for (const J &e : c.value("events", J::array())) {
    where = "communication.events[" + std::to_string(i++) + "]";
    Ns start = 0, end = 0;
    interval(e, where, start, end);
    run.collectives.push_back({start, end});
  }
}

// The timelines written (absent in traces written before them): each file's name is read
// as a name in the trace's directory, never as a path.
void readTimelines(const J &list, TracedRun &run, std::string &where) {
  std::string dir = run.source.substr(0, run.source.find_last_of('/') + 1);
  size_t i = 0;
  for (const J &t : list) {
    where = "timelines[" + std::to_string(i++) + "]";
    TimelineFile f;
    f.name = t.at("name").get<std::string>();
    f.reason = t.value("reason", "");
    f.state = t.at("state").get<std::string>();
    std::string file = t.at("file").get<std::string>();
    if (file.empty() || file.find('/') != std::string::npos || file == "." || file == "..")
      throw TraceRecordError(where + ": file '" + file + "' is not a file name");
    f.path = dir + file;
    interval(t, where, f.start_ns, f.end_ns);
    f.slices = static_cast<uint64_t>(wholeNumber(t, "slices", where));
    f.bytes = static_cast<uint64_t>(wholeNumber(t, "bytes", where));
    run.timelines.push_back(std::move(f));
  }
}

// Start-up, steady part and teardown (absent in traces written before them).
// Sampled mode (--sample): the GPU figures' intervals, summed over the devices. An interval
// that does not hold its value, or an estimate past the time it is a share of, is refused.
void readSampling(const J &j, TracedRun &run) {
  std::string where = "sampling";
  // Every field the tracer writes is required: a figure read as 0 would pass for a measure.
  auto need = [&](const J &o, const char *key, const std::string &at) -> const J & {
    if (!o.is_object() || !o.contains(key))
      throw TraceRecordError(at + ": no " + key);
    return o.at(key);
  };
  std::string mode = need(j, "mode", where).is_string() ? j.at("mode").get<std::string>() : "";
  if (mode == "full")
    return;
  if (mode != "sampled")
    throw TraceRecordError(where + ".mode: neither \"full\" nor \"sampled\"");
  RunSampling &s = run.sampling;
  s.on = true;
  s.runs = 1;
  need(j, "windows", where);
  need(j, "observed_ns", where);
  s.windows = static_cast<uint64_t>(wholeNumber(j, "windows", where));
  s.observed_ns = wholeNumber(j, "observed_ns", where);
  auto estimate = [&](const J &e, const std::string &at, Ns &value, Ns &lo, Ns &hi) {
    for (const char *key : {"value_ns", "lo_ns", "hi_ns"})
      need(e, key, at);
    Ns v = wholeNumber(e, "value_ns", at), l = wholeNumber(e, "lo_ns", at),
       h = wholeNumber(e, "hi_ns", at);
    if (!(l <= v && v <= h))
      throw TraceRecordError(at + ": lo_ns, value_ns and hi_ns are not in order");
    addTime(value, v, at + ".value_ns");
    addTime(lo, l, at + ".lo_ns");
    addTime(hi, h, at + ".hi_ns");
    s.interval = s.interval && e.value("interval", false);
  };
  size_t i = 0;
  const J &devices = need(j, "devices", where);
  if (!devices.is_array())
    throw TraceRecordError(where + ".devices: not a list");
  for (const J &d : devices) {
    std::string at = where + ".devices[" + std::to_string(i++) + "]";
    need(d, "span_ns", at);
    Ns span = wholeNumber(d, "span_ns", at);
    addTime(s.span_ns, span, "sampling.devices[].span_ns");
    estimate(need(d, "busy", at), at + ".busy", s.busy_ns, s.busy_lo_ns, s.busy_hi_ns);
  }
  if (s.busy_ns > s.span_ns)
    throw TraceRecordError(where + ": the devices' busy estimate is longer than their span_ns");
  estimate(need(j, "sync_bubble", where), where + ".sync_bubble", s.bubble_ns, s.bubble_lo_ns,
           s.bubble_hi_ns);
  s.unobserved_sites = static_cast<uint64_t>(wholeNumber(j, "unobserved_sites", where, 0));
  s.slowdown = j.value("slowdown", 1.0);
  if (!(s.slowdown >= 1 && s.slowdown <= 2))
    throw TraceRecordError(where + ".slowdown: not a factor from 1 to 2");
  s.unobserved_syncs = static_cast<uint64_t>(wholeNumber(j, "unobserved_syncs", where, 0));
}

void readPhases(const J &phases, TracedRun &run, std::string &where) {
  run.phases_how = phases.value("how", "");
  for (int k = 0; k < PhaseCount; ++k) {
    where = std::string("phases.") + PhaseNames[k];
    const J &p = phases.at(PhaseNames[k]);
    RunPhase &into = run.phases[k];
    interval(p, where, into.start_ns, into.end_ns);
    into.gpu_time_ns = wholeNumber(p, "gpu_time_ns", where);
    into.gpu_busy_ns = wholeNumber(p, "gpu_busy_ns", where);
    into.sync_bubble_ns = wholeNumber(p, "sync_bubble_ns", where);
    into.overhead_ns = wholeNumber(p, "overhead_ns", where);
    into.launch_bound_ns = wholeNumber(p, "launch_bound_ns", where);
    Ns parts = into.gpu_busy_ns;
    for (Ns part : {into.sync_bubble_ns, into.overhead_ns, into.launch_bound_ns})
      addTime(parts, part, where + ": its GPU time's parts");
    if (parts != into.gpu_time_ns)
      throw TraceRecordError(where + ": gpu_busy_ns and the idle parts do not add up to "
                                     "gpu_time_ns");
    into.launches = static_cast<uint64_t>(wholeNumber(p, "launches", where));
    into.syncs = static_cast<uint64_t>(wholeNumber(p, "syncs", where));
    into.stalls = static_cast<uint64_t>(wholeNumber(p, "stalls", where));
    into.sync_ns = wholeNumber(p, "sync_ns", where);
    if (p.contains("multi_stream_ns")) {
      into.multi_stream_ns = wholeNumber(p, "multi_stream_ns", where);
      into.copy_ns = wholeNumber(p, "copy_ns", where);
      into.copy_under_compute_ns = wholeNumber(p, "copy_under_compute_ns", where);
      if (into.copy_under_compute_ns > into.copy_ns)
        throw TraceRecordError(where + ": copy_under_compute_ns is more than copy_ns");
    }
  }
}

// Every site, with every sync counted; its stack read as a stall's is. A trace written before
// sites kept their stall lengths lists every stall: its sites are those stalls, grouped.
void readSites(const J &doc, const J &stacks, TracedRun &run, std::string &where) {
  std::map<std::string, const TracedStall *> listed; // a site's label -> one of its stalls
  bool histograms = !doc.at("sites").empty();
  for (const J &site : doc.at("sites"))
    histograms &= site.is_object() && site.contains("lengths");
  size_t i = 0;
  for (const J &st : doc.at("stalls"))
    listed.emplace(st.value("site", ""), &run.stalls[i++]);
  if (!histograms) { // each listed stall a site of its own: the join groups them by line
    for (const TracedStall &stall : run.stalls) {
      TracedSite t;
      t.sample = stall;
      t.count = t.waited = 1;
      t.stall_ns = stall.length();
      t.idle_ns = stall.idle_ns;
      t.bytes = stall.bytes;
      t.lengths.add(stall.length());
      run.sites.push_back(std::move(t));
    }
    return;
  }
  i = 0;
  for (const J &site : doc.at("sites")) {
    where = "sites[" + std::to_string(i++) + "]";
    trace::SiteCost c = trace::readSite(site, where);
    TracedSite t;
    t.count = c.count;
    t.waited = c.waited;
    t.stall_ns = c.stall_ns;
    t.idle_ns = c.idle_charged_ns;
    t.bytes = c.bytes;
    t.lengths = c.lengths;
    t.phased = c.phased;
    for (int k = 0; k < PhaseCount; ++k)
      t.phases[k] = {c.phases[k].calls, c.phases[k].waited, c.phases[k].wait_ns,
                     c.phases[k].idle_ns};
    if (auto s = listed.find(site.value("site", "")); s != listed.end()) {
      t.sample.api = s->second->api;
      t.sample.cls = s->second->cls;
    }
    if (c.stack >= 0 && static_cast<size_t>(c.stack) < stacks.size() &&
        stacks[c.stack].contains("frames")) {
      where = "stacks[" + std::to_string(c.stack) + "]";
      readStack(stacks[c.stack], t.sample);
    } else {
      t.sample.guessed_rule = guessRule({}, t.sample.api, t.sample.cls);
    }
    run.sites.push_back(std::move(t));
  }
}

// Every number through TraceNumbers' strict readers; where names the record being read, for
// the errors nlohmann throws on a field of the wrong type ("stalls[3]: type must be ...").
TracedRun readRun(const std::string &file, const J &doc, std::string &where) {
  TracedRun run;
  run.source = file;
  where = "process";
  const J &p = doc.at("process");
  std::string pid = std::to_string(wholeNumber(p, "pid", where)), rank = p.value("rank", "");
  run.pid = pid;
  run.rank = rank;
  run.world_size = p.value("world_size", "");
  run.local_rank = p.value("local_rank", "");
  run.launcher = p.value("launcher", "");
  run.host = p.value("host", "");
  run.command = p.value("command", "");
  run.ended_by = p.value("ended_by", "exit");
  if (p.contains("ppid"))
    run.ppid = std::to_string(wholeNumber(p, "ppid", where));
  run.autograd_link = doc.value("autograd_link", "");
  run.role = processRole(run.command, rank, run.local_rank);
  // A spawned worker inherits its rank's environment: it is labelled as what it is, and
  // never lined up as a second trace of that rank (join/Ranks.h reads rank).
  if (run.role.kind == RoleKind::Worker || run.role.kind == RoleKind::Helper)
    run.rank.clear();
  run.label = run.role.kind == RoleKind::Rank      ? "rank " + rank + " (pid " + pid + ")"
              : run.role.kind == RoleKind::Process ? "pid " + pid
                                                   : run.role.text + " (pid " + pid + ")";
  where = "summary";
  const J &sum = doc.at("summary");
  run.window_ns = wholeNumber(sum, "window_ns", where);
  // Every sync; before they were all counted, the stalls; before that, the stalls listed.
  run.syncs = static_cast<uint64_t>(wholeNumber(
      sum, "syncs", where,
      wholeNumber(sum, "stalls", where, static_cast<int64_t>(doc.at("stalls").size()))));
  run.stall_ns = wholeNumber(sum, "stall_ns", where);
  run.bubble_ns = wholeNumber(sum, "sync_bubble_ns", where);
  run.multi_stream_pct = percentage(sum, "multi_stream_pct", where);
  run.copy_under_compute_pct = percentage(sum, "copy_under_compute_pct", where);
  size_t i = 0;
  for (const J &d : sum.value("devices", J::array())) {
    where = "summary.devices[" + std::to_string(i++) + "]";
    Ns busy = wholeNumber(d, "busy_ns", where), window = wholeNumber(d, "window_ns", where);
    if (busy > window) // a GPU busy for longer than it was traced: a busy share over 100%
      throw TraceRecordError(where + ": busy_ns longer than window_ns");
    addTime(run.gpu_busy_ns, busy, "summary.devices[].busy_ns");
    addTime(run.gpu_window_ns, window, "summary.devices[].window_ns");
    // How the tracer attributed the idle gaps (absent in early traces: 0). The sync bubbles
    // are summary.sync_bubble_ns already; the others feed the verdict.
    Ns parts = 0, overhead = wholeNumber(d, "overhead_ns", where, 0),
       host = wholeNumber(d, "launch_bound_ns", where, 0);
    for (Ns part : {wholeNumber(d, "sync_bubble_ns", where, 0), overhead, host})
      addTime(parts, part, "summary.devices[]: the idle parts");
    if (parts > window - busy)
      throw TraceRecordError(where + ": sync_bubble_ns, overhead_ns and launch_bound_ns add up "
                                     "past its idle time (window_ns - busy_ns)");
    addTime(run.idle_overhead_ns, overhead, "summary.devices[].overhead_ns");
    addTime(run.idle_host_ns, host, "summary.devices[].launch_bound_ns");
  }
  where = "records";
  run.dropped = static_cast<uint64_t>(wholeNumber(doc.at("records"), "dropped", where));
  run.gpu_items = static_cast<uint64_t>(wholeNumber(doc.at("records"), "gpu", where, 0));
  where = "sources";
  run.source_hashes = hostsync::trace::sourceHashesOf(doc);
  const J stacks = doc.value("stacks", J::array());
  Ns stalled = 0, idle = 0; // the join adds these up: they must fit as a sum too
  i = 0;
  for (const J &st : doc.at("stalls")) {
    where = "stalls[" + std::to_string(i++) + "]";
    TracedStall s;
    s.api = st.value("api", "");
    s.cls = st.value("class", "");
    s.thread = static_cast<uint64_t>(wholeNumber(st, "thread", where));
    interval(st, where, s.start, s.end);
    s.idle_ns = wholeNumber(st, "idle_charged_ns", where);
    s.bytes = static_cast<uint64_t>(wholeNumber(st, "bytes", where));
    addTime(stalled, s.length(), "stalls: their lengths");
    addTime(idle, s.idle_ns, "stalls: their idle_charged_ns");
    int64_t id = wholeNumber(st, "stack", where, -1, -1);
    if (id >= 0 && id < static_cast<int64_t>(stacks.size()) && stacks[id].contains("frames")) {
      where = "stacks[" + std::to_string(id) + "]";
      readStack(stacks[id], s);
    } else {
      s.guessed_rule = guessRule({}, s.api, s.cls);
    }
    run.stalls.push_back(std::move(s));
  }
  readSites(doc, stacks, run, where);
  if (doc.contains("sampling"))
    readSampling(doc["sampling"], run);
  if (doc.contains("phases"))
    readPhases(doc["phases"], run, where);
  where = "overlap";
  i = 0;
  for (const J &b : doc.at("overlap").value("streams", J::array())) {
    where = "overlap.streams[" + std::to_string(i++) + "]";
    run.stream_busy.push_back({"GPU " + std::to_string(wholeNumber(b, "device", where)) +
                                   " stream " + std::to_string(wholeNumber(b, "stream", where)),
                               wholeNumber(b, "busy_ns", where)});
  }
  i = 0;
  for (const J &o : doc.at("overlap").value("pairs", J::array())) {
    where = "overlap.pairs[" + std::to_string(i++) + "]";
    run.pair_overlap.push_back({"GPU " + std::to_string(wholeNumber(o, "device", where)) +
                                    " streams " + o.at("streams").at(0).dump() + " + " +
                                    o.at("streams").at(1).dump(),
                                wholeNumber(o, "overlap_ns", where)});
  }
  if (doc.contains("communication"))
    readCommunication(doc["communication"], run, where);
  if (doc.contains("timeline"))
    readTimeline(doc["timeline"], run, where);
  if (doc.contains("timelines"))
    readTimelines(doc["timelines"], run, where);
  return run;
}
} // namespace

bool loadTraceRuns(const std::vector<std::string> &files, const trace::SymbolizeOptions &symbolize,
                   Report &report, std::vector<std::string> &warnings, std::string &error) {
  Ns window = 0, stalled = 0, idle = 0, busy = 0, gpuWindow = 0; // the headline's sums
  // One file that cannot be read (killed mid-copy, another version, malformed) is skipped
  // with one line: a job's report never fails for one of its processes.
  auto skip = [&](const std::string &why) {
    report.skipped_inputs.push_back(why);
    report.warnings.push_back(why + " (skipped: the other traces are reported)");
  };
  for (const std::string &file : files) {
    J doc;
    std::string why;
    if (!readJson(file, doc, why, trace::loadTraceJson)) {
      skip(why);
      continue;
    }
    std::string where = "stacks";
    try {
      bool symbolized = true;
      for (const J &s : doc.value("stacks", J::array()))
        symbolized &= s.contains("frames");
      std::vector<std::string> problems;
      if (!symbolized)
        problems = trace::symbolizeTraceDoc(doc, symbolize).problems;
      TracedRun run = readRun(file, doc, where);
      where = "summary";
      // The sums first, into copies: a run that would overflow them is skipped whole.
      Ns w = window, st = stalled, id = idle, b = busy, g = gpuWindow;
      addTime(w, run.window_ns, "the runs' window_ns");
      addTime(st, run.stall_ns, "the runs' stall_ns");
      addTime(id, run.bubble_ns, "the runs' sync_bubble_ns");
      addTime(b, run.gpu_busy_ns, "the runs' GPU busy_ns");
      addTime(g, run.gpu_window_ns, "the runs' GPU window_ns");
      std::tie(window, stalled, idle, busy, gpuWindow) = std::tie(w, st, id, b, g);
      for (const std::string &p : problems)
        warnings.push_back(file + ": " + p);
      report.runs.push_back(std::move(run));
    } catch (const TraceRecordError &e) {
      skip(file + ": " + e.what());
    } catch (const std::exception &e) {
      skip(file + ": " + where + ": malformed trace.json: " + plainMessage(e));
    }
  }
  report.has_trace = !report.runs.empty();
  if (!report.has_trace && !report.skipped_inputs.empty()) {
    error = report.skipped_inputs.size() == 1
                ? report.skipped_inputs[0]
                : "no trace could be read (" + std::to_string(report.skipped_inputs.size()) +
                      " files); the first: " + report.skipped_inputs[0];
    return false;
  }
  return true;
}

} // namespace hostsync::report
