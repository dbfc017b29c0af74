#include "python/PythonRanks.h"

#include "model/RankPolicy.h"

#include "python/PythonValues.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace hostsync::python {

namespace {
bool isLoop(TSSymbol S) {
  return is(S, "for_statement") || is(S, "while_statement") || is(S, "list_comprehension") ||
         is(S, "set_comprehension") || is(S, "dictionary_comprehension") ||
         is(S, "generator_expression");
}
bool isLoop(TSNode N) { return !ts_node_is_null(N) && isLoop(symbolOf(N)); }
bool isFunction(TSNode N) { return is(N, "function_definition"); }

// A node whose children may be statements, a function's or a class's definition among them.
bool holdsStatements(TSNode N) {
  return is(N, "module") || is(N, "block") || is(N, "decorated_definition") || isFunction(N) ||
         is(N, "if_statement") || is(N, "elif_clause") || is(N, "else_clause") ||
         is(N, "for_statement") || is(N, "while_statement") || is(N, "try_statement") ||
         is(N, "except_clause") || is(N, "except_group_clause") || is(N, "finally_clause") ||
         is(N, "with_statement") || is(N, "match_statement") || is(N, "case_clause");
}

// The N of a guard `<expr> % N == 0` (N an integer literal: its value; a name: 0).
std::optional<int64_t> periodOf(const Values &V, TSNode Condition) {
  std::string_view T = V.text(Condition);
  size_t Mod = T.find('%');
  if (Mod == std::string_view::npos || T.find("==") == std::string_view::npos)
    return std::nullopt;
  std::string_view Rest = T.substr(Mod + 1);
  size_t B = Rest.find_first_not_of(" (");
  if (B == std::string_view::npos)
    return std::nullopt;
  int64_t N = std::strtoll(std::string(Rest.substr(B)).c_str(), nullptr, 10);
  return N;
}
// A class's bases that make it a module: a name with "Module" in it (nn.Module,
// LightningModule), or one of torch.nn's module classes (nn.Transformer, nn.Sequential:
// "nn." then a capital).
bool moduleBases(std::string_view Bases) {
  if (Bases.find("Module") != std::string_view::npos)
    return true;
  for (size_t At = Bases.find("nn."); At != std::string_view::npos; At = Bases.find("nn.", At + 3))
    if (At + 3 < Bases.size() && Bases[At + 3] >= 'A' && Bases[At + 3] <= 'Z' &&
        (At == 0 || Bases[At - 1] == '(' || Bases[At - 1] == ' ' || Bases[At - 1] == ',' ||
         Bases[At - 1] == '.'))
      return true;
  return false;
}

// Does a class's bases text ("(Base, Mixin)") name Name as one of them?
bool namesBase(const std::string &Bases, const std::string &Name) {
  for (size_t At = Bases.find(Name); At != std::string::npos; At = Bases.find(Name, At + 1)) {
    auto Edge = [&](size_t I) {
      return I >= Bases.size() || !(std::isalnum(static_cast<unsigned char>(Bases[I])) ||
                                    Bases[I] == '_' || Bases[I] == '.');
    };
    if ((At == 0 || Edge(At - 1)) && Edge(At + Name.size()))
      return true;
  }
  return false;
}
} // namespace

Ranks::Ranks(TSNode Root, const Values &V,
             const std::map<std::string, std::string, std::less<>> &HotFromOutside)
    : V(V) {
  collect(Root, "");
  // A name given something else than the file's functions holds none (most `a = b`), and
  // hides a name of a function around it; with no name holding one, nothing is looked up.
  bool AnyHeld = false;
  for (auto &[Key, Held] : Aliases) {
    if (Held && std::any_of(Held->begin(), Held->end(),
                            [&](const std::string &F) { return !FreeByName.count(F); }))
      Held.reset();
    AnyHeld |= Held.has_value();
  }
  if (!AnyHeld)
    Aliases.clear();
  // A class deriving from one of the file's module classes is one too (class B(A), A an
  // nn.Module), however deep.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (ClassInfo &C : Classes)
      for (const ClassInfo &Base : Classes)
        if (!C.Module && Base.Module && namesBase(C.Bases, Base.Name))
          C.Module = Changed = true;
  }
  propagateCalls(Root, HotFromOutside);
}

