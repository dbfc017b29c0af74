// The #include lines of a file, read as text (no preprocessing: an include inside an #if is
// counted too): what --diff and the include-root inference follow.
#pragma once

#include <string>
#include <vector>

namespace hostsync {

struct IncludeLine {
  std::string Name; // as written between the quotes or angle brackets
  bool Quoted;      // "name" rather than <name>
};

// In the order of the file; none when it cannot be read.
std::vector<IncludeLine> includeLinesOf(const std::string &File);

} // namespace hostsync
