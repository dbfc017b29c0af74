#include "analysis/Overlap.h"

#include "analysis/Intervals.h"

#include <map>

namespace hostsync::trace {

double OverlapResult::multiStreamPercent() const {
  return gpu_busy_ns ? 100.0 * multi_stream_ns / gpu_busy_ns : 0;
}
double OverlapResult::copyOverlapPercent() const {
  return copy_ns ? 100.0 * copy_under_compute_ns / copy_ns : 0;
}

OverlapResult findOverlap(const TraceModel &m, const TimeRange &within) {
  OverlapResult r;
  std::map<std::pair<uint32_t, uint32_t>, std::vector<Span>> byStream;
  std::map<uint32_t, std::vector<Span>> kernels, copies;
  std::vector<Span> all;
  for (const GpuActivity &g : m.gpu) {
    Span s = within.clip(g.start, g.end);
    if (s.length() == 0)
      continue;
    byStream[{g.device, g.stream}].push_back(s);
    all.push_back(s);
    if (g.kind == GpuKind::Kernel)
      kernels[g.device].push_back(s);
    else if (g.kind == GpuKind::Memcpy && (g.copy == CopyKind::HtoD || g.copy == CopyKind::DtoH))
      copies[g.device].push_back(s);
  }
  r.gpu_busy_ns = total(unite(all));
  std::map<uint32_t, std::vector<std::vector<Span>>> unionsByDevice;
  std::vector<std::pair<std::pair<uint32_t, uint32_t>, std::vector<Span>>> united;
  for (auto &[key, spans] : byStream) {
    auto u = unite(spans);
    r.streams.push_back({key.first, key.second, total(u)});
    unionsByDevice[key.first].push_back(u);
    united.push_back({key, std::move(u)});
  }
  for (const auto &[device, unions] : unionsByDevice) {
    std::vector<Span> multi = spansCoveredByAtLeast(unions, 2);
    r.multi_stream_ns += total(multi);
    r.multi_stream.insert(r.multi_stream.end(), multi.begin(), multi.end());
  }
  for (size_t i = 0; i < united.size(); ++i)
    for (size_t j = i + 1; j < united.size(); ++j)
      if (united[i].first.first == united[j].first.first) {
        Ns o = total(intersect(united[i].second, united[j].second));
        if (o > 0)
          r.pairs.push_back(
              {united[i].first.first, united[i].first.second, united[j].first.second, o});
      }
  for (auto &[device, spans] : copies) {
    auto cu = unite(spans);
    auto under = intersect(cu, unite(kernels[device]));
    r.copy_ns += total(cu);
    r.copy_under_compute_ns += total(under);
    r.copies.insert(r.copies.end(), cu.begin(), cu.end());
    r.copy_under_compute.insert(r.copy_under_compute.end(), under.begin(), under.end());
  }
  return r;
}

} // namespace hostsync::trace
