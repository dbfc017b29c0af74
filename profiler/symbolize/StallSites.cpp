#include "symbolize/StallSites.h"

#include "elf/ProcessModules.h"

#include <cstdio>

namespace hostsync::trace {

namespace {
// Return addresses in the user's own modules that name a native site. One is not enough: a
// LibTorch header function the compiler did not inline (at::Tensor::to, torch::save<T>) is
// code of the program's own executable, so its return address is the same for every line
// that calls it (an H200 run counted four lines' .to(device) at one). The callers' addresses
// after it tell those lines apart; symbolize then merges sites again by their line.
constexpr int UserFramesPerSite = 4;

// The site of native frames: the first return addresses in modules the user owns, as
// "module+0xoffset<module+0xoffset..." (interned; the first address noted for the summary's
// lines), or 0.
int64_t nativeSite(TraceModel &m, const std::vector<uint64_t> &pcs, const std::string &suffix,
                   std::map<uint32_t, uint64_t> &addresses) {
  std::string name;
  uint64_t first = 0;
  int taken = 0;
  for (uint64_t pc : pcs) {
    const Module *mod = moduleOf(m.modules, pc);
    if (!mod || isLibraryFrame(mod->path, ""))
      continue;
    char frame[512];
    std::snprintf(frame, sizeof frame, "%s%s+0x%llx", taken ? "<" : "", baseName(mod->path).c_str(),
                  static_cast<unsigned long long>(pc - mod->base));
    name += frame;
    if (!taken)
      first = pc;
    if (++taken == UserFramesPerSite)
      break;
  }
  if (!taken)
    return 0;
  int64_t site = m.intern(name + suffix);
  addresses[static_cast<uint32_t>(site)] = first;
  return site;
}

// A Python program's site: its first user Python frame, already resolved (0: none).
int64_t pythonSite(TraceModel &m, const std::vector<PythonFrame> &python,
                   const std::string &suffix) {
  int py = firstUserPythonFrame(python);
  return py >= 0 ? m.intern(pythonSiteLabel(python[py]) + suffix) : 0;
}
} // namespace

std::string backwardSuffix(const std::string &forward_op) {
  return " (backward of " + forward_op + ")";
}

std::map<uint32_t, uint64_t> assignStallSites(TraceModel &m) {
  std::map<uint32_t, uint64_t> addresses;
  std::vector<int64_t> siteOfStack(m.stacks.size(), -1); // -1: not looked at yet
  for (ApiCall &a : m.api) {
    if (a.stack < 0 || static_cast<size_t>(a.stack) >= m.stacks.size())
      continue;
    int64_t &site = siteOfStack[a.stack];
    if (site == -1) {
      const Stack &st = m.stacks[a.stack];
      // A backward sync tied to its forward op: the site is the forward op's line.
      site = 0;
      if (!st.forward_op.empty()) {
        std::string suffix = backwardSuffix(st.forward_op);
        site = nativeSite(m, st.forward_pcs, suffix, addresses);
        if (site == 0)
          site = pythonSite(m, st.forward_python, suffix);
      }
      if (site == 0)
        site = nativeSite(m, st.pcs, "", addresses);
      // A Python program: no frame of the user's own native code; its frames are already
      // resolved, so the site is its name for good.
      if (site == 0)
        site = pythonSite(m, st.python, "");
    }
    if (site > 0)
      a.site = static_cast<uint32_t>(site);
  }
  return addresses;
}

std::string userFrameLabel(const std::vector<Frame> &frames) {
  int user = firstUserFrame(frames);
  if (user < 0)
    return "";
  const Frame &f = frames[user];
  return f.function + " " + f.file + ":" + std::to_string(f.line);
}

std::map<uint32_t, std::string> siteLines(const TraceModel &m, const std::vector<SiteCost> &sites,
                                          const std::map<uint32_t, uint64_t> &addresses, size_t top,
                                          const SymbolizeOptions &options) {
  std::vector<uint32_t> ids;
  std::vector<Stack> stacks;
  for (size_t i = 0; i < sites.size() && i < top; ++i)
    if (auto it = addresses.find(sites[i].site); it != addresses.end()) {
      ids.push_back(it->first);
      stacks.push_back({{it->second}, {}});
    }
  std::map<uint32_t, std::string> lines;
  if (stacks.empty())
    return lines;
  Symbolizer symbolizer(m.modules, options);
  std::vector<std::vector<Frame>> frames = symbolizer.symbolize(stacks);
  for (size_t i = 0; i < ids.size() && i < frames.size(); ++i) {
    int user = firstUserFrame(frames[i]);
    if (user < 0)
      continue;
    const Frame &f = frames[i][user];
    lines[ids[i]] = f.file + ":" + std::to_string(f.line) + " (" + f.function + ")";
  }
  return lines;
}

} // namespace hostsync::trace
