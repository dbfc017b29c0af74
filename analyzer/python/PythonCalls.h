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
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace hostsync::python {

// A function of another module of the project, as the files importing it call it: its
// file, its name there, and its parameters in order (parameterNames()).
struct FunctionRef {
  std::string Path, Name;
  std::vector<std::string> Params;
};

// A function's key for the project pass (Finding::FunctionKey, ProjectCall::Callee): its
// file and its name there ("train", "Net.forward").
std::string pythonFunctionKey(const std::string &File, const std::string &Name);

// What other files' calls pass to one function, by parameter, and why one of them runs
// often ("" when none does).
struct PassedCalls {
  std::map<std::string, Value> Params;
  std::string HotWhy;
};
// The same for each function of a module, by name.
using PassedArguments = std::map<std::string, PassedCalls, std::less<>>;

// Into gets More's calls too: each parameter's values merged, a reason to be hot kept.
void mergeCalls(PassedCalls &Into, const PassedCalls &More);

// Two values one parameter is given: the same kind, or nothing known (None gives way to the
// other, and a number or a value of unknown type to a tensor). On CUDA when either is; on
// the CPU when both are.
Value merge(const Value &A, const Value &B);

// V (and its elements) came through the parameter Bit (Value::FromParams).
void fromParameter(Value &V, uint32_t Bit);
// V as a value of the function it is read in: the bits of the function it came from are
// not this one's parameters (a return, an attribute, a global, a closure's name).
Value ownedHere(Value V);
// V (and its elements) made of no parameter (Value::LikeParams).
void forgetLikeParameters(Value &V);
// The parameters' indices a Value::FromParams holds, in order.
std::vector<unsigned> parameterIndices(uint32_t FromParams);

// The parameters of a definition, in order: plain, typed and defaulted ones by name; "*"
// for *args and the bare * (no positional argument binds past them), "**" for **kwargs; the
// positional-only marker / is no parameter.
std::vector<std::string> parameterNames(TSNode Def, const Values &V);

// The arguments Call passes to a callee with these parameters (self first for a Method:
// the receiver binds it), each with the parameter's index, by position (up to *args in the
// call or a * in the parameters) or keyword; *args, **kwargs and keywords the callee does
// not name bind nothing.
std::vector<std::pair<size_t, TSNode>>
boundArguments(TSNode Call, const std::vector<std::string> &Params, bool Method, const Values &V);
// The argument Call passes for the callee's parameter Param (of Params, self first for a
// Method: the receiver binds it), by position or keyword; null when none does (a default,
// *args, **kwargs).
TSNode argumentFor(TSNode Call, const std::vector<std::string> &Params, size_t Param, bool Method,
                   const Values &V);

// Does V have a place a callee's tensors can take from it: a tensor, or a module, a device
// or a state?
bool placed(const Value &V);
// Did V (or an element of it) come through parameters, or is it made of parameters no call
// gives a known kind (Value::LikeParams)?
bool throughParameters(const Value &V);
// What a call returns, when the callee's result came through its parameters
// (Value::FromParams): placed by what this call passes there (a CPU tensor given, a CPU
// result; a CUDA one, a CUDA result). Returned as it is when the call passes no value of a
// known kind for one of them. A result made of parameters of unknown kind
// (Value::LikeParams) is a tensor where the tensors the call passes there are.
Value throughArguments(const Value &Returned, TSNode Call, const std::vector<std::string> &Params,
                       bool Method, const Scope &S, const Values &V);

// The method a call of Method on Receiver runs: "__call__" of a module is its forward.
std::string calledMethod(const Value &Receiver, std::string Method);

// The classes of an object or a module of one class or of several (a merge's "A|B").
std::vector<std::string_view> classesOf(const Value &V);
std::vector<std::string_view> classesOf(std::string_view Classes);

// obj.m(...) or obj(...) of an object or a module a name holds (or a call of one makes):
// the receiver, and the method it runs ("__call__"; a module's "forward"). None for other
// calls, and for a chain's link (a.b().c()), whose receiver each link would evaluate again.
struct ObjectCall {
  Value Receiver;
  std::string Method;
};
std::optional<ObjectCall> objectCall(TSNode Call, const Scope &S, const Values &V);
// The classes of a merge of values of classes A and B: each once, in order; "" when either
// is of no known class or more than MaxClasses would be.
std::string mergedClasses(const std::string &A, const std::string &B);

// The methods obj.m(...) (or obj(...): its __call__) may call when obj is an object of one
// of the file's classes, or of one of several (`converter = CTCLabelConverter(...) if ctc
// else AttnLabelConverter(...)`: each may run), with whether self is passed.
struct BoundMethod {
  TSNode Def;
  bool Method;
};
std::vector<BoundMethod> methodsOfObject(TSNode Call, const Scope &S, const Values &V,
                                         const Ranks &R);
// The functions of the file Call may call: the one calleeOf names, else the methods of an
// object's classes (methodsOfObject), else the functions a name holding one may be
// (Ranks::aliasedCallees). Named: set to whether calleeOf named it.
std::vector<BoundMethod> calleesOf(TSNode Call, const Scope &S, const Values &V, const Ranks &R,
                                   bool *Named = nullptr);
// Whether an importer's call of a method reads what it returns: a tensor with a place, or
// one made of its parameters (what a call of an object's method gives says as much of the
// rest).
bool methodReturnRead(const Value &Returned);

// "Class.method" of obj.m(...) (obj(...): "Class.__call__", a module's "Class.forward") when
// obj is an object or a module of one class; "" otherwise.
std::string importedMethod(TSNode Call, const Scope &S, const Values &V);
// The one method it calls (Method set: self is passed); null when none, or several may.
TSNode methodOfObject(TSNode Call, const Scope &S, const Values &V, const Ranks &R, bool &Method);

class CallArguments {
public:
  // Records the values Call passes, if it calls a function of the file.
  void record(TSNode Call, const Scope &S, const Values &V, const Ranks &R);
  // Records what Call passes to F, a function of an imported module; HotWhy: why the call
  // runs often, "" when it does not.
  void recordImported(TSNode Call, const FunctionRef &F, const Scope &S, const Values &V,
                      const std::string &HotWhy);
  // What the calls recordImported() saw passed, by module file.
  const std::map<std::string, PassedArguments> &imported() const { return Imported; }
  // Def is also called from other files, with these (by parameter): one more call.
  void seed(TSNode Def, const std::map<std::string, Value> &Params);
  // Binds Def's parameters in Local: their defaults, then what the calls passed.
  void bind(TSNode Def, Scope &Local, const Values &V) const;
  // What Def returns, merged over its return statements (a value only when every one
  // returns the same kind); null when none was seen.
  void recordReturn(TSNode Def, const Value &Returned);
  const Value *returned(TSNode Def) const;
  // The same values given to the same parameters, and returned, each pair compared by Same:
  // sameFacts (kinds and places: a walk that learns nothing new ends the linter's walks) or
  // sameValue (every field: the walk is the last one).
  bool equal(const CallArguments &O, bool (*Same)(const Value &, const Value &)) const;

private:
  friend class WalkInputs;
  struct Passed {
    Value Merged;
    unsigned Calls = 0; // how many calls passed it
  };
  struct Given {
    unsigned Calls = 0;
    std::map<std::string, Passed> Params;
  };
  // Binds in Local what G's calls passed to the parameters Names.
  static void bindPassed(const Given &G, const std::vector<std::string> &Names, Scope &Local);
  // Merges what Call passes into G, its parameters named Names.
  static void pass(Given &G, const std::vector<std::string> &Names, TSNode Call, const Scope &S,
                   const Values &V);
  std::map<uint32_t, Given> ByFunction; // by the definition's first byte
  std::map<std::string, PassedArguments> Imported;
  std::map<uint32_t, Passed> Returns; // the same, what each function returns
};

// A walk's inputs: what the previous walk saw a function given and returning (Before) or,
// of a function it saw nothing of, what this walk has seen so far (Now: the callers walked
// before it). Each read is kept, so that a walk that read only what it ended with is known
// to be the last: a walk binding what it saw would repeat it (the first walk often is, and
// its repetition was a third of the front end's time).
class WalkInputs {
public:
  WalkInputs(const CallArguments &Before, const CallArguments &Now) : Before(Before), Now(Now) {}
  void bind(TSNode Def, Scope &Local, const Values &V) const;
  const Value *returned(TSNode Def) const;
  // After the walk: whether each read gave what Now ended with, compared by Same.
  bool readWhatItEndedWith(bool (*Same)(const Value &, const Value &)) const;

private:
  const CallArguments &Before, &Now;
  // The definitions read from Before, and those read from Now with Now's count of calls or
  // returns then (0: none yet; Stale: two reads saw two counts).
  static constexpr unsigned Stale = ~0u;
  mutable std::set<uint32_t> BoundBefore, ReturnedBefore;
  mutable std::map<uint32_t, unsigned> BoundNow, ReturnedNow;
};

} // namespace hostsync::python
