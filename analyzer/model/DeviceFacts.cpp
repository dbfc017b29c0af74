#include "model/DeviceFacts.h"

namespace hostsync {

const char *deviceStateName(DeviceState S) {
  return S == DeviceState::Cuda ? "cuda" : S == DeviceState::Cpu ? "cpu" : "unknown";
}

void OpenDevice::merge(const OpenDevice &O) {
  Base = combine(Base, O.Base);
  Keys.insert(O.Keys.begin(), O.Keys.end());
}

void ProjectFacts::add(const TUFacts &Facts) {
  for (const Contribution &C : Facts.Contributions)
    ByKey[C.Key].push_back(C);
  Opaque.insert(Facts.Opaque.begin(), Facts.Opaque.end());
  Names.insert(Facts.Names.begin(), Facts.Names.end());
  NamesCuda |= Facts.NamesCuda;
  if (MainIn.empty())
    MainIn = Facts.MainIn;
  if (!Facts.PythonFile.empty()) {
    PythonFiles.insert(Facts.PythonFile);
    PythonNamesDevice |= Facts.PythonNamesDevice;
    if (Facts.PythonProgram && (PythonProgram.empty() || Facts.PythonFile < PythonProgram))
      PythonProgram = Facts.PythonFile;
  }
}

std::string ProjectFacts::cpuOnlyPython(const std::string &File) const {
  if (PythonNamesDevice || PythonProgram.empty() || !PythonFiles.count(File))
    return "";
  return "no analysed Python file names a device (cuda, device, .to(), an accelerator), and " +
         PythonProgram + " runs as a program";
}

std::string ProjectFacts::cpuOnlyProgram() const {
  if (NamesCuda || MainIn.empty())
    return "";
  return "no analysed file names a CUDA device, and " + MainIn + " defines main()";
}

DeviceState ProjectFacts::valueOf(const OpenDevice &D) const {
  DeviceState S = D.Base;
  for (const std::string &K : D.Keys) {
    auto It = Solved.find(K);
    S = combine(S, It != Solved.end() ? It->second
                   : isEvidenceKey(K) ? DeviceState::Cpu
                                      : DeviceState::Unknown);
  }
  return S;
}

void ProjectFacts::solve() {
  // Every key any value names, with no contribution or opaque: unknown for good.
  std::set<std::string> All;
  for (const auto &[Key, Cs] : ByKey) {
    All.insert(Key);
    for (const Contribution &C : Cs)
      All.insert(C.Value.Keys.begin(), C.Value.Keys.end());
  }
  for (const std::string &K : All)
    Solved[K] = (ByKey.count(K) && !Opaque.count(K)) || isEvidenceKey(K) ? DeviceState::Cpu
                                                                         : DeviceState::Unknown;
  // Kleene iteration on a lattice of height 3: each key rises at most twice.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Key, Cs] : ByKey) {
      DeviceState &S = Solved[Key];
      if (Opaque.count(Key))
        continue;
      DeviceState New = DeviceState::Cpu;
      for (const Contribution &C : Cs)
        New = combine(New, valueOf(C.Value));
      if (isEvidenceKey(Key) && New == DeviceState::Unknown)
        New = DeviceState::Cpu;
      if (New != S) {
        S = New;
        Changed = true;
      }
    }
  }
}

std::string ProjectFacts::nameOf(const std::string &Key) const {
  auto It = Names.find(Key);
  return It != Names.end() ? It->second : Key;
}

std::string ProjectFacts::reasonFor(const std::string &Key, DeviceState S) const {
  auto It = ByKey.find(Key);
  if (isEvidenceKey(Key)) {
    if (S != DeviceState::Cuda)
      return "nothing in the project moves " + nameOf(Key) + " to CUDA";
    for (const Contribution &C : It->second)
      if (valueOf(C.Value) == S)
        return nameOf(Key) + " are moved to CUDA: " +
               (C.Value.Keys.empty() ? "at " + C.Where : "with its owner, " + C.Where);
  }
  bool Arg = factkey::isArgumentKey(Key), Ret = factkey::isReturnKey(Key);
  if (S == DeviceState::Unknown) {
    if (Opaque.count(Key))
      return nameOf(Key) + ": code out of view may call the function (" + Opaque.at(Key) + ")";
    if (It == ByKey.end())
      return nameOf(Key) + (Arg   ? ": no call in the analysed code passes it a value"
                            : Ret ? ": not defined in the analysed code"
                                  : ": nothing in the analysed code stores into it");
  }
  size_t N = It == ByKey.end() ? 0 : It->second.size();
  if (S == DeviceState::Cpu)
    return nameOf(Key) + " is on the CPU wherever the project " +
           (Arg   ? "calls it"
            : Ret ? "returns it"
                  : "stores it") +
           " (" + std::to_string(N) + (N == 1 ? " place" : " places") + ")";
  // The first place that gives the key its state; an unknown one says why, when it knows
  // (its own part, or the first unknown key it depends on).
  for (const Contribution &C : It->second)
    if (valueOf(C.Value) == S) {
      std::string Out = nameOf(Key) +
                        (S == DeviceState::Cuda ? " may be on CUDA" : " may be anywhere") + ": " +
                        (Arg   ? "passed"
                         : Ret ? "returned"
                               : "stored") +
                        " at " + C.Where;
      if (S == DeviceState::Unknown && C.Value.Base == DeviceState::Unknown && !C.Why.empty())
        Out += " (" + C.Why + ")";
      return Out;
    }
  return nameOf(Key);
}

ClosedDevice ProjectFacts::close(const OpenDevice &D, const std::string &Local) const {
  if (D.Inverted) {
    OpenDevice Source = D;
    Source.Inverted = false;
    ClosedDevice Out = close(Source, Local);
    Out.State = Out.State == DeviceState::Cpu    ? DeviceState::Cuda
                : Out.State == DeviceState::Cuda ? DeviceState::Cpu
                                                 : DeviceState::Unknown;
    Out.Reason = "the copy's source: " + Out.Reason;
    return Out;
  }
  ClosedDevice Out;
  Out.State = valueOf(D);
  // The reason: a key that gives the final state, unless the TU's own part already did.
  if (D.Base == Out.State && (Out.State != DeviceState::Cpu || D.Keys.empty())) {
    Out.Reason = Local;
    return Out;
  }
  std::string Why;
  for (const std::string &K : D.Keys) {
    auto It = Solved.find(K);
    DeviceState S = It == Solved.end() ? DeviceState::Unknown : It->second;
    if (Out.State == DeviceState::Cpu)
      Why += (Why.empty() ? "" : "; ") + reasonFor(K, S);
    else if (S == Out.State) {
      Why = reasonFor(K, S);
      break;
    }
  }
  Out.Reason = Why;
  return Out;
}

} // namespace hostsync
