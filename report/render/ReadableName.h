// Function names a person can read: a demangled C++ name cut to its qualified name with
// every template argument list shown as <…> and no parameter lists, return type or
// qualifiers. The renderers show it and keep the full name next to it (an HTML title, a
// JSON field), so nothing is lost.
#pragma once

#include <string>

namespace hostsync::report {

// "void train<torch::data::StatelessDataLoader<...>>(unsigned long, Net&)" -> "train<…>";
// "(anonymous namespace)::Net::forward(at::Tensor)" -> "Net::forward";
// "f(int)::{lambda(at::Tensor const&)#1}::operator()(at::Tensor const&) const" ->
// "f::{lambda#1}::operator()". Operator names (operator<, operator<<, operator()) are names,
// not brackets. Text it cannot read as a C++ name ("??", a Python function, unbalanced
// brackets) comes back unchanged.
std::string readableName(const std::string &demangled);

} // namespace hostsync::report
