#include "io/TraceJson.h"

#include "io/JsonFile.h"
#include "io/JsonNumbers.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <unordered_map>

namespace hostsync::trace {

namespace {
using J = nlohmann::ordered_json;

J pythonJson(const std::vector<PythonFrame> &frames) {
  J python = J::array();
  for (const PythonFrame &f : frames)
    python.push_back({{"file", f.file}, {"function", f.function}, {"line", f.line}});
  return python;
}

// Kernel names are mangled and can run to kilobytes; the timeline needs a label.
std::string shortName(const std::string &name) {
  return name.size() > 160 ? name.substr(0, 157) + "..." : name;
}

// The timeline slice; its stalls as indices into trace.json's stall list (`indexOf`).
J timelineJson(const TraceModel &m, const TimelineSlice &w, const std::vector<long> &indexOf) {
  J api = J::array(), gpu = J::array(), stalls = J::array(), gaps = J::array();
  for (const ApiCall &a : w.api)
    api.push_back({{"thread", a.thread},
                   {"name", m.name(a.name)},
                   {"start_ns", a.start},
                   {"end_ns", a.end},
                   {"correlation", a.correlation}});
  for (const GpuActivity &g : w.gpu)
    gpu.push_back({{"device", g.device},
                   {"stream", g.stream},
                   {"kind", g.kind == GpuKind::Kernel   ? "kernel"
                            : g.kind == GpuKind::Memcpy ? copyKindName(g.copy)
                                                        : "memset"},
                   {"name", shortName(m.name(g.name))},
                   {"start_ns", g.start},
                   {"end_ns", g.end},
                   {"correlation", g.correlation}});
  for (long i : indexOf)
    stalls.push_back(i);
  for (const TimelineGap &t : w.gaps)
    gaps.push_back({{"device", t.device},
                    {"cause", gapCauseName(t.gap.cause)},
                    {"start_ns", t.gap.start},
                    {"end_ns", t.gap.end},
                    {"stall", t.gap.stall >= 0 ? indexOf[t.gap.stall] : -1}});
  return {{"start_ns", w.start}, {"end_ns", w.end},  {"api", api},
          {"gpu", gpu},          {"stalls", stalls}, {"idle_gaps", gaps}};
}

// Where a stall of the timeline is in the list (by thread and start: a thread waits in one
// call at a time); appended when the list left it out.
std::vector<long> placeTimelineStalls(const TimelineSlice &w, std::vector<Stall> &stalls,
                                      std::vector<Ns> &idle) {
  std::map<std::pair<uint32_t, Ns>, long> at;
  for (size_t i = 0; i < stalls.size(); ++i)
    at.emplace(std::make_pair(stalls[i].thread, stalls[i].start), static_cast<long>(i));
  std::vector<long> indexOf;
  for (const Stall &st : w.stalls) {
    auto [it, fresh] =
        at.emplace(std::make_pair(st.thread, st.start), static_cast<long>(stalls.size()));
    if (fresh) {
      stalls.push_back(st);
      idle.push_back(0);
    }
    indexOf.push_back(it->second);
  }
  return indexOf;
}

// Each collective in order (what hostsync-report lines up across ranks), its kernel named by
// an index into `names`: a job runs a few distinct NCCL kernels thousands of times.
constexpr size_t MaxCollectiveEvents = 100000;

J communicationJson(const TraceModel &m, const CommunicationResult &c) {
  J devices = J::array(), events = J::array(), names = J::array();
  for (const DeviceCommunication &d : c.devices)
    devices.push_back({{"device", d.device},
                       {"collectives", d.collectives},
                       {"comm_ns", d.comm_ns},
                       {"hidden_ns", d.hidden_ns}});
  std::map<uint32_t, size_t> nameIndex;
  for (size_t i = 0; i < c.collectives.size() && i < MaxCollectiveEvents; ++i) {
    const Collective &e = c.collectives[i];
    auto [it, fresh] = nameIndex.emplace(e.name, names.size());
    if (fresh)
      names.push_back(shortName(m.name(e.name)));
    events.push_back({{"device", e.device},
                      {"stream", e.stream},
                      {"name", it->second},
                      {"start_ns", e.start},
                      {"end_ns", e.end}});
  }
  return {{"collectives", c.collective_count},
          {"comm_ns", c.comm_ns},
          {"hidden_ns", c.hidden_ns},
          {"exposed_ns", c.comm_ns - c.hidden_ns},
          {"hidden_pct", c.hiddenPercent()},
          {"devices", devices},
          {"names", names},
          {"events", events},
          {"events_left_out", c.collective_count - events.size()}};
}
} // namespace

nlohmann::ordered_json estimateJson(const Estimate &e) {
  return {{"lo_ns", static_cast<Ns>(e.lo)},
          {"hi_ns", static_cast<Ns>(e.hi)},
          {"interval", e.interval},
          {"windows", e.windows},
          {"observed", e.observed}};
}

Estimate estimateOf(const nlohmann::ordered_json &j, double value) {
  Estimate e;
  e.value = value;
  e.lo = static_cast<double>(j.value("lo_ns", Ns(0)));
  e.hi = static_cast<double>(j.value("hi_ns", Ns(0)));
  e.interval = j.value("interval", false);
  e.windows = j.value("windows", uint64_t(0));
  e.observed = j.value("observed", 0.0);
  if (!(e.lo <= value && value <= e.hi) || e.lo < 0)
    throw JsonNumberError("an estimate's interval does not hold its value");
  return e;
}

nlohmann::ordered_json siteJson(const std::string &name, const SiteCost &c) {
  StallHistogram::Parts parts = c.lengths.parts();
  J buckets = J::array();
  for (const auto &[index, stalls] : parts.buckets)
    buckets.push_back({index, stalls});
  J site = {{"site", name},
            {"count", c.count},
            {"waited", c.waited},
            {"stall_ns", c.stall_ns},
            {"p50_ns", c.p50_ns},
            {"p99_ns", c.p99_ns},
            {"idle_charged_ns", c.idle_charged_ns},
            {"bytes", c.bytes},
            {"stack", c.stack},
            {"lengths",
             {{"min_ns", parts.min},
              {"max_ns", parts.max},
              {"per_octave", StallHistogram::PerOctave},
              {"buckets", buckets}}}};
  if (c.estimated)
    site["idle_estimate"] = estimateJson(c.idle_estimate);
  if (c.phased) {
    J phases = J::object();
    for (int k = 0; k < PhaseCount; ++k) {
      const SitePhase &p = c.phases[k];
      phases[phaseName(static_cast<Phase>(k))] = {{"calls", p.calls},
                                                  {"waited", p.waited},
                                                  {"wait_ns", p.wait_ns},
                                                  {"idle_charged_ns", p.idle_ns}};
    }
    site["phases"] = phases;
  }
  return site;
}

namespace {
// Start-up, steady part and teardown (analysis/Phases.h): where each begins and ends, and its
// GPU time, busy and idle by cause, launches and syncs.
J phasesJson(const Phases &ph) {
  J out = {{"how", ph.how}};
  for (int k = 0; k < PhaseCount; ++k) {
    const PhaseTotals &p = ph.part[k];
    out[phaseName(static_cast<Phase>(k))] = {
        {"start_ns", p.start},
        {"end_ns", p.end},
        {"gpu_time_ns", p.gpuTimeNs()},
        {"gpu_busy_ns", p.gpu_busy_ns},
        {"sync_bubble_ns", p.idle_ns[static_cast<int>(GapCause::SyncBubble)]},
        {"overhead_ns", p.idle_ns[static_cast<int>(GapCause::Overhead)]},
        {"launch_bound_ns", p.idle_ns[static_cast<int>(GapCause::LaunchBound)]},
        {"launches", p.launches},
        {"syncs", p.syncs},
        {"stalls", p.stalls},
        {"sync_ns", p.sync_ns},
        {"multi_stream_ns", p.multi_stream_ns},
        {"copy_ns", p.copy_ns},
        {"copy_under_compute_ns", p.copy_under_compute_ns}};
  }
  return out;
}
} // namespace

namespace {
// Sampled mode (--sample): how the GPU's work was sampled, and the whole run's estimates.
J samplingJson(const SamplingSummary &s) {
  if (!s.on)
    return {{"mode", "full"}};
  J devices = J::array();
  for (const SampledDevice &d : s.devices) {
    J busy = estimateJson(d.busy);
    busy["value_ns"] = static_cast<Ns>(d.busy.value);
    devices.push_back({{"device", d.device}, {"span_ns", d.span_ns}, {"busy", busy}});
  }
  J bubble = estimateJson(s.bubble);
  bubble["value_ns"] = static_cast<Ns>(s.bubble.value);
  return {{"mode", "sampled"},
          {"window_ns", s.options.window_ns},
          {"period_ns", s.options.period_ns},
          {"event_ns", s.options.event_ns},
          {"seed", s.options.seed},
          {"windows", s.windows},
          {"event_windows", s.event_windows},
          {"observed_ns", s.observed_ns},
          {"slowdown", s.slowdown},
          {"slowdown_windows", s.slowdown_windows},
          {"devices", devices},
          {"sync_bubble", bubble},
          {"unobserved_sites", s.unobserved_sites},
          {"unobserved_syncs", s.unobserved_syncs}};
}
} // namespace

std::string traceJson(const TraceModel &m, const Summary &s, const ProcessInfo &p) {
  J doc;
  doc["schema"] = "hostsync-trace/trace";
  doc["version"] = TraceJsonVersion;
  doc["process"] = {{"pid", p.pid},
                    {"ppid", p.ppid},
                    {"rank", p.rank},
                    {"local_rank", p.local_rank},
                    {"world_size", p.world_size},
                    {"launcher", p.launcher},
                    {"host", p.host},
                    {"command", p.command},
                    {"ended_by", p.ended_by}};
  doc["clock"] = m.clock;
  doc["api_recording"] = m.api_recording;
  doc["python_frames"] = m.python_frames;
  doc["autograd_link"] = m.autograd_link;
  doc["profiler_windows"] = p.windows;
  J timelines = J::array();
  for (const TimelineEntry &t : p.timelines)
    timelines.push_back({{"name", t.name},
                         {"reason", t.reason},
                         {"file", t.file},
                         {"start_ns", t.start_ns},
                         {"end_ns", t.end_ns},
                         {"through_ns", t.through_ns},
                         {"bytes", t.bytes},
                         {"slices", t.slices},
                         {"state", t.state}});
  doc["timelines"] = timelines;
  doc["steps"] = {
      {"range", m.step_range}, {"seen", m.step_starts.size()}, {"skipped", p.skipped_steps}};
  doc["records"] = {{"api", s.records.api},
                    {"gpu", s.records.gpu},
                    {"sync", s.records.sync},
                    {"overhead", s.records.overhead},
                    {"dropped", m.dropped_records},
                    {"invalid", m.invalid_records},
                    {"over_cap", m.over_cap_records},
                    {"lost_buffers", m.lost_buffers},
                    {"activity_buffers", m.activity_buffers},
                    {"activity_buffers_refused", m.activity_buffers_refused},
                    {"stacks", m.stacks.size()},
                    {"stacks_dropped", m.stacks_dropped},
                    {"external", s.records.external},
                    {"stacks_via_external", m.stacks_via_external},
                    {"launches", s.launches},
                    {"launches_without_kernel", s.launches_without_work},
                    {"launches_captured", s.launches_captured},
                    {"folding",
                     {{"folds", s.folding.folds},
                      {"most_held", s.folding.most_held},
                      {"most_cut_lag_ns", s.folding.most_cut_lag_ns},
                      {"fold_ns", s.folding.fold_ns},
                      {"most_fold_ns", s.folding.most_fold_ns}}}};
  J devices = J::array();
  for (const DeviceIdle &d : s.idle) {
    Ns bubbles = d.cause_ns[static_cast<int>(GapCause::SyncBubble)],
       overhead = d.cause_ns[static_cast<int>(GapCause::Overhead)],
       launch = d.cause_ns[static_cast<int>(GapCause::LaunchBound)];
    devices.push_back({{"device", d.device},
                       {"window_ns", d.window_end - d.window_start},
                       {"busy_ns", d.busy_ns},
                       {"idle_ns", d.idle_ns},
                       {"busy_pct", d.busyPercent()},
                       {"sync_bubble_ns", bubbles},
                       {"overhead_ns", overhead},
                       {"launch_bound_ns", launch}});
  }
  doc["summary"] = {{"window_ns", s.window_ns},
                    {"syncs", s.sync_count},
                    {"stalls", s.stall_count},
                    {"stall_ns", s.stall_ns},
                    {"sync_bubble_ns", s.bubble_ns},
                    {"multi_stream_pct", s.overlap.multiStreamPercent()},
                    {"copy_under_compute_pct", s.overlap.copyOverlapPercent()},
                    {"devices", devices}};
  doc["phases"] = phasesJson(s.phases);
  doc["sampling"] = samplingJson(s.sampling);
  J sites = J::array();
  for (const SiteCost &c : s.sites)
    sites.push_back(siteJson(m.name(c.site), c));
  doc["sites"] = sites;
  // The external ids CUPTI tied to each call: [kind, id] pairs, for joins with other tools.
  std::unordered_map<uint32_t, J> externalOf;
  for (const ExternalLink &l : m.external) {
    J &list = externalOf[l.correlation];
    if (list.is_null())
      list = J::array();
    list.push_back({l.kind, l.id});
  }
  std::vector<Stall> listed = s.stalls;
  std::vector<Ns> listedIdle = s.stall_idle_ns;
  listedIdle.resize(listed.size());
  std::vector<long> timelineStalls = placeTimelineStalls(s.timeline, listed, listedIdle);
  J stalls = J::array();
  for (size_t i = 0; i < listed.size(); ++i) {
    const Stall &st = listed[i];
    stalls.push_back({{"api", m.name(st.api)},
                      {"site", m.name(st.site)},
                      {"class", stallClassName(st.cls)},
                      {"thread", st.thread},
                      {"start_ns", st.start},
                      {"end_ns", st.end},
                      {"bytes", st.bytes},
                      {"queued_ns", st.queued_ns},
                      {"idle_charged_ns", listedIdle[i]},
                      {"correlation", st.correlation},
                      {"stack", st.stack}});
    if (auto e = externalOf.find(st.correlation); e != externalOf.end())
      stalls.back()["external"] = e->second;
  }
  doc["stalls"] = stalls;
  J streams = J::array();
  for (const StreamBusy &b : s.overlap.streams)
    streams.push_back({{"device", b.device}, {"stream", b.stream}, {"busy_ns", b.busy_ns}});
  J pairs = J::array();
  for (const PairOverlap &o : s.overlap.pairs)
    pairs.push_back({{"device", o.device},
                     {"streams", {o.stream_a, o.stream_b}},
                     {"overlap_ns", o.overlap_ns}});
  doc["overlap"] = {{"gpu_busy_ns", s.overlap.gpu_busy_ns},
                    {"multi_stream_ns", s.overlap.multi_stream_ns},
                    {"copy_ns", s.overlap.copy_ns},
                    {"copy_under_compute_ns", s.overlap.copy_under_compute_ns},
                    {"streams", streams},
                    {"pairs", pairs}};
  doc["communication"] = communicationJson(m, s.communication);
  J modules = J::array();
  for (const Module &mod : m.modules)
    modules.push_back({{"path", mod.path},
                       {"base", hexAddress(mod.base)},
                       {"size", mod.size},
                       {"build_id", mod.build_id}});
  doc["modules"] = modules;
  J stacks = J::array();
  for (const Stack &st : m.stacks) {
    J pcs = J::array();
    for (uint64_t pc : st.pcs)
      pcs.push_back(hexAddress(pc));
    J stack = {{"pcs", pcs}};
    if (!st.python.empty())
      stack["python"] = pythonJson(st.python);
    if (!st.backward_node.empty()) {
      J forwardPcs = J::array();
      for (uint64_t pc : st.forward_pcs)
        forwardPcs.push_back(hexAddress(pc));
      stack["backward"] = {{"node", st.backward_node},
                           {"op", st.forward_op},
                           {"pcs", forwardPcs},
                           {"python", pythonJson(st.forward_python)}};
    }
    stacks.push_back(stack);
  }
  doc["stacks"] = stacks;
  doc["timeline"] = timelineJson(m, s.timeline, timelineStalls);
  return jsonText(doc, 1);
}

std::string hexAddress(uint64_t address) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
  return buf;
}

