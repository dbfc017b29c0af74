#include "io/PerfettoJson.h"

#include "io/JsonFile.h"
#include "io/PerfettoNames.h"

#include <nlohmann/json.hpp>

#include <set>
#include <unordered_map>

namespace hostsync::trace {

namespace {
using J = nlohmann::ordered_json;

// Chrome trace times are microseconds; keep nanosecond precision as a fraction.
double us(Ns t) { return static_cast<double>(t) / 1000.0; }

// GPUs get their own "process" in the viewer, after the host process.
int gpuPid(uint32_t device) { return 1000000 + static_cast<int>(device); }
constexpr int IdleTrack = -1; // the per-device track of idle gaps

J slice(const std::string &name, const char *cat, int pid, long tid, Ns start, Ns end, J args) {
  return {{"name", name},
          {"cat", cat},
          {"ph", "X"},
          {"pid", pid},
          {"tid", tid},
          {"ts", us(start)},
          {"dur", us(end - start)},
          {"args", std::move(args)}};
}

J meta(const char *what, int pid, long tid, const std::string &name) {
  J e = {{"name", what}, {"ph", "M"}, {"pid", pid}, {"args", {{"name", name}}}};
  if (tid != 0 || std::string(what) == "thread_name")
    e["tid"] = tid;
  return e;
}
} // namespace

std::string perfettoJson(const TraceModel &m, const Summary &s, const ProcessInfo &p) {
  J events = J::array();
  events.push_back(meta("process_name", p.pid, 0, hostProcessName(p)));
  std::set<uint32_t> threads;
  for (const ApiCall &a : m.api)
    threads.insert(a.thread);
  for (uint32_t t : threads)
    events.push_back(meta("thread_name", p.pid, t, threadTrackName(t)));
  std::set<std::pair<uint32_t, uint32_t>> streams;
  for (const GpuActivity &g : m.gpu)
    streams.insert({g.device, g.stream});
  std::set<uint32_t> devices;
  for (const auto &[device, stream] : streams) {
    if (devices.insert(device).second) {
      events.push_back(meta("process_name", gpuPid(device), 0, deviceTrackName(device)));
      events.push_back(meta("thread_name", gpuPid(device), IdleTrack, IdleTrackName));
    }
    events.push_back(meta("thread_name", gpuPid(device), stream, streamTrackName(stream)));
  }

  std::unordered_map<uint32_t, const ApiCall *> launcher;
  for (const ApiCall &a : m.api) {
    events.push_back(slice(m.name(a.name), "cuda_api", p.pid, a.thread, a.start, a.end,
                           {{"correlation", a.correlation}}));
    launcher[a.correlation] = &a;
  }
  for (const GpuActivity &g : m.gpu) {
    J args = {{"correlation", g.correlation}, {"device", g.device}, {"stream", g.stream}};
    if (g.kind != GpuKind::Kernel)
      args["bytes"] = g.bytes;
    events.push_back(slice(gpuSliceName(m, g), gpuCategory(g), gpuPid(g.device), g.stream, g.start,
                           g.end, args));
    // The flow arrow: from the launching call to the work it queued.
    auto it = launcher.find(g.correlation);
    if (it == launcher.end())
      continue;
    const ApiCall &a = *it->second;
    events.push_back({{"name", "launch"},
                      {"cat", "flow"},
                      {"ph", "s"},
                      {"id", g.correlation},
                      {"pid", p.pid},
                      {"tid", a.thread},
                      {"ts", us(a.start)}});
    events.push_back({{"name", "launch"},
                      {"cat", "flow"},
                      {"ph", "f"},
                      {"bp", "e"},
                      {"id", g.correlation},
                      {"pid", gpuPid(g.device)},
                      {"tid", g.stream},
                      {"ts", us(g.start)}});
  }
  for (size_t i = 0; i < s.stalls.size(); ++i) {
    const Stall &st = s.stalls[i];
    events.push_back(slice(stallSliceName(st), "stall", p.pid, st.thread, st.start, st.end,
                           {{"site", m.name(st.site)},
                            {"bytes", st.bytes},
                            {"queued_ns", st.queued_ns},
                            {"idle_charged_ns", s.stall_idle_ns[i]}}));
  }
  for (const DeviceIdle &d : s.idle)
    for (const IdleGap &g : d.gaps) {
      J args = {{"cause", gapCauseName(g.cause)}};
      if (g.stall >= 0)
        args["stall_site"] = m.name(s.stalls[g.stall].site);
      events.push_back(
          slice(gapSliceName(g), "idle", gpuPid(d.device), IdleTrack, g.start, g.end, args));
    }
  J doc = {{"displayTimeUnit", "ns"},
           {"otherData",
            {{"schema", "hostsync-trace/perfetto"}, {"version", 1}, {"command", p.command}}},
           {"traceEvents", events}};
  return jsonText(doc);
}

} // namespace hostsync::trace
