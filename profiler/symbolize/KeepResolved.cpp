#include "symbolize/KeepResolved.h"

#include "io/JsonNumbers.h"
#include "io/TraceJson.h"

#include <string>

namespace hostsync::trace {

namespace {
// How much of a frame list is resolved: a point for each function named, one for each file.
int score(const std::vector<Frame> &frames) {
  int points = 0;
  for (const Frame &f : frames)
    points += (!f.function.empty() && f.function != "??") + !f.file.empty();
  return points;
}

void count(const std::vector<Frame> &now, bool kept, KeptCounts &counts) {
  for (const Frame &f : now)
    if (f.unreadable)
      ++(kept ? counts[f.module].kept : counts[f.module].unresolved);
}

// The frames of a stack cut into runs of one address each (inlined calls are several frames
// of one address).
std::vector<std::vector<Frame>> addressRuns(const std::vector<Frame> &frames) {
  std::vector<std::vector<Frame>> runs;
  for (const Frame &f : frames) {
    if (runs.empty() || runs.back().front().pc != f.pc)
      runs.emplace_back();
    runs.back().push_back(f);
  }
  return runs;
}
} // namespace

std::vector<Frame> keepResolved(const std::vector<Frame> &earlier, const std::vector<Frame> &now,
                                KeptCounts &counts) {
  bool addressed = !earlier.empty();
  for (const Frame &f : earlier)
    addressed &= f.pc != 0;
  if (!addressed) {
    bool keep = score(earlier) > score(now);
    count(now, keep, counts);
    return keep ? earlier : now;
  }
  // The first run of each address (a recursive stack names one twice, with the same frames).
  std::map<uint64_t, std::vector<Frame>> before;
  for (std::vector<Frame> &run : addressRuns(earlier))
    before.emplace(run.front().pc, std::move(run));
  std::vector<Frame> out;
  for (const std::vector<Frame> &mine : addressRuns(now)) {
    auto it = before.find(mine.front().pc);
    bool keep = it != before.end() && score(it->second) > score(mine);
    count(mine, keep, counts);
    const std::vector<Frame> &chosen = keep ? it->second : mine;
    out.insert(out.end(), chosen.begin(), chosen.end());
  }
  return out;
}

nlohmann::ordered_json framesJson(const std::vector<Frame> &frames) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Frame &f : frames) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    if (f.pc != 0) // frames kept from a run that wrote none stay as they were
      j["pc"] = hexAddress(f.pc);
    j.update({{"function", f.function},
              {"file", f.file},
              {"line", f.line},
              {"module", f.module},
              {"library", f.library}});
    list.push_back(j);
  }
  return list;
}

std::vector<Frame> framesFromJson(const nlohmann::ordered_json &frames) {
  std::vector<Frame> out;
  for (const nlohmann::ordered_json &j : frames) {
    Frame f;
    f.pc = j.contains("pc") ? addressOf(j["pc"]) : 0;
    f.function = j.value("function", "??");
    f.file = j.value("file", "");
    f.line = integerValue(j, "line", 0);
    f.module = j.value("module", "");
    f.library = j.value("library", false);
    out.push_back(f);
  }
  return out;
}

} // namespace hostsync::trace
