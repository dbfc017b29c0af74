// The joined data of a report: what the inputs say (static findings, traced runs and their
// stalls) and what the join makes of them (sites with their findings and costs). Plain
// data: the renderers (JSON, Markdown, HTML) and the gates read only this.
#pragma once

#include "analysis/StallHistogram.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hostsync::report {

using Ns = int64_t;

struct StaticFinding {
  std::string rule, severity, file, op, rank, function, message, fix;
  int line = 0, column = 0;
  bool suppressed = false;
  std::string suppression_reason; // the NOLINT comment's reason, when suppressed
  std::string code;               // the source line, when it can be read
};

struct SourceLocation {
  std::string file; // normalized: relative to the source root when under it
  int line = 0;
  std::string function;
  bool python = false; // a line of Python code (the traced program's Python frames)
  // The line of a forward op whose backward synced (op: "aten::index"), not a sync of the line
  // itself: a site of its own.
  std::string backward_of;
  bool known() const { return !file.empty() && line > 0; }
};

// The parts of a traced run in time (trace.json's phases, profiler/analysis/Phases.h).
enum PhaseIndex { StartupPhase = 0, SteadyPhase = 1, TeardownPhase = 2 };
constexpr int PhaseCount = 3;
constexpr const char *PhaseNames[PhaseCount] = {"startup", "steady", "teardown"}; // as trace.json
struct RunPhase {
  Ns start_ns = 0, end_ns = 0;
  Ns gpu_time_ns = 0, gpu_busy_ns = 0;                         // summed over the devices
  Ns sync_bubble_ns = 0, overhead_ns = 0, launch_bound_ns = 0; // its GPU idle, by cause
  uint64_t launches = 0, syncs = 0, stalls = 0;
  Ns sync_ns = 0; // the host's time in its syncs
  // Its overlap, summed over the devices (absent, -1, in traces written before it).
  Ns multi_stream_ns = -1, copy_ns = -1, copy_under_compute_ns = -1;
  Ns length() const { return end_ns - start_ns; }
};
// One site's syncs in one part of a run.
struct SitePhase {
  uint64_t calls = 0, waited = 0;
  Ns wait_ns = 0, idle_ns = 0;
  void add(const SitePhase &o) {
    calls += o.calls;
    waited += o.waited;
    wait_ns += o.wait_ns;
    idle_ns += o.idle_ns;
  }
};

// One frame of a stall's stack, innermost first.
struct StackFrame {
  std::string function;      // as demangled: "void train<Loader>(Loader&)", or "??"
  std::string location;      // "file:line", or "" when unknown
  bool python = false;       // a frame of the program's Python code
  std::string text() const { // "function file:line", "[python]" marked
    return function + (location.empty() ? "" : " " + location) + (python ? " [python]" : "");
  }
};

struct TracedStall {
  std::string api, cls;
  uint64_t thread = 0; // system thread id
  Ns start = 0, end = 0, idle_ns = 0;
  uint64_t bytes = 0;
  SourceLocation user;          // first user frame, or unknown
  std::string first_library_fn; // the library op of the stack (StallRule::Function), if any
  std::string op; // the ATen op: "aten::nonzero (in aten::index.Tensor)", or "" when unknown
  // On one of autograd's engine threads (backward's work): no Python or user frame there,
  // but the forward op's, when the tracer tied the node to it (user.backward_of is set then).
  bool in_autograd_engine = false;
  std::string backward_node; // "IndexBackward0", when known
  std::string guessed_rule;  // from the stack's functions and the stall class
  // Why there is no user frame, when there is none: no stack was captured, or frames of
  // the program's own binaries could not be symbolized (binary not found or rebuilt).
  enum class StackState { Resolved, None, Unresolved } stack_state = StackState::None;
  std::vector<StackFrame> stack; // every frame but the tracer's, innermost first
  Ns length() const { return end - start; }
};

