#include "model/Finding.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

#include <tuple>

namespace hostsync {

const char *confidenceName(DeviceConfidence C) {
  switch (C) {
  case DeviceConfidence::Cuda:
    return "cuda";
  case DeviceConfidence::Unknown:
    return "unknown";
  case DeviceConfidence::Assumed:
    return "assumed";
  case DeviceConfidence::Cpu:
    return "cpu";
  }
  return "unknown";
}

bool assumeWhenUnknown(Finding &F, AssumeDevice Assume) {
  if (Assume == AssumeDevice::Unknown)
    return false;
  F.WhenUnknown = Assume == AssumeDevice::Cuda ? DeviceConfidence::Assumed : DeviceConfidence::Cpu;
  F.WhenUnknownReason = std::string("assumed by --assume-device=") + assumeDeviceName(Assume);
  return true;
}

void closeDevices(std::vector<Finding> &Findings, const ProjectFacts &Facts) {
  const std::string CpuProgram = Facts.cpuOnlyProgram();
  for (Finding &F : Findings) {
    if (F.Device == DeviceConfidence::Unknown) {
      ClosedDevice C = Facts.close(F.Open, F.DeviceReason);
      F.Device = C.State == DeviceState::Cuda  ? DeviceConfidence::Cuda
                 : C.State == DeviceState::Cpu ? DeviceConfidence::Cpu
                                               : F.WhenUnknown;
      F.DeviceReason = C.Reason;
      if (C.State == DeviceState::Unknown && F.WhenUnknown != DeviceConfidence::Unknown)
        F.DeviceReason = F.WhenUnknownReason + " (" + C.Reason + ")";
      else if (std::string Why = CpuProgram.empty() ? Facts.cpuOnlyPython(F.File) : CpuProgram;
               C.State == DeviceState::Unknown && !Why.empty()) {
        F.Device = DeviceConfidence::Cpu;
        F.DeviceReason = Why + " (" + C.Reason + ")";
      }
    }
    F.Open = OpenDevice();
  }
}

bool parseUnknownSeverity(const std::string &Word, std::optional<Severity> &Out) {
  if (Word == "rule") {
    Out.reset();
    return true;
  }
  Severity S;
  if (!parseSeverity(Word, S))
    return false;
  Out = S;
  return true;
}

bool applyDevicePolicy(Finding &F, const DevicePolicy &First, const DevicePolicy &Second) {
  if (F.Device == DeviceConfidence::Cpu) {
    F.Level = Severity::Note;
    return First.ReportCpu.value_or(Second.ReportCpu.value_or(false));
  }
  if (F.Device == DeviceConfidence::Unknown) {
    std::optional<Severity> S =
        First.UnknownSeverity.value_or(Second.UnknownSeverity.value_or(std::optional<Severity>()));
    if (S)
      F.Level = *S;
  }
  return true;
}

const char *rankName(Rank R) {
  return R == Rank::Hot ? "hot" : R == Rank::Periodic ? "periodic" : "cold";
}

bool parseRank(const std::string &Text, Rank &Out) {
  return parseWord(Text, {Rank::Cold, Rank::Periodic, Rank::Hot}, rankName, Out);
}

bool findingOrder(const Finding &A, const Finding &B) {
  return std::make_tuple(-static_cast<int>(A.LoopRank), A.File, A.Line, A.Column, A.Rule) <
         std::make_tuple(-static_cast<int>(B.LoopRank), B.File, B.Line, B.Column, B.Rule);
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
  // A CPU tensor's op (--report-cpu) costs no sync: nothing to rewrite.
  return !F.Suppressed && !F.InBaseline && F.Device != DeviceConfidence::Cpu &&
         !F.Replacements.empty() && (F.FixCondition.empty() || WithConditional);
}

bool sameFinding(const Finding &A, const Finding &B) {
  return A.Rule == B.Rule && A.File == B.File && A.Line == B.Line && A.Column == B.Column;
}

} // namespace hostsync
