// The --assume-device / AssumeDevice words, apart from the rest of RuleCheck.cpp: the
// configuration reader needs them without the rules (tests/fuzz links that reader alone).
#include "core/RuleCheck.h"

namespace hostsync {

const char *assumeDeviceName(AssumeDevice A) {
  return A == AssumeDevice::Cuda ? "cuda" : A == AssumeDevice::Cpu ? "cpu" : "unknown";
}

bool parseAssumeDevice(const std::string &Word, AssumeDevice &Out) {
  return parseWord(Word, {AssumeDevice::Unknown, AssumeDevice::Cuda, AssumeDevice::Cpu},
                   assumeDeviceName, Out);
}

} // namespace hostsync
