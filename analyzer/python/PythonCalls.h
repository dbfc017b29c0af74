// What the file's own calls pass to its functions: each parameter's value merged over every
// call that reaches it (f(x), self.m(x), keywords too), so that `train(model, device,
// train_loader)` called with a DataLoader makes train_loader's batches host tensors inside
// train(); and what each function returns, so that a CPU tensor a helper builds is a CPU
// tensor where it is called. The linter walks the file a few times: each walk binds what the
// previous one saw (docs/python.md, "Devices").
#pragma once

#include "python/PythonRanks.h"
#include "python/PythonValues.h"

#include <map>
#include <string>
#include <vector>

namespace hostsync::python {

// Two values one parameter is given: the same kind, or nothing known (None gives way to the
// other, and a number or a value of unknown type to a tensor). On CUDA when either is; on
// the CPU when both are.
Value merge(const Value &A, const Value &B);

// The parameters of a definition, in order: plain, typed and defaulted ones by name; ""
// for *args, **kwargs and the bare * (a positional argument past them binds nothing).
std::vector<std::string> parameterNames(TSNode Def, const Values &V);

// The method obj.m(...) calls when obj is an object of one of the file's classes (Method
// set: self is passed); null otherwise.
TSNode methodOfObject(TSNode Call, const Scope &S, const Values &V, const Ranks &R, bool &Method);

class CallArguments {
public:
  // Records the values Call passes, if it calls a function of the file.
  void record(TSNode Call, const Scope &S, const Values &V, const Ranks &R);
  // Binds Def's parameters in Local: their defaults, then what the calls passed.
  void bind(TSNode Def, Scope &Local, const Values &V) const;
  // What Def returns, merged over its return statements (a value only when every one
  // returns the same kind); null when none was seen.
  void recordReturn(TSNode Def, const Value &Returned);
  const Value *returned(TSNode Def) const;
  // The same kinds and places given to the same parameters (the reasons aside): a walk
  // that learns nothing new ends the linter's walks.
  bool operator==(const CallArguments &O) const;

private:
  struct Passed {
    Value Merged;
    unsigned Calls = 0; // how many calls passed it
    bool operator==(const Passed &O) const {
      return Calls == O.Calls && sameFacts(Merged, O.Merged);
    }
  };
  struct Given {
    unsigned Calls = 0;
    std::map<std::string, Passed> Params;
    bool operator==(const Given &O) const { return Calls == O.Calls && Params == O.Params; }
  };
  std::map<uint32_t, Given> ByFunction; // by the definition's first byte
  std::map<uint32_t, Passed> Returns;   // the same, what each function returns
};

} // namespace hostsync::python
