#include "model/AssumeDevice.h"

#include "rules/Catalog.h" // parseWord

namespace hostsync {

const char *assumeDeviceName(AssumeDevice A) {
  return A == AssumeDevice::Cuda ? "cuda" : A == AssumeDevice::Cpu ? "cpu" : "unknown";
}

bool parseAssumeDevice(const std::string &Word, AssumeDevice &Out) {
  return parseWord(Word, {AssumeDevice::Unknown, AssumeDevice::Cuda, AssumeDevice::Cpu},
                   assumeDeviceName, Out);
}

} // namespace hostsync
