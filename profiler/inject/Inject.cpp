// The library's entry points. Loaded with LD_PRELOAD, a constructor starts tracing when
// the library is loaded; named by CUDA_INJECTION64_PATH, the driver calls
// InitializeInjection at cuInit. Either way tracing starts once, and at exit (normal exit,
// exit() from any thread, or a fatal signal) the records are flushed, analysed, and written
// to $HOSTSYNC_OUT/trace-<pid>[-rank<R>].json. Failures never stop the program: one line on
// stderr, and it runs untraced.
#include "analysis/RunFold.h"
#include "analysis/TimelinePlan.h"
#include "cupti/ApiCallRecorder.h"
#include "cupti/Callbacks.h"
#include "cupti/Clock.h"
#include "cupti/CuptiCollector.h"
#include "cupti/Sampler.h"
#include "cupti/StackCapture.h"
#include "cupti/StepMarks.h"
#include "cupti/TorchLink.h"
#include "elf/ProcessModules.h"
#include "io/JobRank.h"
#include "io/TimelineFiles.h"
#include "io/TraceFiles.h"
#include "symbolize/StallSites.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <limits>
#include <memory>
#include <thread>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <malloc.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace hostsync::trace;

namespace {

std::atomic<bool> g_started{false};
pid_t g_pid = 0; // the traced process; a fork()ed child inherits our atexit but is not it
const char *g_apiRecording = "all"; // TraceModel::api_recording, decided at start

long envNumber(const char *name, long fallback) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return fallback;
  char *end = nullptr;
  long n = std::strtol(v, &end, 10);
  return (end && *end == '\0' && n >= 0) ? n : fallback;
}

std::string envString(const char *name) {
  const char *v = std::getenv(name);
  return v ? v : "";
}

std::string commandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (char &c : raw)
    if (c == '\0')
      c = ' ';
  while (!raw.empty() && raw.back() == ' ')
    raw.pop_back();
  return raw;
}

// Which CUPTI clients may be competing with us, judged by what is loaded.
std::string likelyCuptiClients(const std::vector<Module> &modules) {
  const std::pair<const char *, const char *> known[] = {
      {"libtorch_cuda", "the PyTorch profiler (Kineto, in libtorch)"},
      {"libkineto", "Kineto"},
      {"libToolsInjection", "Nsight Systems"},
      {"libnvperf", "Nsight Compute / CUPTI profiling"},
      {"libsanitizer", "compute-sanitizer"}};
  std::string out;
  for (const auto &[needle, who] : known)
    for (const Module &m : modules)
      if (m.path.find(needle) != std::string::npos && out.find(who) == std::string::npos) {
        out += (out.empty() ? "" : ", ");
        out += who;
        break;
      }
  return out.empty() ? "unknown" : out;
}

// file:line of the top sites for the summary, from their addresses alone, by addr2line in a
// child process (the full stacks are symbolized later, offline). Only on a normal exit:
// after a fatal signal nothing that forks or waits is safe. HOSTSYNC_SUMMARY_LINES=0 skips.
std::map<uint32_t, std::string> summaryLines(const TraceModel &m, const Summary &s,
                                             const std::map<uint32_t, uint64_t> &addresses,
                                             const char *ended_by) {
  if (std::string(ended_by) != "exit" || envString("HOSTSYNC_SUMMARY_LINES") == "0" ||
      addresses.empty())
    return {};
  return siteLines(m, s.sites, addresses, 5, SymbolizeOptions());
}