void Ranks::collect(TSNode N, const std::string &Class) {
  // An explicit stack: the file's nesting was bounded by the caller, but statements are
  // many.
  struct Visit {
    TSNode N;
    std::string InClass;
    const Function *Parent; // the function N is defined in
  };
  std::vector<Visit> Todo{{N, Class, nullptr}};
  while (!Todo.empty()) {
    auto [At, InClass, Parent] = Todo.back();
    Todo.pop_back();
    if (is(At, "class_definition")) {
      ClassInfo C;
      C.Name = std::string(V.text(field(At, "name")));
      std::string_view Bases = V.text(field(At, "superclasses"));
      C.Module = moduleBases(Bases);
      C.Bases = std::string(Bases);
      TSNode Body = field(At, "body");
      for (TSNode M : namedChildren(Body)) {
        if (is(M, "decorated_definition"))
          M = field(M, "definition");
        if (!isFunction(M))
          continue;
        std::string Name(V.text(field(M, "name")));
        Function F{C.Name + "." + Name, C.Name, C.Module && Name == "forward", "", M, Parent};
        const Function *Method = &(Functions[ts_node_start_byte(M)] = F);
        hideParameters(M, Method);
        MethodByName.emplace(F.Name, M);
        if (Name == "__init__")
          C.Methods.insert(C.Methods.begin(), M);
        else
          C.Methods.push_back(M);
        Todo.push_back({field(M, "body"), C.Name + "." + Name, Method});
      }
      Classes.push_back(std::move(C));
      continue;
    }
    if (isFunction(At) && Functions.count(ts_node_start_byte(At)) == 0) {
      std::string Name(V.text(field(At, "name")));
      const Function *Defined =
          &(Functions[ts_node_start_byte(At)] = {Name, "", false, "", At, Parent});
      FreeByName.emplace(Name, At); // the first definition of a name, as a reader finds it
      FreeDefinitions.emplace(Name, Defined);
      Free.push_back(At);
      Parent = Defined;
      hideParameters(At, Defined);
    }
    if (is(At, "expression_statement"))
      collectAlias(At, Parent);
    // Definitions are statements: what holds statements is walked, not the expressions and
    // simple statements (most of a file's nodes) below it.
    if (!holdsStatements(At))
      continue;
    NamedChildren Children(At);
    for (size_t I = Children.size(); I-- > 0;)
      Todo.push_back({Children[I], InClass, Parent});
  }
}

void Ranks::hideParameters(TSNode Def, const Function *F) {
  // Its parameters hide a name of a function around it that holds a function (`def train(x,
  // act): act(x)` calls what the caller passes): a name given something else.
  for (TSNode P : namedChildren(field(Def, "parameters"))) {
    TSNode Named = is(P, "identifier") ? P : field(P, "name");
    if (ts_node_is_null(Named)) // typed_parameter, *args: the name first
      Named = ts_node_named_child(P, 0);
    if (is(Named, "identifier"))
      Aliases.try_emplace({F, std::string(V.text(Named))}, std::nullopt);
  }
}

void Ranks::collectAlias(TSNode Statement, const Function *In) {
  TSNode A = ts_node_named_child(Statement, 0);
  if (!is(A, "assignment") || !is(field(A, "left"), "identifier"))
    return;
  TSNode Right = field(A, "right");
  std::vector<std::string> Given;
  // f, or `f if c else g` (of names each).
  for (TSNode Part :
       is(Right, "conditional_expression")
           ? std::vector<TSNode>{ts_node_named_child(Right, 0), ts_node_named_child(Right, 2)}
           : std::vector<TSNode>{Right})
    if (is(Part, "identifier"))
      Given.emplace_back(V.text(Part));
    else
      Given.clear(), Right = TSNode{};
  auto [It, First] = Aliases.try_emplace({In, std::string(V.text(field(A, "left")))}, Given);
  if (ts_node_is_null(Right))
    It->second.reset(); // given something else: a name of unknown value
  else if (!First && It->second)
    It->second->insert(It->second->end(), Given.begin(), Given.end());
}

