#include "core/Finding.h"

#include <tuple>

namespace hostsync {

const char *confidenceName(DeviceConfidence C) {
  switch (C) {
  case DeviceConfidence::Cuda:
    return "cuda";
  case DeviceConfidence::Possible:
    return "possible";
  case DeviceConfidence::Assumed:
    return "assumed";
  }
  return "possible";
}

const char *rankName(Rank R) { return R == Rank::Hot ? "hot" : "cold"; }

bool findingOrder(const Finding &A, const Finding &B) {
  return std::make_tuple(-static_cast<int>(A.Rnk), A.File, A.Line, A.Column, A.Rule) <
         std::make_tuple(-static_cast<int>(B.Rnk), B.File, B.Line, B.Column, B.Rule);
}

bool sameFinding(const Finding &A, const Finding &B) {
  return A.Rule == B.Rule && A.File == B.File && A.Line == B.Line && A.Column == B.Column;
}

} // namespace hostsync
