// The grammar of a CI gate (--fail-if), parsed whole into plain data; a pure function with
// no I/O, so that a fuzzer can call it on any bytes:
//
//   gate       := clause { ("or" | "||") clause }
//   clause     := comparison { ("and" | "&&") comparison }
//   comparison := METRIC OP NUMBER ["%"]
//   OP         := ">" | ">=" | "<" | "<=" | "==" | "!="
//   NUMBER     := ["-"] digits ["." digits] [("e" | "E") ["+" | "-"] digits], finite
//
// "and" binds tighter than "or"; there are no parentheses (a second --fail-if is another
// "or"). Percentage metrics take "%" right after the number; counts take none.
#pragma once

#include <string>
#include <vector>

namespace hostsync::report {

struct Comparison {
  std::string metric, op; // a name of gates/Metrics.h, one of OP above
  double value = 0;       // finite; a percentage in percent (5 for "5%")
};

struct Gate {
  std::string text; // as given, on one line: the reason of a tripped gate quotes it
  // Or of ands: the gate trips when every comparison of one clause holds.
  std::vector<std::vector<Comparison>> clauses;
  bool uses(const std::string &metric) const;
};

// False with one line saying what is wrong and where, "--fail-if 'findings > 0 && x':
// unknown metric 'x' at column 17 (metrics: ...)", when the text is not a gate. Columns count
// bytes from 1.
bool parseGate(const std::string &text, Gate &gate, std::string &error);

} // namespace hostsync::report