std::vector<TSNode> Ranks::aliasedCallees(TSNode Call) const {
  if (Aliases.empty()) // asked of every call of no function of the file's: most files hold none
    return {};
  TSNode Fn = field(Call, "function");
  if (!is(Fn, "identifier"))
    return {};
  std::string Name(V.text(Fn));
  auto Known = CallerOf.find(Call.id);
  const Function *Caller = Known != CallerOf.end() ? Known->second.Caller : enclosing(Call);
  for (const Function *Scope = Caller;; Scope = Scope->Parent) {
    if (auto It = Aliases.find({Scope, Name}); It != Aliases.end()) {
      std::vector<TSNode> Out;
      for (const std::string &F : It->second ? *It->second : std::vector<std::string>()) {
        TSNode Def = FreeByName.at(F); // each the file's (the constructor kept no other)
        if (std::none_of(Out.begin(), Out.end(), [&](TSNode D) { return ts_node_eq(D, Def); }))
          Out.push_back(Def);
      }
      return Out;
    }
    if (!Scope)
      return {};
  }
}

const Ranks::Function *Ranks::enclosing(TSNode At) const {
  for (TSNode N = parentOf(At); !ts_node_is_null(N); N = parentOf(N))
    if (isFunction(N)) {
      auto It = Functions.find(ts_node_start_byte(N));
      return It == Functions.end() ? nullptr : &It->second;
    }
  return nullptr;
}

Ranks::Loop Ranks::loopAround(TSNode At) const {
  Loop L;
  std::optional<int64_t> Guard;
  bool Guarded = false;
  for (TSNode Child = At, N = parentOf(At); !ts_node_is_null(N); Child = N, N = parentOf(N)) {
    if (isFunction(N) || is(N, "lambda"))
      break;
    if ((is(N, "if_statement") || is(N, "elif_clause")) && !Guarded &&
        ts_node_eq(field(N, "consequence"), Child))
      if (auto P = periodOf(V, field(N, "condition"))) {
        Guarded = true;
        Guard = P;
      }
    // The loop's iterable is evaluated once; its body (and a while's condition) each time.
    if (isLoop(N) && !(is(N, "for_statement") && ts_node_eq(field(N, "right"), Child))) {
      L.Found = true;
      L.Periodic = Guarded;
      if (Guarded && Guard && *Guard > 0)
        L.Period = Guard;
      return L;
    }
  }
  return L;
}