// A call site as the tracer counted it (trace.json's sites): every sync there, with its
// stack's reading (`sample`: user line, op, rule, frames; its api and class are those of the
// site's first sync).
struct TracedSite {
  TracedStall sample;
  uint64_t count = 0, waited = 0;
  Ns stall_ns = 0, idle_ns = 0;
  uint64_t bytes = 0;
  trace::StallHistogram lengths;
  std::array<SitePhase, PhaseCount> phases{};
  bool phased = false; // false in traces written before phases: the whole run is steady
};

struct TimelineEvent {
  std::string track, name, kind; // track: "thread N" or "GPU d stream s"
  Ns start = 0, end = 0;
};

// A timeline the tracer wrote (trace.json's "timelines"): a Perfetto file of one window.
struct TimelineFile {
  std::string name, reason, state;
  std::string path; // beside the trace file
  Ns start_ns = 0, end_ns = 0;
  uint64_t slices = 0, bytes = 0;
};

// What a process of a job is there for, as far as its trace tells (input/ProcessRole.h).
enum class RoleKind { Rank, Launcher, Main, Worker, Helper, Process };
struct ProcessRole {
  RoleKind kind = RoleKind::Process;
  std::string text; // "rank 1 (local rank 1)", "launcher (torchrun)", "spawned worker of rank 0"
};

// A run traced in sampled mode (trace.json "sampling"): its GPU figures are estimates from
// its windows, each with a 95% interval; its syncs are exact. Summed over runs in Headline.
struct RunSampling {
  bool on = false;
  uint64_t runs = 0, windows = 0;
  Ns observed_ns = 0, span_ns = 0;                // the devices' GPU time observed, and in all
  Ns busy_ns = 0, busy_lo_ns = 0, busy_hi_ns = 0; // the devices' busy time
  Ns bubble_ns = 0, bubble_lo_ns = 0, bubble_hi_ns = 0; // the GPU idle after syncs
  bool interval = true; // every estimate has one (two or more windows)
  uint64_t unobserved_syncs = 0, unobserved_sites = 0; // outside every window: not estimated
  double slowdown = 1; // how much the windows slowed the program (the most of any run)
  void add(const RunSampling &o) {
    if (!o.on)
      return;
    on = true;
    interval = (runs == 0 || interval) && o.interval;
    runs += o.runs;
    windows += o.windows;
    observed_ns += o.observed_ns;
    span_ns += o.span_ns;
    busy_ns += o.busy_ns, busy_lo_ns += o.busy_lo_ns, busy_hi_ns += o.busy_hi_ns;
    bubble_ns += o.bubble_ns, bubble_lo_ns += o.bubble_lo_ns, bubble_hi_ns += o.bubble_hi_ns;
    unobserved_syncs += o.unobserved_syncs;
    slowdown = std::max(slowdown, o.slowdown);
    unobserved_sites += o.unobserved_sites;
  }
};

