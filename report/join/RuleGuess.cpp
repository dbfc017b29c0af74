#include "join/RuleGuess.h"

#include <utility>

namespace hostsync::report {

std::string bareFunctionName(const std::string &f) {
  std::string s = f.substr(0, f.find('('));
  // Drop a return type ("void at::native::foo<...>") but not template arguments.
  int depth = 0;
  size_t lastSpace = std::string::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<')
      ++depth;
    else if (s[i] == '>')
      --depth;
    else if (s[i] == ' ' && depth == 0)
      lastSpace = i;
  }
  return lastSpace == std::string::npos ? s : s.substr(lastSpace + 1);
}

std::string guessRule(const std::vector<std::string> &functions, const std::string &cls,
                      std::string *matched) {
  // (substring of a LibTorch function, rule). Checked on the outermost frames first.
  static const std::pair<const char *, const char *> ops[] = {
      {"clip_grad_norm", "hostsync-clip-grad-norm"},
      {"masked_select", "hostsync-bool-mask-index"},
      {"index_put", "hostsync-bool-mask-index"},
      {"::index", "hostsync-bool-mask-index"},
      {"is_nonzero", "hostsync-item"},
      {"nonzero", "hostsync-nonzero"},
      {"argwhere", "hostsync-nonzero"},
      {"unique", "hostsync-unique"},
      {"bincount", "hostsync-size-dependent"},
      {"histc", "hostsync-size-dependent"},
      {"repeat_interleave", "hostsync-size-dependent"},
      {"one_hot", "hostsync-size-dependent"},
      {"::equal", "hostsync-equal"},
      {"allclose", "hostsync-equal"},
      {"linalg_", "hostsync-linalg-check-errors"},
      {"cholesky", "hostsync-linalg-check-errors"},
      {"_local_scalar_dense", "hostsync-item"},
      {"::item", "hostsync-item"},
  };
  for (auto it = functions.rbegin(); it != functions.rend(); ++it) {
    std::string name = bareFunctionName(*it);
    if (name.rfind("at::", 0) != 0 && name.rfind("torch::", 0) != 0 &&
        name.rfind("c10::", 0) != 0)
      continue;
    for (const auto &[needle, rule] : ops)
      if (name.find(needle) != std::string::npos) {
        if (matched)
          *matched = name;
        return rule;
      }
  }
  if (cls == "device_to_host_copy")
    return "hostsync-device-to-host-copy";
  if (cls == "pageable_copy" || cls == "host_to_device_copy")
    return "hostsync-host-to-device-copy";
  return "hostsync-explicit-sync";
}

} // namespace hostsync::report