uint64_t addressOf(const J &value) {
  return value.is_string() ? std::stoull(value.get<std::string>(), nullptr, 16)
                           : integerOf<uint64_t>(value, "an address");
}

std::string textSummary(const TraceModel &m, const Summary &s, size_t top,
                        const std::map<uint32_t, std::string> &lines) {
  char line[512];
  std::string out = "hostsync-trace: ";
  for (const DeviceIdle &d : s.idle) {
    std::snprintf(line, sizeof line, "GPU %u busy %.1f%% ", d.device, d.busyPercent());
    out += line;
  }
  std::snprintf(line, sizeof line,
                "| host in syncs %.3f ms (%zu syncs, %zu waited), GPU idle after them %.3f ms | "
                "2+ streams busy %.1f%% of GPU time, copies under compute %.1f%%",
                s.stall_ns / 1e6, static_cast<size_t>(s.sync_count),
                static_cast<size_t>(s.stall_count), s.bubble_ns / 1e6,
                s.overlap.multiStreamPercent(), s.overlap.copyOverlapPercent());
  out += line;
  if (m.dropped_records || m.invalid_records) {
    std::snprintf(line, sizeof line, " | %llu records dropped, %llu invalid",
                  static_cast<unsigned long long>(m.dropped_records),
                  static_cast<unsigned long long>(m.invalid_records));
    out += line;
  }
  if (const CommunicationResult &c = s.communication; c.collective_count) {
    std::snprintf(line, sizeof line,
                  " | communication %.3f ms in %zu collectives, %.1f%% hidden under compute",
                  c.comm_ns / 1e6, static_cast<size_t>(c.collective_count), c.hiddenPercent());
    out += line;
  }
  out += "\n";
  for (size_t i = 0; i < s.sites.size() && i < top; ++i) {
    const SiteCost &c = s.sites[i];
    std::snprintf(line, sizeof line,
                  "  %zu. %s: %llu syncs (%llu waited), %.3f ms host, %.3f ms GPU idle after\n",
                  i + 1, (lines.count(c.site) ? lines.at(c.site) : m.name(c.site)).c_str(),
                  static_cast<unsigned long long>(c.count),
                  static_cast<unsigned long long>(c.waited), c.stall_ns / 1e6,
                  c.idle_charged_ns / 1e6);
    out += line;
  }
  return out;
}

} // namespace hostsync::trace
