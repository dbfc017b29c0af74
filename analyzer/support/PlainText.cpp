#include "support/PlainText.h"

namespace hostsync {

std::string trimmed(const std::string &S) {
  size_t B = S.find_first_not_of(" \t\r\n"), E = S.find_last_not_of(" \t\r\n");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

bool parseDecimal(const std::string &Text, unsigned Max, unsigned &Out) {
  // Nine digits fit an unsigned whatever Max is; more are past any Max an option takes.
  if (Text.empty() || Text.size() > 9 || Text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  unsigned long Value = std::stoul(Text);
  if (Value > Max)
    return false;
  Out = static_cast<unsigned>(Value);
  return true;
}

} // namespace hostsync
