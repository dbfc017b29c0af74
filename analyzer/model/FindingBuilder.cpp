#include "model/FindingBuilder.h"

#include <utility>

namespace hostsync {

Finding startFinding(const RuleInfo &Rule, std::string File, unsigned Line, unsigned Column,
                     std::string Op) {
  Finding F;
  F.Rule = Rule.Id;
  F.Level = Rule.DefaultSeverity;
  F.File = std::move(File);
  F.Line = Line;
  F.Column = Column;
  F.Op = std::move(Op);
  return F;
}

void rankFinding(Finding &F, Rank Value, std::string Reason, std::optional<int64_t> Period) {
  F.LoopRank = Value;
  F.RankReason = std::move(Reason);
  F.Period = Period;
}

void unknownDevice(Finding &F, std::string Why, DeviceState Base, AssumeDevice Assume,
                   const std::string &CpuProgramWhy) {
  F.Device = DeviceConfidence::Unknown;
  F.DeviceReason = Why.empty() ? "nothing in view says where the tensor is" : std::move(Why);
  F.Open.Base = Base;
  if (!assumeWhenUnknown(F, Assume) && !CpuProgramWhy.empty()) {
    F.WhenUnknown = DeviceConfidence::Cpu;
    F.WhenUnknownReason = CpuProgramWhy;
  }
}

bool reportsBothSidesUnknown(AssumeDevice Assume) { return Assume != AssumeDevice::Cpu; }

} // namespace hostsync
