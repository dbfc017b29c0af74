// Which rule a measured stall most likely matches when no static finding names it: the
// catalog's stall signatures (rules/StallRules.h) applied to the stall's stack, CUDA call
// and class.
#pragma once

#include <string>
#include <vector>

namespace hostsync::report {

// functions: the stack's function names as demangled, innermost first; api: the CUDA call
// ("cudaFree"); cls: the trace's stall class. matched, when given, receives the library
// function that decided it, else the outermost library function, else "" (StallRule).
std::string guessRule(const std::vector<std::string> &functions, const std::string &api,
                      const std::string &cls, std::string *matched = nullptr,
                      const std::vector<std::string> &atenOps = {});
// Is this (bare) function name a library's (LibTorch, Thrust)? From the catalog.
bool isLibraryFunction(const std::string &bareName);

// The function name without its parameter list and return type: "at::native::nonzero_cuda".
std::string bareFunctionName(const std::string &demangled);

} // namespace hostsync::report
