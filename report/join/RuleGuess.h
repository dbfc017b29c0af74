// Which rule a measured stall most likely matches when no static finding names it: from the
// LibTorch ops on its stack (outermost first: the op the program called), else from the
// stall's class. The same rule ids as rules/catalog.json.
#pragma once

#include <string>
#include <vector>

namespace hostsync::report {

// functions: the stack's function names, innermost first; cls: the trace's stall class.
// matched, when given, receives the function that decided it ("" for the class fallback).
std::string guessRule(const std::vector<std::string> &functions, const std::string &cls,
                      std::string *matched = nullptr);

// The function name without its parameter list and return type: "at::native::nonzero_cuda".
std::string bareFunctionName(const std::string &demangled);

} // namespace hostsync::report