struct TracedRun {
  std::string label;                  // "pid 123" or "rank 1 (pid 123)"
  std::string pid;                    // as the trace says
  std::string rank, world_size, host; // where it stands in a distributed job, or ""
  std::string local_rank, launcher;   // likewise
  std::string ended_by;               // exit, a signal, or running (a periodic write)
  ProcessRole role;
  Ns comm_ns = 0, comm_hidden_ns = 0;         // collective communication, and under compute
  std::vector<std::pair<Ns, Ns>> collectives; // each one's start and end, in order
  std::string source;                         // the trace file
  std::string command;
  Ns window_ns = 0, stall_ns = 0, bubble_ns = 0, gpu_busy_ns = 0, gpu_window_ns = 0;
  // The rest of the GPU's idle time as the tracer attributed its gaps (summary.devices[]):
  // tool or driver overhead, and the host launching nothing while it was not in a sync
  // (the trace's launch_bound_ns). 0 in traces written before they were added.
  Ns idle_overhead_ns = 0, idle_host_ns = 0;
  uint64_t gpu_items = 0; // kernels, copies and memsets the host issued (records.gpu)
  double multi_stream_pct = 0, copy_under_compute_pct = 0;
  uint64_t dropped = 0, stacks_without_frames = 0;
  uint64_t syncs = 0;              // every sync (summary.syncs; the stalls before it was written)
  std::vector<TracedStall> stalls; // the costliest syncs, as the trace lists them
  std::vector<TracedSite> sites;   // every site, with every sync counted
  // Start-up, steady part, teardown: how they were found ("steps", "launches", "whole run"),
  // or "" for a trace written before phases (the whole run is then its steady part).
  std::string phases_how;
  std::array<RunPhase, PhaseCount> phases{};
  std::string autograd_link; // trace.json's: "linked", why not, or ""
  std::string ppid;          // the parent process, or "" (traces written before it)
  std::vector<std::pair<std::string, Ns>> stream_busy;  // "GPU d stream s" -> busy
  std::vector<std::pair<std::string, Ns>> pair_overlap; // "GPU d streams a + b" -> both busy
  // The representative slice for the picture.
  Ns timeline_start = 0, timeline_end = 0;
  std::vector<TimelineEvent> timeline;
  std::vector<TimelineEvent> timeline_stalls;      // on their host thread's track
  std::vector<std::pair<Ns, Ns>> timeline_bubbles; // GPU idle after a stall
  std::vector<std::string> timeline_tracks;
  std::vector<TimelineFile> timelines;
  // Each program source file the symbolizer resolved lines in -> its hash then.
  std::map<std::string, std::string> source_hashes;
  RunSampling sampling;
};

// Which list a site is in: its syncs cost something in the steady part (fix first), they did
// not wait there ("they will when the GPU is busier"), or it synced only in start-up or
// teardown, or is a module's move to the device (one-time: listed apart, never first).
enum class SiteList { Fix, NoWait, OneTime };

// One source line (or library site) where the traced program synced, with its cost.
struct Site {
  SourceLocation where;          // unknown for stalls with no user frame
  std::string library_site;      // for those: the library function or API name
  std::vector<std::string> runs; // labels of the runs it appears in
  uint64_t count = 0;            // every sync there
  uint64_t waited = 0;           // those that waited at least the tracer's threshold
  Ns stall_ns = 0, idle_ns = 0, p50_ns = 0, p99_ns = 0;
  uint64_t bytes = 0;
  std::array<SitePhase, PhaseCount> phases{}; // by part of the run (all steady: unphased)
  SiteList list = SiteList::Fix;
  const SitePhase &steady() const { return phases[SteadyPhase]; }
  std::string op;                  // the ATen op of its first stall (TracedStall::op)
  bool in_autograd_engine = false; // its first stall ran in autograd's backward
  std::string backward_node;       // that backward's node, when known
  bool module_move = false;        // every stall of it is in torch::nn::Module::to (setup)
  std::string rule;                // the finding's rule, or the guessed one
  int finding = -1;                // index into Report::findings, -1: missed statically
  std::string matched_by;          // "line", "function", or "" (no finding)
  std::string missed_reason;       // for missed ones: library / not analysed / unknown op /
                                   // no stack / not symbolized
  TracedStall::StackState stack_state = TracedStall::StackState::Resolved;
  std::string example_stack;              // one stack, for the reader, as text
  std::vector<StackFrame> example_frames; // its frames shown (the first 14)
  bool source_changed = false;            // its file was edited since the trace was symbolized
  std::string code;                       // the source line, when it can be read
};

// A distributed job's ranks lined up by their collectives (join/Ranks.h).
struct RankRow {
  size_t run = 0; // index into Report::runs
  std::string label, rank, host;
  uint64_t collectives = 0, last = 0; // last: collectives it arrived at last
  Ns comm_ns = 0, comm_hidden_ns = 0;
  Ns waited_ns = 0;       // its collectives waited for later ranks
  Ns caused_ns = 0;       // the ranks that came before it waited, where it came last
  Ns clock_offset_ns = 0; // subtracted from its times to read them on the first rank's clock
};
// One process of the run, as the report lists it (join/Processes.h).
struct ProcessRow {
  size_t run = 0;        // index into Report::runs
  uint64_t stalls = 0;   // its syncs
  bool gpu_work = false; // it issued GPU work, or a GPU was busy for it
};
// The processes of one role together, for a job too large to list whole.
struct RoleGroup {
  RoleKind kind = RoleKind::Process;
  uint64_t processes = 0, with_gpu_work = 0, stalls = 0;
  Ns gpu_busy_ns = 0, stall_ns = 0;
};

