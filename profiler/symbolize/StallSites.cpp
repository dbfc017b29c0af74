#include "symbolize/StallSites.h"

#include "elf/ProcessModules.h"

#include <cstdio>

namespace hostsync::trace {

std::map<uint32_t, uint64_t> assignStallSites(TraceModel &m) {
  std::map<uint32_t, uint64_t> addresses;
  std::vector<int64_t> siteOfStack(m.stacks.size(), -1); // -1: not looked at yet
  for (ApiCall &a : m.api) {
    if (a.stack < 0 || static_cast<size_t>(a.stack) >= m.stacks.size())
      continue;
    int64_t &site = siteOfStack[a.stack];
    if (site == -1) {
      site = 0;
      for (uint64_t pc : m.stacks[a.stack].pcs) {
        const Module *mod = moduleOf(m.modules, pc);
        if (!mod || isLibraryFrame(mod->path, ""))
          continue;
        char name[512];
        std::snprintf(name, sizeof name, "%s+0x%llx", baseName(mod->path).c_str(),
                      static_cast<unsigned long long>(pc - mod->base));
        site = m.intern(name);
        addresses[static_cast<uint32_t>(site)] = pc;
        break;
      }
      // A Python program: no frame of the user's own native code; its frames are already
      // resolved, so the site is its name for good.
      if (site == 0)
        if (int py = firstUserPythonFrame(m.stacks[a.stack].python); py >= 0)
          site = m.intern(pythonSiteLabel(m.stacks[a.stack].python[py]));
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
