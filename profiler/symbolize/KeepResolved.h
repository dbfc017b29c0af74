// A symbolize run never makes a trace worse. Run where the traced binaries are not (a laptop,
// CI, a trace shipped with the repository), it resolves their addresses to "??"; the frames an
// earlier run resolved on the machine that had them are kept instead. Also the frames'
// trace.json form, which carries each frame's return address so that the comparison can be
// made address by address.
#pragma once

#include "symbolize/Symbolizer.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace hostsync::trace {

// What happened to the frames of unreadable modules, by module path.
struct KeptCount {
  size_t kept = 0;       // resolved by an earlier run, kept
  size_t unresolved = 0; // left "??"
};
using KeptCounts = std::map<std::string, KeptCount>;

// The frames of one stack: for each return address, this run's frames unless an earlier
// run's resolved it better (named more functions and files). Earlier frames without their
// address (written before frames carried one) are compared as a whole stack.
std::vector<Frame> keepResolved(const std::vector<Frame> &earlier, const std::vector<Frame> &now,
                                KeptCounts &counts);

// A stack's "frames" in trace.json, and back (a missing "pc" reads as 0: unknown).
nlohmann::ordered_json framesJson(const std::vector<Frame> &frames);
std::vector<Frame> framesFromJson(const nlohmann::ordered_json &frames);

} // namespace hostsync::trace