// Why a rank came late to its collectives: the longest stall of the rank between its
// previous collective and the late one, grouped by site ("" site: no stall there).
struct LateCause {
  std::string rank;
  SourceLocation where;
  std::string api; // the stall's call, for a site with no user frame
  uint64_t count = 0;
  Ns caused_ns = 0;
};
struct JobView {
  std::vector<RankRow> ranks;     // by rank
  size_t lined_up = 0;            // collectives lined up across every rank
  size_t worst = 0;               // the lined-up collective whose arrivals spread the most
  std::string straggler;          // the rank the others waited for, or "" when none stands out
  std::vector<LateCause> causes;  // by caused_ns
  std::vector<std::string> notes; // how the clocks were aligned, mismatched counts
  bool present() const { return ranks.size() >= 2; }
};

struct Headline {
  Ns window_ns = 0, stall_ns = 0, bubble_ns = 0, gpu_busy_ns = 0, gpu_window_ns = 0;
  double gpu_busy_pct = 0, lost_to_sync_pct = 0, multi_stream_pct = 0, copy_overlap_pct = 0;
  RunSampling sampling; // the sampled runs' estimates, summed (on: at least one)
};

// What bounds the job, from the GPU's busy time and its idle time by cause (verdict/Verdict.h).
enum class Bound { NoGpu, Gpu, Sync, Launch, Input, Unexplained };
struct Verdict {
  Bound bound = Bound::NoGpu;
  // Judged on the steady part of the runs (phases); start-up and teardown set apart, with
  // their lengths (summed over the runs), and how the parts were found.
  bool steady = false;
  Ns startup_ns = 0, teardown_ns = 0;
  std::string phases_how;
  Ns gpu_window_ns = 0, busy_ns = 0, idle_ns = 0;
  // The idle time by cause; they add up to idle_ns.
  Ns sync_ns = 0, launch_ns = 0, input_ns = 0, unexplained_ns = 0;
  // Of the idle after syncs, the part after syncs marked intended (NOLINT): set apart, it
  // decides nothing; sync_ns is what is left. suppressed_sites: "harness.cpp:43, timing
  // boundary", by idle.
  Ns suppressed_ns = 0;
  std::vector<std::string> suppressed_sites;
  uint64_t gpu_items = 0;   // work items the host issued, each a launch (or copy) call
  bool syncs_minor = false; // syncs explain too little of the idle time to fix them first
  double busyPct() const { return share(busy_ns, gpu_window_ns); }
  double idlePct(Ns part) const { return share(part, idle_ns); } // a share of the idle time
  static double share(Ns part, Ns of) {
    return of > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(of) : 0.0;
  }
};

struct Report {
  std::vector<StaticFinding> findings;
  std::vector<std::string> analysed_files; // translation units the lint run covered
  std::vector<TracedRun> runs;
  JobView job;                    // when the runs are two or more ranks of one job
  std::vector<Site> sites;        // measured, by GPU idle, then host stall, then rank
  std::vector<int> cold_findings; // findings no traced stall reached
  Headline headline;
  Verdict verdict;           // when has_trace
  long steps = 0;            // --steps: per-step costs when > 0
  uint64_t new_findings = 0; // not in --baseline (when given)
  bool has_lint = false, has_trace = false, has_baseline = false;
  std::vector<ProcessRow> processes; // every traced process: ranks first, then by stall time
  std::vector<RoleGroup> roles;      // the processes by role, in RoleKind's order
  // Trace files that could not be read, each "FILE: what is wrong": the rest is reported.
  std::vector<std::string> skipped_inputs;
  // Said on stderr and at the top of every output: sources edited since they were traced.
  std::vector<std::string> warnings;
};

} // namespace hostsync::report