void Ranks::propagateCalls(TSNode Root,
                           const std::map<std::string, std::string, std::less<>> &Hot) {
  // Every call of a function of this file by name (f(...), self.m(...)): its caller and
  // whether it is in a loop there.
  struct Call {
    std::string Caller; // qualified; "" at the module's level
    std::string Callee; // qualified
    Loop Around;        // the loop around the call, and whether a periodic `if` guards it
  };
  std::vector<Call> Calls;
  // Each node with its caller and the loop around it there, as enclosing() and
  // loopAround() would find them, carried down the walk: walking up from every call
  // (ts_node_parent walks down from the root each time) was a tenth of a large project's run.
  struct Place {
    TSNode N;
    const Function *Caller; // the nearest function around N, when it is one of Functions
    Loop Around;            // the loop around N, inside that function (or lambda)
    // The innermost periodic `if` between N and that loop (or the function): its period.
    std::optional<std::optional<int64_t>> Guard;
    unsigned Depth; // the root's children at 1
  };
  std::vector<Place> Todo{{Root, nullptr, {}, std::nullopt, 0}};
  while (!Todo.empty()) {
    Place At = Todo.back();
    Todo.pop_back();
    TSNode N = At.N;
    TSSymbol Sym = symbolOf(N); // tested against each type below
    bool Method = false;
    bool IsCall = is(Sym, "call"), IsFunction = is(Sym, "function_definition");
    if (IsCall)
      CallerOf.emplace(N.id, CallPlace{At.Caller, At.Around});
    if (TSNode Def = IsCall ? calleeOf(N, Method) : TSNode{}; !ts_node_is_null(Def))
      Calls.push_back({At.Caller ? At.Caller->Name : "", Functions.at(ts_node_start_byte(Def)).Name,
                       At.Around});
    else if (IsCall) // a name holding one of several functions: each may run
      for (TSNode Aliased : aliasedCallees(N))
        Calls.push_back({At.Caller ? At.Caller->Name : "",
                         Functions.at(ts_node_start_byte(Aliased)).Name, At.Around});
    if (IsFunction) {
      auto It = Functions.find(ts_node_start_byte(N));
      At.Caller = It == Functions.end() ? nullptr : &It->second;
    }
    if (IsFunction || is(Sym, "lambda")) {
      At.Around = {};
      At.Guard.reset();
    }
    // A loop's iterable is evaluated once; its body (and a while's condition) each time.
    bool Loop = isLoop(Sym);
    TSNode Iterable = Loop && is(Sym, "for_statement") ? field(N, "right") : TSNode{};
    bool If = is(Sym, "if_statement") || is(Sym, "elif_clause");
    TSNode Consequence = If ? field(N, "consequence") : TSNode{};
    std::optional<int64_t> Period = If ? periodOf(V, field(N, "condition")) : std::nullopt;
    NamedChildren Children(N);
    // Its anonymous children (tokens) one level below it.
    Nesting = std::max(Nesting, At.Depth + (ts_node_child_count(N) > Children.size() ? 1 : 0));
    for (TSNode Child : Children) {
      Place Below{Child, At.Caller, At.Around, At.Guard, At.Depth + 1};
      if (Period && ts_node_eq(Consequence, Child))
        Below.Guard = Period;
      if (Loop && !(!ts_node_is_null(Iterable) && ts_node_eq(Iterable, Child))) {
        Below.Around = {};
        Below.Around.Found = true;
        Below.Guard.reset();
      } else if (Below.Around.Found && Below.Guard) {
        Below.Around.Periodic = true;
        Below.Around.Period = **Below.Guard > 0 ? *Below.Guard : std::nullopt;
      }
      Todo.push_back(std::move(Below));
    }
  }
  std::map<std::string, Function *> Named;
  for (auto &[Byte, F] : Functions)
    Named[F.Name] = &F;
  // The rank policy both front ends share (model/RankPolicy), over this file's functions.
  std::vector<Function *> ById;
  std::map<const Function *, size_t> IdOf;
  for (auto &[Byte, F] : Functions) {
    IdOf[&F] = ById.size();
    ById.push_back(&F);
  }
  auto Id = [&](const std::string &Name) {
    auto It = Named.find(Name);
    return It == Named.end() ? RankPolicy::ModuleLevel : IdOf.at(It->second);
  };
  RankPolicy Policy(ById.size());
  for (const auto &[Name, Why] : Hot) // called often from another file
    if (auto It = FreeByName.find(Name); It != FreeByName.end())
      Policy.hot(IdOf.at(&Functions.at(ts_node_start_byte(It->second))), Why);
  for (Function *F : ById)
    if (F->Forward)
      Policy.hot(IdOf.at(F), "in " + F->Name + "() of an nn.Module");
  for (const Call &C : Calls)
    if (size_t Callee = Id(C.Callee); Callee != RankPolicy::ModuleLevel)
      Policy.call(Id(C.Caller), Callee, C.Around.Found, C.Around.Periodic, C.Around.Period,
                  C.Around.Period
                      ? "once every " + std::to_string(*C.Around.Period) + " iterations of a loop"
                      : "under a periodic `if` in a loop");
  std::vector<RankPolicy::Result> Ranked = Policy.solve([&](size_t F) {
    return F == RankPolicy::ModuleLevel ? std::string("the module") : ById[F]->Name + "()";
  });
  for (size_t I = 0; I < ById.size(); ++I) {
    if (Ranked[I].Value == Rank::Hot) {
      ById[I]->HotWhy = Ranked[I].Reason;
    } else if (Ranked[I].Value == Rank::Periodic) {
      ById[I]->PeriodicWhy = Ranked[I].Reason;
      ById[I]->Period = Ranked[I].Period;
    }
  }
}

