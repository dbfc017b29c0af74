#include "model/TUResult.h"

namespace hostsync {

const char *statusName(TUResult::Status S) {
  return S == TUResult::Status::Ok ? "ok" : S == TUResult::Status::Gaps ? "gaps" : "failed";
}

std::string describeStatus(const TUResult &R) {
  if (R.Failed)
    return "could not be analysed (" + R.FirstError + ")";
  unsigned Compiler = R.Errors - static_cast<unsigned>(R.SourceErrors.size());
  if (!Compiler)
    return "";
  std::string Out = "analysed with gaps: ";
  if (!R.MissingHeaders.empty()) {
    Out += "headers not found: ";
    for (size_t I = 0; I < R.MissingHeaders.size(); ++I)
      Out += (I ? ", " : "") + R.MissingHeaders[I];
    Out += "; ";
  }
  return Out + std::to_string(Compiler) + " compiler error" + (Compiler == 1 ? "" : "s") +
         " (first: " + R.FirstError + "); findings in valid code are kept";
}

} // namespace hostsync
