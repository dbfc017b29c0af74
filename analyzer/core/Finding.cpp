#include "core/Finding.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

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

const char *rankName(Rank R) {
  return R == Rank::Hot ? "hot" : R == Rank::Periodic ? "periodic" : "cold";
}

bool parseRank(const std::string &Text, Rank &Out) {
  return parseWord(Text, {Rank::Cold, Rank::Periodic, Rank::Hot}, rankName, Out);
}

bool findingOrder(const Finding &A, const Finding &B) {
  return std::make_tuple(-static_cast<int>(A.Rnk), A.File, A.Line, A.Column, A.Rule) <
         std::make_tuple(-static_cast<int>(B.Rnk), B.File, B.Line, B.Column, B.Rule);
}

std::string lineHash(const std::string &SourceLine) {
  uint64_t H = 1469598103934665603ull; // FNV-1a over the non-blank characters
  for (unsigned char C : SourceLine)
    if (!isspace(C)) {
      H ^= C;
      H *= 1099511628211ull;
    }
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "%016llx", static_cast<unsigned long long>(H));
  return Buf;
}

bool fixApplies(const Finding &F, bool WithConditional) {
  return !F.Suppressed && !F.InBaseline && !F.Replacements.empty() &&
         (F.FixCondition.empty() || WithConditional);
}

bool sameFinding(const Finding &A, const Finding &B) {
  return A.Rule == B.Rule && A.File == B.File && A.Line == B.Line && A.Column == B.Column;
}

} // namespace hostsync
