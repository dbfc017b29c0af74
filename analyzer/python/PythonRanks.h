// How often a line of a Python file runs, as the C++ front end ranks it (docs/lint.md,
// "Ranking"): hot inside a loop, in a module's forward(), or in a function a loop or a hot
// function calls; periodic under `if step % N == 0` in a loop; cold otherwise. Also the
// file's classes and functions, which the linter walks as scopes.
#pragma once

#include "model/Finding.h"

#include <tree_sitter/api.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace hostsync::python {

class Values;

struct RankOf {
  Rank Value = Rank::Cold;
  std::string Reason;
  std::optional<int64_t> Period;
  std::string Function; // "Net.forward", "train"; "" at the module's level
  // The function's key for findings at calls: its name, or for a function defined inside
  // another, Python's qualified name ("evaluate.<locals>.inner"), so that two functions
  // each with their own `inner` are two.
  std::string Key;
};

struct ClassInfo {
  std::string Name;
  bool Module = false;         // derives from nn.Module (another *Module, nn.X, a module class)
  std::string Bases;           // the bases' text: "(nn.Module)"
  std::vector<TSNode> Methods; // __init__ first, then in the file's order
};

class Ranks {
public:
  // HotFromOutside: free functions that other files call often, by name, with why.
  Ranks(TSNode Root, const Values &V,
        const std::map<std::string, std::string, std::less<>> &HotFromOutside = {});
  RankOf of(TSNode At) const;
  // How deep the tree's nodes nest (the root's children at 1, tokens counted).
  unsigned nesting() const { return Nesting; }
  // The qualified name of one of the file's functions ("Net.forward"), by its definition,
  // and its key (RankOf::Key).
  std::string nameOf(TSNode Def) const;
  std::string keyOf(TSNode Def) const;
  const std::vector<ClassInfo> &classes() const { return Classes; }
  const std::vector<TSNode> &freeFunctions() const { return Free; }
  std::set<std::string, std::less<>> moduleClasses() const;
  // The function of this file a call calls (f(...) of a free function, self.m(...) of a
  // method of the caller's class, C(...) the __init__ of a class C): its definition; null
  // when it is none of the file's.
  // Method: whether the call passes self (the definition's first parameter) implicitly.
  TSNode calleeOf(TSNode Call, bool &Method) const;
  // The free functions a call of a name holding one may call (`spline_fn = rational_spline
  // if tails is None else unconstrained_spline`, then `spline_fn(inputs=x, ...)`): each
  // function the name is given in the caller (or a function around it, or the module), when
  // every assignment of the name gives functions of the file; empty otherwise. calleeOf
  // gives the one when there is one.
  std::vector<TSNode> aliasedCallees(TSNode Call) const;
  // The method Name of the file's class Class (its definition), or null.
  TSNode methodOf(const std::string &Class, const std::string &Name) const {
    auto It = MethodByName.find(Class + "." + Name);
    return It == MethodByName.end() ? TSNode{} : It->second;
  }

private:
  struct Function {
    std::string Name;     // qualified
    std::string Class;    // "" for a free function
    bool Forward = false; // forward() of a module class
    std::string HotWhy;   // why a call makes it hot; "" when none does
    TSNode Node{};        // the definition
    // The function it is defined in (a nested function's, a method's of a class defined in
    // a function), null at the module's or a class's level.
    const Function *Parent = nullptr;
    // RankOf::Key: Name, or Python's qualified name for one defined in a function.
    std::string Key = Parent ? Parent->Key + ".<locals>." + Name : Name;
    // Called only from periodic code (under `if step % N == 0` in a loop, or from a function
    // so called) and not hot by another path, as the C++ front end ranks it: why, and N.
    std::string PeriodicWhy;
    std::optional<int64_t> Period;
  };
  struct Loop {
    bool Found = false;
    std::optional<int64_t> Period; // under `if i % N == 0` inside the loop
    bool Periodic = false;
  };
  void collect(TSNode N, const std::string &Class);
  const Function *enclosing(TSNode At) const;
  Loop loopAround(TSNode At) const;
  RankOf rankIn(const Function *F, const Loop &L) const;
  void propagateCalls(TSNode Root, const std::map<std::string, std::string, std::less<>> &Hot);

  const Values &V;
  std::map<uint32_t, Function> Functions; // by the definition's first byte
  // Definitions by name, for calleeOf: free functions ("f"), methods ("Net.forward").
  std::map<std::string, TSNode> FreeByName, MethodByName;
  // Every free function by name, nested ones too: a call of `inner()` names the one defined
  // in the caller or a function around it, as Python's scopes find it.
  std::multimap<std::string, const Function *, std::less<>> FreeDefinitions;
  std::vector<ClassInfo> Classes;
  std::vector<TSNode> Free;
  // The names assigned functions (aliasedCallees), by the function they are assigned in
  // (null: the module) and name: the names of the functions given, or nothing when an
  // assignment gives something else.
  std::map<std::pair<const Function *, std::string>, std::optional<std::vector<std::string>>,
           std::less<>>
      Aliases;
  void collectAlias(TSNode Statement, const Function *In);
  void hideParameters(TSNode Def, const Function *F);
  // Each call's enclosing() and loopAround(), as propagateCalls' walk found them (by the
  // node's id): calleeOf asks the first of every self.m(...) of every walk, and of() both
  // of every call of the project's functions.
  struct CallPlace {
    const Function *Caller;
    Loop Around;
  };
  std::unordered_map<const void *, CallPlace> CallerOf;
  unsigned Nesting = 0;
};

} // namespace hostsync::python