// The run, folded as it goes (analysis/RunFold): a thread takes what CUPTI and the
// callbacks recorded every HOSTSYNC_FOLD_MS, folds it up to a cut no record still to come
// can precede, and every HOSTSYNC_WRITE_S replaces trace.json with the totals so far
// (process.ended_by "running"), so a job killed without warning keeps what it measured.
struct Folding {
  std::mutex mutex; // the fold and the records it holds
  std::unique_ptr<RunFold> fold;
  std::map<uint32_t, uint64_t> siteAddresses;
  size_t stacksSeen = 0;
  Ns margin = 0;      // held back from the flush time: calls still returning (see start())
  bool stats = false; // HOSTSYNC_FOLD_STATS=1: a line per fold on stderr
  Ns windowNs = 0;
  std::string windowError; // the last failure to write the worst window, said once
  TimelineEntry worst;     // the worst window written (name "": none yet)
  // The chosen windows' timelines (HOSTSYNC_TIMELINE_*), written fold by fold; null: none.
  std::unique_ptr<TimelinePlan> plan;
  std::unique_ptr<TimelineFiles> timelines;
  ProcessInfo identity; // processIdentity(), read at start
  std::atomic<bool> stop{false};
  std::atomic<pid_t> tid{0}; // the fold thread's, once it runs
  std::mutex wake;
  std::condition_variable cv;
  std::thread thread;
};
Folding *g_folding = nullptr; // never destroyed: used from atexit and signal handlers
// SIGUSR2 (HOSTSYNC_TIMELINE_SIGNAL_S): when it came, for the next fold to begin a window.
std::atomic<uint64_t> g_timelineAsked{0};

void sayAll(const std::vector<std::string> &lines) {
  for (const std::string &line : lines)
    std::fprintf(stderr, "hostsync-trace: %s\n", line.c_str());
}