RankOf Ranks::of(TSNode At) const {
  if (auto Known = CallerOf.find(At.id); Known != CallerOf.end())
    return rankIn(Known->second.Caller, Known->second.Around);
  return rankIn(enclosing(At), loopAround(At));
}

std::string Ranks::nameOf(TSNode Def) const {
  auto It = Functions.find(ts_node_start_byte(Def));
  return It == Functions.end() ? "" : It->second.Name;
}

std::string Ranks::keyOf(TSNode Def) const {
  auto It = Functions.find(ts_node_start_byte(Def));
  return It == Functions.end() ? "" : It->second.Key;
}

RankOf Ranks::rankIn(const Function *F, const Loop &L) const {
  RankOf R;
  R.Function = F ? F->Name : "";
  R.Key = F ? F->Key : "";
  if (L.Found && L.Periodic) {
    R.Value = Rank::Periodic;
    R.Period = L.Period;
    R.Reason = L.Period ? "once every " + std::to_string(*L.Period) + " iterations of a loop"
                        : "under a periodic `if` in a loop";
    return R;
  }
  if (L.Found) {
    R.Value = Rank::Hot;
    R.Reason = "inside a loop";
    return R;
  }
  if (F && F->Forward) {
    R.Value = Rank::Hot;
    R.Reason = "in " + F->Name + "() of an nn.Module";
    return R;
  }
  if (F && !F->HotWhy.empty()) {
    R.Value = Rank::Hot;
    R.Reason = F->HotWhy;
    return R;
  }
  if (F && !F->PeriodicWhy.empty()) {
    R.Value = Rank::Periodic;
    R.Period = F->Period;
    R.Reason = F->PeriodicWhy;
    return R;
  }
  R.Reason =
      F ? "in " + F->Name + "(), not reached from a loop or forward()" : "outside any function";
  return R;
}

TSNode Ranks::calleeOf(TSNode Call, bool &Method) const {
  std::string_view Callee = V.text(field(Call, "function"));
  Method = false;
  if (Callee.substr(0, 5) == "self.") {
    auto Known = CallerOf.find(Call.id);
    const Function *Caller = Known != CallerOf.end() ? Known->second.Caller : enclosing(Call);
    if (!Caller || Caller->Class.empty())
      return TSNode{};
    auto It = MethodByName.find(Caller->Class + "." + std::string(Callee.substr(5)));
    if (It == MethodByName.end())
      return TSNode{};
    Method = !staticMethod(It->second, V); // self.f(...) of a @staticmethod binds no self
    return It->second;
  }
  if (auto It = FreeByName.find(std::string(Callee)); It != FreeByName.end()) {
    // Defined more than once (two functions each with their own `inner`): the one in the
    // caller, or in the nearest function around it, else one at the module's level.
    auto [First, Last] = FreeDefinitions.equal_range(Callee);
    if (std::next(First) == Last)
      return It->second;
    auto Known = CallerOf.find(Call.id);
    const Function *Caller = Known != CallerOf.end() ? Known->second.Caller : enclosing(Call);
    for (const Function *Scope = Caller;; Scope = Scope->Parent) {
      for (auto D = First; D != Last; ++D)
        if (D->second->Parent == Scope)
          return D->second->Node;
      if (!Scope)
        break;
    }
    return It->second;
  }
  // Trainer(model, loader, ...): a class of the file built, its __init__ called with self.
  auto It = MethodByName.find(std::string(Callee) + ".__init__");
  if (It == MethodByName.end()) {
    if (Aliases.empty())
      return TSNode{};
    std::vector<TSNode> Aliased = aliasedCallees(Call);
    return Aliased.size() == 1 ? Aliased[0] : TSNode{};
  }
  Method = true;
  return It->second;
}

std::set<std::string, std::less<>> Ranks::moduleClasses() const {
  std::set<std::string, std::less<>> Out;
  for (const ClassInfo &C : Classes)
    if (C.Module)
      Out.insert(C.Name);
  return Out;
}

} // namespace hostsync::python
