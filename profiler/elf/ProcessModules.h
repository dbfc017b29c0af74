// The modules of a process and their GNU build-ids, read the same way from memory (in the
// traced process, at exit) and from files (when symbolizing offline), so a stack's
// addresses can be matched to the right binary even after it was copied elsewhere.
#pragma once

#include "model/TraceModel.h"

#include <string>
#include <vector>

namespace hostsync::trace {

// Every module mapped in this process (the executable first), with load bias, extent and
// build-id.
std::vector<Module> loadedModules();

// The hex build-id of an ELF file on disk; "" when it has none or is not a readable ELF.
std::string buildIdOfFile(const std::string &path);

// The module holding an address, or nullptr.
const Module *moduleOf(const std::vector<Module> &modules, uint64_t address);

} // namespace hostsync::trace