// The process's resident memory now, in MB (/proc/self/statm), for HOSTSYNC_FOLD_STATS.
double residentMb() {
  std::ifstream statm("/proc/self/statm");
  unsigned long long size = 0, resident = 0;
  statm >> size >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

// Moves what was recorded into the fold's model and names each new stall's site.
void takeRecorded(Folding &f) {
  TraceModel &m = f.fold->model();
  Sampler::instance().takeInto(m); // the windows first: the records are read against them
  CuptiCollector::instance().takeRecords(m);
  ApiCallRecorder::instance().takeInto(m); // before the stacks: they join by correlation
  StackCapture::instance().takeInto(m);
  StepMarks::instance().attachTo(m);
  if (m.stacks.size() != f.stacksSeen) { // new code paths: modules may have been loaded
    m.modules = loadedModules();
    f.stacksSeen = m.stacks.size();
  }
  // The LibTorch link, once the program has loaded its libtorch (never in a CUDA callback).
  // trace.json says how it went (autograd_link); the report says it where a backward sync
  // has no forward line.
  if (!TorchLink::instance().settled() && StackCapture::instance().running()) {
    std::string why = TorchLink::instance().tryLoad(loadedModules(), StackCapture::locate);
    if (TorchLink::instance().settled())
      m.autograd_link = why.empty() ? "linked" : why;
  }
  for (const auto &site : assignStallSites(m))
    f.siteAddresses.insert(site);
}

void foldNow(Folding &f) {
  Ns flushed = static_cast<Ns>(traceClockNs());
  CuptiCollector::instance().flush();
  std::lock_guard<std::mutex> lock(f.mutex);
  takeRecorded(f);
  if (uint64_t asked = g_timelineAsked.exchange(0); asked && f.plan)
    f.plan->request(static_cast<Ns>(asked));
  f.fold->foldAt(flushed - f.margin);
  if (f.stats) {
    const TraceModel &m = f.fold->model();
    std::fprintf(stderr,
                 "hostsync-trace: fold %llu: cut %.3f s behind the flush, holding %zu calls, "
                 "%zu GPU records, %zu stacks, %llu activity buffers; process RSS %.0f MB, "
                 "heap in use %.0f MB, mapped %.0f MB%s%s\n",
                 static_cast<unsigned long long>(f.fold->stats().folds),
                 (flushed - f.fold->lastCut()) / 1e9, m.api.size(), m.gpu.size(), m.stacks.size(),
                 static_cast<unsigned long long>(m.activity_buffers), residentMb(),
                 static_cast<double>(mallinfo2().uordblks) / (1 << 20),
                 static_cast<double>(mallinfo2().hblkhd) / (1 << 20),
                 f.fold->stats().held_by ? "; waiting for the work of " : "",
                 m.name(f.fold->stats().held_by).c_str());
    std::fprintf(stderr, "hostsync-trace: fold %llu keeps: %s; %s; %zu staging names\n",
                 static_cast<unsigned long long>(f.fold->stats().folds),
                 f.fold->keptSizes().c_str(), StackCapture::instance().keptSizes().c_str(),
                 CuptiCollector::instance().stagingNames());
  }
}

// What does not change while the process runs (its job, host and command line): read once
// at start, not at every write.
ProcessInfo processIdentity() {
  ProcessInfo p;
  p.pid = static_cast<int>(g_pid);
  p.ppid = static_cast<int>(getppid());
  JobRank job = jobRankFrom([](const char *name) { return envString(name); });
  p.rank = job.rank;
  p.local_rank = job.local_rank;
  p.world_size = job.world_size;
  p.launcher = job.launcher;
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  p.host = host;
  p.command = commandLine();
  p.skipped_steps = static_cast<size_t>(envNumber("HOSTSYNC_SKIP_STEPS", 0));
  return p;
}

ProcessInfo processInfo(const char *ended_by) {
  ProcessInfo p = g_folding->identity;
  p.ended_by = ended_by;
  p.windows = g_folding->fold->profilerWindows();
  if (!g_folding->worst.name.empty())
    p.timelines.push_back(g_folding->worst);
  if (g_folding->timelines)
    for (const TimelineEntry &t : g_folding->timelines->entries())
      p.timelines.push_back(t);
  return p;
}

std::string outDir() {
  std::string out = envString("HOSTSYNC_OUT");
  return out.empty() ? "hostsync-trace-out" : out;
}

// Writes the worst window's file and notes it for trace.json; "" or why not.
std::string writeWorst(Folding &f, const TraceModel &m, const Summary &held,
                       const TimeRange &window, const char *ended_by) {
  TimelineEntry written;
  std::string why = writePerfettoWindow(outDir(), m, held, processInfo(ended_by), window, &written);
  if (why.empty()) {
    f.worst = written;
    f.worst.name = "worst";
    f.worst.reason = "around the costliest stall so far (HOSTSYNC_WINDOW_MS)";
  }
  return why;
}

// The totals so far, written while the program runs (f.mutex held).
void writeRunning(Folding &f) {
  TraceFiles written = writeTraceFiles(outDir(), f.fold->model(), f.fold->summary(),
                                       processInfo("running"), PerfettoFiles::None);
  for (const std::string &e : written.errors)
    std::fprintf(stderr, "hostsync-trace: %s\n", e.c_str());
}

void foldLoop(Folding &f, Ns period_ns, Ns write_ns) {
  f.tid = static_cast<pid_t>(syscall(SYS_gettid));
  pthread_setname_np(pthread_self(), "hostsync-fold"); // as top -H and gdb show it
  Ns lastWrite = static_cast<Ns>(traceClockNs());
  std::unique_lock<std::mutex> lock(f.wake);
  while (!f.stop) {
    f.cv.wait_for(lock, std::chrono::nanoseconds(period_ns));
    if (f.stop)
      break;
    try {
      foldNow(f);
      Ns now = static_cast<Ns>(traceClockNs());
      if (write_ns > 0 && now - lastWrite >= write_ns) {
        std::lock_guard<std::mutex> held(f.mutex);
        writeRunning(f);
        lastWrite = now;
      }
    } catch (const std::exception &e) { // never the program's end: one line, and no more folds
      std::fprintf(stderr, "hostsync-trace: folding stopped: %s\n", e.what());
      return;
    }
  }
}

// HOSTSYNC_FOLD_STATS=1: how long each part of the exit work took, on stderr.
struct ExitClock {
  bool on;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  void mark(const char *what) {
    auto now = std::chrono::steady_clock::now();
    if (on)
      std::fprintf(stderr, "hostsync-trace: at exit, %s: %.3f s\n", what,
                   std::chrono::duration<double>(now - last).count());
    last = now;
  }
};

void finishAndWrite(const char *ended_by) {
  static std::mutex once;
  std::lock_guard<std::mutex> lock(once);
  CuptiCollector &c = CuptiCollector::instance();
  if (!c.running() || getpid() != g_pid || !g_folding)
    return;
  Folding &f = *g_folding;
  // A fatal signal on the tracer's own thread, perhaps in the middle of a fold that holds the
  // records: nothing it holds can be waited for or trusted. The program dies of the signal
  // at once, as untraced; trace.json keeps the totals of the last periodic write.
  if (std::string(ended_by) != "exit" && f.tid == static_cast<pid_t>(syscall(SYS_gettid))) {
    std::fprintf(stderr,
                 "hostsync-trace: %s on the tracer's own thread: trace.json keeps the totals "
                 "written last (HOSTSYNC_WRITE_S)\n",
                 ended_by);
    return;
  }
  // The fold thread ends first (a fatal signal may have stopped it mid-fold: then the
  // signal's thread does not wait for it).
  f.stop = true;
  f.cv.notify_all();
  if (std::string(ended_by) == "exit" && f.thread.joinable() &&
      f.thread.get_id() != std::this_thread::get_id())
    f.thread.join();
  // The open window is closed, so that the last fold knows where it ended (not after a fatal
  // signal: the thread is not waited for there, and an open window is left out).
  if (std::string(ended_by) == "exit")
    Sampler::instance().stop();
  std::lock_guard<std::mutex> held(f.mutex);
  ExitClock clock{f.stats};
  TraceModel &m = f.fold->model();
  c.finish(m);
  clock.mark("flush");
  takeRecorded(f);
  m.api_recording = g_apiRecording;
  m.modules = loadedModules();
  for (const auto &site : assignStallSites(m))
    f.siteAddresses.insert(site);
  // What the Perfetto files show: the records still held (the run's last seconds).
  clock.mark("take");
  // The Perfetto files: the worst window, written as the run went (and by the last fold);
  // with no stall in the run, the last of the records held; the Chrome JSON of those only
  // when asked.
  std::string perfetto = envString("HOSTSYNC_PERFETTO");
  Summary recent;
  Ns lastEnd = 0;
  if (perfetto == "json" || (perfetto != "0" && !f.fold->showedWorst())) {
    recent = summarize(m, envNumber("HOSTSYNC_MIN_STALL_US", 20) * 1000);
    for (const GpuActivity &g : m.gpu)
      lastEnd = std::max(lastEnd, g.end);
    clock.mark("the held records' analysis");
  }
  f.fold->fold(std::numeric_limits<Ns>::max());
  Summary s = f.fold->summary();
  clock.mark("last fold");
  if (std::string note = f.fold->stepNote(); !note.empty())
    std::fprintf(stderr, "hostsync-trace: %s\n", note.c_str());
  // The worst window, when no fold showed one: the last of the records (before trace.json,
  // which lists it). A process with no GPU work (torchrun's agent, a spawned data worker)
  // has no such window: none is written, rather than one that ends at time 0.
  std::string worstWhy;
  if (perfetto != "0" && !f.fold->showedWorst() && lastEnd > 0)
    worstWhy =
        writeWorst(f, m, recent, {std::max<Ns>(0, lastEnd - f.windowNs), lastEnd + 1}, ended_by);
  ProcessInfo p = processInfo(ended_by);
  // Signs of a second CUPTI client: buffers that never came back, or launches whose
  // kernels were never recorded (more than a stray one).
  // (Not when sampled windows were told to leave kernels out: none is missing then.)
  if (m.lost_buffers || (!CuptiCollector::instance().partialWindows() &&
                         s.launches_without_work > std::max<uint64_t>(2, s.launches / 100)))
    std::fprintf(stderr,
                 "hostsync-trace: another CUPTI client took over activity recording "
                 "(likely: %s): %llu of %llu kernel launches and %llu buffers have no "
                 "records; the trace is incomplete\n",
                 likelyCuptiClients(m.modules).c_str(),
                 static_cast<unsigned long long>(s.launches_without_work),
                 static_cast<unsigned long long>(s.launches),
                 static_cast<unsigned long long>(m.lost_buffers));
  TraceFiles written = writeTraceFiles(
      outDir(), m, s, p, perfetto == "json" ? PerfettoFiles::Json : PerfettoFiles::None, &recent);
  if (!worstWhy.empty())
    written.errors.push_back(worstWhy);
  clock.mark("files");
  for (const std::string &e : written.errors)
    std::fprintf(stderr, "hostsync-trace: %s\n", e.c_str());
  if (written.trace.empty())
    return;
  std::fprintf(stderr, "%s  trace: %s\n",
               textSummary(m, s, 5, summaryLines(m, s, f.siteAddresses, ended_by)).c_str(),
               written.trace.c_str());
  clock.mark("top sites' lines");
}

// The trace is written from atexit and from signal handlers, inside the user's program: an
// exception escaping from there would end it with std::terminate (SIGABRT) instead of its
// own exit status. One line instead, and the program ends as it would have untraced.
void finishAndWriteOrSay(const char *ended_by) {
  try {
    finishAndWrite(ended_by);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hostsync-trace: no trace for pid %d: %s\n", static_cast<int>(g_pid),
                 e.what());
  } catch (...) {
    std::fprintf(stderr, "hostsync-trace: no trace for pid %d: unknown error\n",
                 static_cast<int>(g_pid));
  }
}

