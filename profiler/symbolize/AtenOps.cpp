#include "symbolize/AtenOps.h"

#include <regex>

namespace hostsync::trace {

std::string atenOpName(const std::string &opsStruct) {
  // torchgen names the struct <name>_<overload>. Overloads are CamelCase ("Tensor",
  // "Scalar_out") or one of a few lower-case words; an op's own name may also end in '_'
  // (in-place: "copy_") or contain '_' ("_local_scalar_dense"), so only those are split.
  static const char *const lowerOverloads[] = {"dtype_layout", "dtype", "device", "other",
                                               "out",          "self",  "names",  "dim"};
  for (size_t at = opsStruct.find('_', 1); at != std::string::npos;
       at = opsStruct.find('_', at + 1)) {
    std::string overload = opsStruct.substr(at + 1);
    if (overload.empty())
      break;
    bool camel = overload[0] >= 'A' && overload[0] <= 'Z';
    bool known = false;
    for (const char *o : lowerOverloads)
      known |= overload == o;
    if (camel || known)
      return "aten::" + opsStruct.substr(0, at) + "." + overload;
  }
  return "aten::" + opsStruct;
}

std::vector<std::string> atenOpsOf(const std::vector<Frame> &frames) {
  static const std::regex entry(R"(\bat::_ops::(\w+)::(call|redispatch)\b)");
  std::vector<std::string> ops;
  for (const Frame &f : frames) {
    std::smatch m;
    if (!std::regex_search(f.function, m, entry))
      continue;
    std::string op = atenOpName(m[1]);
    bool seen = false;
    for (const std::string &o : ops)
      seen |= o == op;
    if (!seen)
      ops.push_back(op);
  }
  return ops;
}

std::string opLabel(const std::vector<std::string> &ops) {
  if (ops.empty())
    return "";
  return ops.size() == 1 ? ops.front() : ops.front() + " (in " + ops.back() + ")";
}

} // namespace hostsync::trace
