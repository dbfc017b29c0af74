#include "input/TraceRuns.h"

#include "join/RuleGuess.h"
#include "symbolize/SourceHashes.h"
#include "symbolize/TraceStacks.h"

#include <algorithm>
#include <set>

namespace hostsync::report {

using J = nlohmann::ordered_json;

namespace {
// A stack's frames as the report keeps them: the user frame, the library op it called,
// and the whole stack as text.
bool isToolFrame(const J &f) { // the tracer and CUPTI, between the CUDA call and us
  std::string module = f.value("module", "");
  std::string base = module.substr(module.rfind('/') + 1);
  return base.rfind("libhostsync", 0) == 0 || base.rfind("libcupti", 0) == 0;
}

void readStack(const J &stack, TracedStall &s) {
  const J &frames = stack.at("frames");
  int user = stack.value("user_frame", -1);
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
    std::string text = f.value("function", "??");
    if (!f.value("file", "").empty())
      text += " " + f.value("file", "") + ":" + std::to_string(f.value("line", 0));
    s.stack.push_back(text);
    // Only the frames between the CUDA call and the user's code say which op it was.
    if (user < 0 || static_cast<int>(i) < user)
      functions.push_back(f.value("function", ""));
  }
  if (user >= 0) {
    const J &f = frames.at(user);
    s.user = {f.value("file", ""), f.value("line", 0), bareFunctionName(f.value("function", ""))};
  }
  s.guessed_rule = guessRule(functions, s.api, s.cls, &s.first_library_fn);
}

TracedRun readRun(const std::string &file, const J &doc) {
  TracedRun run;
  run.source = file;
  const J &p = doc.at("process");
  std::string pid = std::to_string(p.value("pid", 0)), rank = p.value("rank", "");
  run.label = rank.empty() ? "pid " + pid : "rank " + rank + " (pid " + pid + ")";
  run.command = p.value("command", "");
  const J &sum = doc.at("summary");
  run.window_ns = sum.value("window_ns", Ns(0));
  run.stall_ns = sum.value("stall_ns", Ns(0));
  run.bubble_ns = sum.value("sync_bubble_ns", Ns(0));
  run.multi_stream_pct = sum.value("multi_stream_pct", 0.0);
  run.copy_under_compute_pct = sum.value("copy_under_compute_pct", 0.0);
  for (const J &d : sum.value("devices", J::array())) {
    run.gpu_busy_ns += d.value("busy_ns", Ns(0));
    run.gpu_window_ns += d.value("window_ns", Ns(0));
  }
  run.dropped = doc.at("records").value("dropped", uint64_t(0));
  run.source_hashes = hostsync::trace::sourceHashesOf(doc);
  const J stacks = doc.value("stacks", J::array());
  for (const J &st : doc.at("stalls")) {
    TracedStall s;
    s.api = st.value("api", "");
    s.cls = st.value("class", "");
    s.thread = st.value("thread", uint64_t(0));
    s.start = st.value("start_ns", Ns(0));
    s.end = st.value("end_ns", Ns(0));
    s.idle_ns = st.value("idle_charged_ns", Ns(0));
    s.bytes = st.value("bytes", uint64_t(0));
    int id = st.value("stack", -1);
    if (id >= 0 && id < static_cast<int>(stacks.size()) && stacks[id].contains("frames"))
      readStack(stacks[id], s);
    else
      s.guessed_rule = guessRule({}, s.api, s.cls);
    run.stalls.push_back(std::move(s));
  }
  for (const J &b : doc.at("overlap").value("streams", J::array()))
    run.stream_busy.push_back({"GPU " + std::to_string(b.value("device", 0)) + " stream " +
                                   std::to_string(b.value("stream", 0)),
                               b.value("busy_ns", Ns(0))});
  for (const J &o : doc.at("overlap").value("pairs", J::array()))
    run.pair_overlap.push_back({"GPU " + std::to_string(o.value("device", 0)) + " streams " +
                                    o.at("streams").at(0).dump() + " + " +
                                    o.at("streams").at(1).dump(),
                                o.value("overlap_ns", Ns(0))});
  if (doc.contains("timeline")) {
    const J &t = doc["timeline"];
    run.timeline_start = t.value("start_ns", Ns(0));
    run.timeline_end = t.value("end_ns", Ns(0));
    std::set<std::string> tracks;
    for (const J &a : t.value("api", J::array())) {
      TimelineEvent e{"thread " + std::to_string(a.value("thread", uint64_t(0))),
                      a.value("name", ""), "api", a.value("start_ns", Ns(0)),
                      a.value("end_ns", Ns(0))};
      tracks.insert(e.track);
      run.timeline.push_back(e);
    }
    for (const J &g : t.value("gpu", J::array())) {
      TimelineEvent e{"GPU " + std::to_string(g.value("device", 0)) + " stream " +
                          std::to_string(g.value("stream", 0)),
                      g.value("name", ""), g.value("kind", ""), g.value("start_ns", Ns(0)),
                      g.value("end_ns", Ns(0))};
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
    for (const J &i : t.value("stalls", J::array()))
      if (i.get<size_t>() < run.stalls.size()) {
        const TracedStall &s = run.stalls[i.get<size_t>()];
        run.timeline_stalls.push_back(
            {"thread " + std::to_string(s.thread), s.cls, "stall", s.start, s.end});
      }
    for (const J &g : t.value("idle_gaps", J::array()))
      if (g.value("cause", "") == "sync_bubble")
        run.timeline_bubbles.push_back({g.value("start_ns", Ns(0)), g.value("end_ns", Ns(0))});
  }
  return run;
}
} // namespace

bool loadTraceRuns(const std::vector<std::string> &inputs, const trace::SymbolizeOptions &symbolize,
                   Report &report, std::vector<std::string> &warnings, std::string &error) {
  std::vector<std::string> files;
  if (!trace::traceFilesIn(inputs, files, error))
    return false;
  for (const std::string &file : files) {
    J doc;
    if (!trace::loadTraceJson(file, doc, error))
      return false;
    try {
      bool symbolized = true;
      for (const J &s : doc.value("stacks", J::array()))
        symbolized &= s.contains("frames");
      if (!symbolized)
        for (const std::string &w : trace::symbolizeTraceDoc(doc, symbolize).problems)
          warnings.push_back(file + ": " + w);
      report.runs.push_back(readRun(file, doc));
    } catch (const std::exception &e) {
      error = file + ": malformed trace.json: " + e.what();
      return false;
    }
  }
  report.has_trace = !report.runs.empty();
  return true;
}

} // namespace hostsync::report