void atExit() { finishAndWriteOrSay("exit"); }

// A fatal signal: write the trace, then die of the same signal as without us. If writing
// hangs (the signal interrupted a thread holding a lock we need), an alarm gives up on it.
volatile sig_atomic_t g_fatal = 0;
void onAlarm(int) {
  std::signal(g_fatal, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, g_fatal);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  raise(g_fatal);
}
void onFatalSignal(int sig) {
  if (!g_fatal) {
    g_fatal = sig;
    std::signal(SIGALRM, onAlarm);
    alarm(static_cast<unsigned>(envNumber("HOSTSYNC_SIGNAL_WRITE_S", 20)));
    finishAndWriteOrSay(sig == SIGTERM   ? "SIGTERM"
                        : sig == SIGINT  ? "SIGINT"
                        : sig == SIGABRT ? "SIGABRT"
                        : sig == SIGSEGV ? "SIGSEGV"
                                         : "signal");
  }
  std::signal(sig, SIG_DFL);
  raise(sig); // delivered when this handler returns
}

void installSignalHandlers() {
  for (int sig : {SIGTERM, SIGINT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE}) {
    struct sigaction old {};
    // Only where the program keeps the default: its own handlers stay untouched.
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_DFL &&
        !(old.sa_flags & SA_SIGINFO))
      std::signal(sig, onFatalSignal);
  }
}

