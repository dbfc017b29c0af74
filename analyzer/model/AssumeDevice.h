// Where the analysis puts a tensor it cannot place (--assume-device, .hostsync.yaml's
// AssumeDevice, the clang-tidy option): plain data, so that the configuration reads it
// without the rule framework and its Clang headers.
#pragma once

#include <string>

namespace hostsync {

enum class AssumeDevice { Unknown, Cuda, Cpu };
// The words for it ("unknown", "cuda", "cpu"): the one parser that the command line,
// .hostsync.yaml and the clang-tidy option share. Any other word: false.
const char *assumeDeviceName(AssumeDevice A);
bool parseAssumeDevice(const std::string &Word, AssumeDevice &Out);

} // namespace hostsync
