// The rule catalog (rules/catalog.json), embedded in each binary at build time so that the
// tools are self-contained. Every tool (hostsync-lint, the clang-tidy module,
// hostsync-report) reads rule facts from here, and nowhere else.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

namespace hostsync {

enum class Severity { Note = 0, Warning = 1, Error = 2 };

const char *severityName(Severity S);
// Parses "note" / "warning" / "error"; returns false for anything else.
bool parseSeverity(const std::string &Text, Severity &Out);

// The one way a word of the tools' vocabulary (a severity, an AssumeDevice...) is read:
// the value among Values whose Name is Word; false, Out untouched, for any other word.
template <class E, class NameFn>
bool parseWord(const std::string &Word, std::initializer_list<E> Values, NameFn Name, E &Out) {
  for (E V : Values)
    if (Word == Name(V)) {
      Out = V;
      return true;
    }
  return false;
}

struct RuleInfo {
  std::string Id;
  std::string Title;
  Severity DefaultSeverity = Severity::Warning;
  std::vector<std::string> Ops;
  // A rule whose syncs are CUDA runtime or driver functions names them here, once: they are
  // its Ops, its Runtime and its first stall signature, its check matches them by name, and
  // the tracer's registry (profiler/model/ApiRegistry.cpp) gives each of them, and no other
  // call, the rule's role (tests/unit/report/SyncApiListTest.cpp holds both directions).
  std::vector<std::string> Apis;
  std::string Why;
  std::string FixSummary;
  std::string FixBefore;
  std::string FixAfter;
  // The same fix for Python code (PyTorch), shown on stalls traced in Python; empty where
  // the rule is about C++ or CUDA code only.
  std::string PyFixSummary, PyFixBefore, PyFixAfter;
  std::vector<std::string> Runtime;
  // Whether a call of the function a finding is in syncs once the tensor it passes is on
  // CUDA (model/CallFindings.h), in both front ends: not for a copy to the device, which
  // syncs only when its source is on the host, which no call decides. The catalog's
  // "syncs_on_cuda_input" (true when absent).
  bool SyncsOnCudaInput = true;
  // How a measured stall is recognised as this rule's (StallRules.h says in which order);
  // a rule may be recognised in several ways, one signature each.
  struct StallSignature {
    // ATen operators ("aten::nonzero"; "aten::index" covers every overload, aten::index.Tensor)
    // that the stack entered: the symbolizer names them from at::_ops frames.
    std::vector<std::string> AtenOps;
    // Substrings of a library function on the stall's stack ("nonzero", "::index").
    std::vector<std::string> Functions;
    // The CUDA call the host blocked in ("cudaFree") and, if given, the stall's class
    // ("pageable_copy"): both must match. Classes alone: the stall's class.
    std::vector<std::string> Apis;
    std::vector<std::string> Classes;
    // A call the libraries make too: only when no frame of the stack is a library's.
    bool OutsideLibraries = false;
  };
  std::vector<StallSignature> Stalls;
  // Why the rule has no signature (its stalls look like another rule's).
  std::string NoStalls;
};

class Catalog {
public:
  // The catalog compiled into this binary. Aborts with a message if it is malformed,
  // which a unit test rules out for every build.
  static const Catalog &embedded();
  // Parses catalog JSON text; on failure returns false and sets Error.
  static bool parse(const std::string &Json, Catalog &Out, std::string &Error);
  static const char *embeddedJson();

  const std::vector<RuleInfo> &rules() const { return Rules; }
  const RuleInfo *find(const std::string &Id) const;
  // Namespace prefixes of the libraries whose functions name an op ("at::", "thrust::").
  const std::vector<std::string> &libraries() const { return Libraries; }
  // The rule of a stall nothing else matches.
  const std::string &unmatchedStallRule() const { return UnmatchedStallRule; }

private:
  std::vector<RuleInfo> Rules;
  std::vector<std::string> Libraries;
  std::string UnmatchedStallRule;
};

} // namespace hostsync