// --api (HOSTSYNC_API). Runtime records asked for by name carry the API calls themselves:
// callbacks would record each call a second time, so they mean `all`.
ApiRecording apiRecording(const CollectorOptions &options) {
  bool runtimeKind = ("," + options.kinds + ",").find(",runtime,") != std::string::npos;
  std::string api = options.all_api || runtimeKind ? "all" : envString("HOSTSYNC_API");
  const std::pair<const char *, ApiRecording> apis[] = {{"", ApiRecording::Launches},
                                                        {"launches", ApiRecording::Launches},
                                                        {"syncs", ApiRecording::Syncs},
                                                        {"all", ApiRecording::All},
                                                        {"none", ApiRecording::None}};
  for (const auto &[name, mode] : apis)
    if (api == name)
      return mode;
  std::fprintf(stderr,
               "hostsync-trace: unknown HOSTSYNC_API '%s' (launches, syncs, all); "
               "using launches\n",
               api.c_str());
  return ApiRecording::Launches;
}

// The chosen windows' timelines (docs/trace.md, "Timelines"), from HOSTSYNC_TIMELINE_*: a
// value that does not read costs one line and that kind of window, never the run.
TimelineOptions timelineOptions() {
  TimelineOptions t;
  if (std::string steps = envString("HOSTSYNC_TIMELINE_STEPS"); !steps.empty()) {
    std::string why = parseStepRange(steps, t.first_step, t.last_step);
    t.steps = why.empty();
    if (!t.steps)
      std::fprintf(stderr, "hostsync-trace: HOSTSYNC_TIMELINE_STEPS: %s; no step timeline\n",
                   why.c_str());
  }
  t.every_ns = envNumber("HOSTSYNC_TIMELINE_EVERY_S", 0) * 1000000000;
  t.for_ns = envNumber("HOSTSYNC_TIMELINE_FOR_S", 5) * 1000000000;
  t.profiler = envString("HOSTSYNC_TIMELINE_PROFILER") == "1";
  t.signal_ns = envNumber("HOSTSYNC_TIMELINE_SIGNAL_S", 0) * 1000000000;
  t.max_bytes = static_cast<uint64_t>(std::max<long>(envNumber("HOSTSYNC_TIMELINE_MAX_MB", 256), 1))
                << 20;
  return t;
}

