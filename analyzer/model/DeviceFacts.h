// Device facts that cross translation units. One TU cannot always finish a tensor's device:
// a parameter's callers, a callee's returns or a member's stores may live in other files.
// What it could not finish it leaves open, naming the missing facts by keys; what it knows
// about other TUs' open keys (its calls' arguments, its functions' returns, its stores into
// members) it contributes. The project pass (ProjectFacts) solves all keys together, as the
// least fixed point over the project's call graph, and closes every finding's device.
//
// Keys: model/FactKeys.h says how each kind is spelled and what it stands for.
// Nothing here depends on Clang.
#pragma once

#include "model/FactKeys.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hostsync {

// Ordered: combining two sources keeps the larger (CUDA if either is, else unknown if either
// is, else the CPU).
enum class DeviceState { Cpu = 0, Unknown = 1, Cuda = 2 };
const char *deviceStateName(DeviceState S); // "cpu", "unknown", "cuda"
inline DeviceState combine(DeviceState A, DeviceState B) { return A < B ? B : A; }

// A device that is Base combined with what the keys resolve to. Inverted: the finding is
// about a copy from that device to CUDA, which syncs when the source is on the CPU (a
// host-to-device copy): its state is the opposite one.
struct OpenDevice {
  DeviceState Base = DeviceState::Cpu;
  std::set<std::string> Keys;
  bool Inverted = false;
  bool open() const { return Base != DeviceState::Cuda && !Keys.empty(); }
  void merge(const OpenDevice &O);
};

// One TU's fact about a key: a call's argument, a return statement, a store into a member.
struct Contribution {
  std::string Key;
  OpenDevice Value;
  std::string Where; // "file:line" of the call, return or store
  std::string Why;   // when its own part is unknown: why ("returned by LibTorch's `f()`")
};

struct TUFacts {
  std::vector<Contribution> Contributions;
  // Keys that code out of view may feed, with why: unknown ("its address is taken").
  std::map<std::string, std::string> Opaque;
  // How to name a key in a reason: "parameter 'x' of train()", "what load() returns".
  std::map<std::string, std::string> Names;
  // The program evidence of analysis/ProgramEvidence.h: whether this TU's own code names a
  // CUDA device (or is CUDA source), and the file that defines main() ("" if it does not).
  // No TU of a project naming CUDA, and one defining main(), make a CPU-only program.
  bool NamesCuda = true;
  std::string MainIn;
  // A Python file's: its path, and whether its text names a device at all (cuda, device,
  // .to(, an accelerate or Lightning trainer). No Python file of a project naming one makes
  // its Python a CPU-only program (a reinforcement-learning project of CPU agents), whatever
  // its C++ does.
  std::string PythonFile;
  bool PythonNamesDevice = false;
  bool PythonProgram = false; // runs as a program: a __main__ guard, a top-level loop
};

// A finding's device once the project is seen, and why.
struct ClosedDevice {
  DeviceState State = DeviceState::Unknown;
  std::string Reason;
};

class ProjectFacts {
public:
  void add(const TUFacts &Facts);
  // Solves every key: starting from "CPU" (nothing seen) and recomputing each key from its
  // contributions until nothing changes. A key nothing contributes to (a function no
  // analysed code calls, one it does not define) and an opaque key are unknown.
  void solve();
  // The device of an open value (solve() first); Local is the TU's own reason, kept when
  // no key decides.
  ClosedDevice close(const OpenDevice &D, const std::string &Local) const;
  // Non-empty when no file of the project names a CUDA device and one defines main(): why
  // what nothing else decides is on the CPU ("no analysed file names a CUDA device, and
  // src/main.cpp defines main()"). A TU that is CPU-only on its own says so itself.
  std::string cpuOnlyProgram() const;
  // Non-empty when File is one of the project's Python files, none of them names a device
  // and one runs as a program (a file linted alone, a library's module, says nothing of its
  // callers): why what nothing else decides there is on the CPU.
  std::string cpuOnlyPython(const std::string &File) const;

private:
  DeviceState valueOf(const OpenDevice &D) const;
  std::string nameOf(const std::string &Key) const;
  std::string reasonFor(const std::string &Key, DeviceState S) const;

  std::map<std::string, std::vector<Contribution>> ByKey;
  std::map<std::string, std::string> Opaque;
  std::map<std::string, std::string> Names;
  std::map<std::string, DeviceState> Solved;
  bool NamesCuda = false;
  std::string MainIn;
  std::set<std::string> PythonFiles;
  bool PythonNamesDevice = false;
  std::string PythonProgram; // the first Python file that runs as a program
};

} // namespace hostsync