// SIGUSR2 asks for a timeline of the next HOSTSYNC_TIMELINE_SIGNAL_S seconds. Only asked
// for, and only where the program keeps the default (which would end it): its own handler
// stays. Async-signal-safe: a clock reading into an atomic.
void onTimelineSignal(int) { g_timelineAsked = traceClockNs(); }
void installTimelineSignal() {
  struct sigaction old {};
  if (sigaction(SIGUSR2, nullptr, &old) == 0 && old.sa_handler == SIG_DFL &&
      !(old.sa_flags & SA_SIGINFO)) {
    struct sigaction on {};
    on.sa_handler = onTimelineSignal;
    sigemptyset(&on.sa_mask);
    on.sa_flags = SA_RESTART;
    sigaction(SIGUSR2, &on, nullptr);
  } else {
    std::fprintf(stderr, "hostsync-trace: the program handles SIGUSR2 itself; no timeline on "
                         "SIGUSR2\n");
  }
}

// --sample (HOSTSYNC_SAMPLE=1) and its settings; false when the run is recorded whole. It
// needs the callbacks' recording: with the runtime's records (--api all) or none (--api
// none), one line says so and the whole run is recorded. With --activities, the kernel,
// memcpy and memset kinds among those chosen are the ones its windows turn on.
bool sampleOptions(const CollectorOptions &c, SampleOptions &o) {
  std::string on = envString("HOSTSYNC_SAMPLE");
  if (on.empty() || on == "0")
    return false;
  if (c.api == ApiRecording::All || c.api == ApiRecording::None) {
    std::fprintf(stderr, "hostsync-trace: --sample works with the API calls' callbacks (not "
                         "with --api all or none); the whole run is recorded\n");
    return false;
  }
  o.window_ns = std::max<long>(envNumber("HOSTSYNC_SAMPLE_WINDOW_MS", 200), 1) * 1000000;
  o.period_ns =
      std::max<long>(envNumber("HOSTSYNC_SAMPLE_EVERY_MS", 2000), o.window_ns / 1000000) * 1000000;
  o.event_ns = std::max<long>(envNumber("HOSTSYNC_SAMPLE_EVENT_MS", 50), 0) * 1000000;
  long seed = envNumber("HOSTSYNC_SAMPLE_SEED", -1);
  o.seed = seed >= 0
               ? static_cast<uint64_t>(seed)
               : static_cast<uint64_t>(traceClockNs()) ^ (static_cast<uint64_t>(getpid()) << 32);
  return true;
}

void start() {
  if (g_started.exchange(true))
    return;
  g_pid = getpid();
  if (envString("HOSTSYNC_CHILDREN") == "0") {
    // Programs this one execs are not traced (fork()ed children never are).
    unsetenv("LD_PRELOAD");
    unsetenv("CUDA_INJECTION64_PATH");
  }
  CollectorOptions options;
  long mb = envNumber("HOSTSYNC_BUFFER_MB", 8);
  options.buffer_bytes = static_cast<size_t>(mb > 0 ? mb : 8) << 20;
  options.max_bytes = static_cast<size_t>(envNumber("HOSTSYNC_MAX_MB", 1024)) << 20;
  options.kinds = envString("HOSTSYNC_ACTIVITIES");
  options.all_api = envString("HOSTSYNC_ALL_API") == "1";
  options.cupti_clock = envString("HOSTSYNC_CLOCK") == "cupti";
  options.api = apiRecording(options);
  // --api all reads API calls from CUPTI's runtime records, which wait in each calling
  // thread's buffer until a forced flush: its folds stay forced (CuptiCollector.h).
  options.periodic_flush_forced =
      envString("HOSTSYNC_FLUSH_FORCED") == "1" || options.api == ApiRecording::All;
  SampleOptions sample;
  options.sampled = sampleOptions(options, sample);
  std::string err = CuptiCollector::instance().start(options);
  if (!err.empty()) {
    std::fprintf(stderr, "hostsync-trace: %s; the program runs untraced\n", err.c_str());
    return;
  }
  if (CuptiCollector::instance().partialWindows())
    std::fprintf(stderr,
                 "hostsync-trace: --sample with --activities %s: the windows record "
                 "only the kinds named among kernel, memcpy and memset, so the GPU's "
                 "figures are not estimates of its work (for measuring what a kind "
                 "costs)\n",
                 options.kinds.c_str());
  bool byCallbacks = options.api == ApiRecording::Launches || options.api == ApiRecording::Syncs;
  if (byCallbacks)
    ApiCallRecorder::instance().start(options.max_bytes / sizeof(ApiCall),
                                      options.api == ApiRecording::Launches);
  StackOptions stacks;
  stacks.depth = static_cast<int>(envNumber("HOSTSYNC_STACK_DEPTH", 48));
  stacks.min_ns = envNumber("HOSTSYNC_STACK_MIN_US", envNumber("HOSTSYNC_MIN_STALL_US", 20)) * 1000;
  stacks.max_stacks = static_cast<size_t>(envNumber("HOSTSYNC_MAX_STACKS", 1 << 16));
  stacks.python_depth = static_cast<int>(envNumber("HOSTSYNC_PYTHON_DEPTH", 16));
  StackCapture::instance().start(stacks); // "off" only when asked for no stacks
  // Steps: NVTX ranges with this name (to skip a number of them, or for a timeline of some).
  TimelineOptions timeline = timelineOptions();
  std::string stepRange = envString("HOSTSYNC_STEP_RANGE");
  if (stepRange.empty() && (envNumber("HOSTSYNC_SKIP_STEPS", 0) > 0 || timeline.steps))
    stepRange = "step";
  if (!stepRange.empty()) {
    err = StepMarks::instance().start(stepRange, 1 << 20);
    if (!err.empty())
      std::fprintf(stderr, "hostsync-trace: %s; steps are not counted\n", err.c_str());
  }
  // The program's first CUDA call: its libraries are loaded, so a fold now loads the LibTorch
  // link before its first steps (a LibTorch program may train for less than a fold period).
  setFirstCallHook([] {
    if (g_folding)
      g_folding->cv.notify_all();
  });
  if (options.sampled) {
    launchCallbacksInWindowsOnly();
    setExpensiveSyncHook(sample.event_ns, &Sampler::onExpensiveSync);
  }
  err = subscribeCallbacks();
  if (!err.empty() && byCallbacks) {
    // No callbacks, so no timed calls: the runtime activity records stand in (slower).
    ApiCallRecorder::instance().stop();
    byCallbacks = false;
    std::string fallback = CuptiCollector::instance().enableRuntimeRecords();
    err += fallback.empty() ? "; API calls are taken from CUPTI's runtime records instead"
                            : "; no API calls either (" + fallback + ")";
    if (options.sampled) { // no callbacks to switch, no copy arguments: the whole run
      CuptiCollector::instance().setWindowKinds(true);
      options.sampled = false;
      err += "; --sample is off";
    }
  }
  if (!err.empty())
    std::fprintf(stderr, "hostsync-trace: %s (likely: %s); stalls are still measured\n",
                 err.c_str(), likelyCuptiClients(loadedModules()).c_str());
  g_apiRecording = byCallbacks ? (options.api == ApiRecording::Syncs ? "syncs" : "launches")
                   : options.api == ApiRecording::None ? "none"
                                                       : "all";
  FoldOptions fold;
  fold.min_stall_ns = envNumber("HOSTSYNC_MIN_STALL_US", 20) * 1000;
  fold.skip_ns = envNumber("HOSTSYNC_SKIP_MS", 0) * 1000000;
  fold.skip_steps = static_cast<size_t>(envNumber("HOSTSYNC_SKIP_STEPS", 0));
  fold.keep_stalls = static_cast<size_t>(envNumber("HOSTSYNC_KEEP_STALLS", 2000));
  fold.window_ns = std::max<long>(envNumber("HOSTSYNC_WINDOW_MS", 200), 1) * 1000000;
  fold.sampled = options.sampled;
  fold.sample = sample;
  g_folding = new Folding();
  g_folding->fold = std::make_unique<RunFold>(fold);
  g_folding->identity = processIdentity();
  g_folding->stats = envString("HOSTSYNC_FOLD_STATS") == "1";
  g_folding->windowNs = fold.window_ns;
  if (envString("HOSTSYNC_PERFETTO") != "0")
    g_folding->fold->onWorstWindow(
        [](const TraceModel &m, const Summary &held, const TimeRange &window) {
          // A full disk ends this window with one line; the aggregates go on.
          std::string why = writeWorst(*g_folding, m, held, window, "running");
          if (!why.empty() && why != g_folding->windowError)
            std::fprintf(stderr, "hostsync-trace: %s\n", why.c_str());
          g_folding->windowError = why;
        });
  if (timeline.any()) {
    g_folding->plan = std::make_unique<TimelinePlan>(timeline);
    g_folding->timelines = std::make_unique<TimelineFiles>(outDir(), processInfo("running"));
    g_folding->fold->onSlice([](const TraceModel &m, const Summary &held, const TimeRange &slice) {
      Folding &f = *g_folding;
      const auto &windows =
          f.plan->update(m, f.fold->firstEvent(), f.fold->profilerRanges(), slice.hi);
      f.timelines->onSlice(m, held, slice, windows, f.plan->options());
      sayAll(f.timelines->takeMessages());
    });
    if (timeline.signal_ns > 0)
      installTimelineSignal();
  }
  // Calls still returning when CUPTI is flushed are not recorded yet: the cut stays behind
  // them. With launches recorded that is a launch's length; without (--api syncs, none) the
  // cut cannot wait for work whose launch it never saw, and stays a second behind.
  g_folding->margin = byCallbacks && options.api == ApiRecording::Syncs ? 1000000000 : 2000000;
  Ns period = std::max<long>(envNumber("HOSTSYNC_FOLD_MS", 1000), 10) * 1000000;
  Ns write = envNumber("HOSTSYNC_WRITE_S", 10) * 1000000000;
  g_folding->thread = std::thread(foldLoop, std::ref(*g_folding), period, write);
  if (options.sampled)
    Sampler::instance().start(sample, static_cast<Ns>(traceClockNs()));
  std::atexit(atExit);
  installSignalHandlers();
}

} // namespace

__attribute__((constructor)) static void hostsyncOnLoad() {
  // Under CUDA_INJECTION64_PATH the driver calls InitializeInjection at the right time.
  const char *inj = std::getenv("CUDA_INJECTION64_PATH");
  if ((inj && *inj) || std::getenv("HOSTSYNC_DISABLE"))
    return;
  start();
}

extern "C" __attribute__((visibility("default"))) int InitializeInjection() {
  start();
  return 1;
}
