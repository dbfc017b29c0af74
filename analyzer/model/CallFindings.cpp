#include "model/CallFindings.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace hostsync {

namespace {

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

// May a call of F's function make F's sync happen?
bool inSummary(const Finding &F) {
  return F.CallSyncs && !F.Suppressed && !F.FunctionKey.empty() && F.Callee.empty() &&
         (!F.SyncParams.empty() || F.Device == DeviceConfidence::Cuda);
}

void relate(Finding &F, RelatedLocation L) {
  if (F.Related.size() < MaxRelated)
    F.Related.push_back(std::move(L));
}

// A sync a call of a function reaches: an op of its own, or a call of its that syncs.
struct Sync {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string What; // "'item'", "the call of `g()`"
  std::string Rule; // the op's rule, down the chain
  Severity Level = Severity::Warning;
  std::string Fix;        // the op's fix, named once however long the chain
  std::string Holder;     // the function the op is written in, "`to_float()`"
  std::string Reason;     // why it syncs whatever the arguments: the op's device reason
  std::set<size_t> Roots; // the op findings at the end of the chain
};

// A function's summary: the syncs any call of it makes happen, and those a call makes
// happen when it passes a CUDA tensor for a parameter. The first sync of each kind is the
// one named; the roots grow with every sync found.
struct Summary {
  std::optional<Sync> Always;
  std::map<unsigned, Sync> OnParam;
};

// Adds Found to Into (the first one stays named; its roots grow): did anything change?
bool addSync(std::optional<Sync> &Into, const Sync &Found) {
  if (!Into) {
    Into = Found;
    return true;
  }
  size_t Before = Into->Roots.size();
  Into->Roots.insert(Found.Roots.begin(), Found.Roots.end());
  return Into->Roots.size() != Before;
}

bool addSync(std::map<unsigned, Sync> &Into, unsigned Param, const Sync &Found) {
  std::optional<Sync> Slot;
  if (auto It = Into.find(Param); It != Into.end())
    Slot = It->second;
  bool Changed = addSync(Slot, Found);
  Into[Param] = *Slot;
  return Changed;
}

// What one call reaches of its callee's summary.
struct Reach {
  std::vector<const Sync *> Hits; // an always-sync first, if any
  bool Always = false;            // the call syncs whatever the caller's parameters
  bool AnyArguments = false;      // the first hit syncs whatever the call passes
  std::string Why;                // the device reason of the call's finding
  std::set<unsigned> CallerParams;
};

Reach reach(const ProjectCall &C, const Summary &S, const ProjectFacts &Facts) {
  Reach R;
  if (S.Always) {
    R.Hits.push_back(&*S.Always);
    R.Always = R.AnyArguments = true;
    R.Why = "in " + C.CalleeName + ": " + S.Always->Reason;
  }
  for (const auto &[Param, Sync] : S.OnParam)
    for (const ProjectCall::Argument &A : C.Arguments) {
      if (A.Param != Param)
        continue;
      ClosedDevice D = Facts.close(A.Device, A.Why);
      if (D.State != DeviceState::Cuda)
        continue;
      R.Hits.push_back(&Sync);
      if (R.Why.empty())
        R.Why = "its argument `" + A.Text + "`: " + D.Reason;
      if (A.CallerParams.empty())
        R.Always = true; // CUDA whatever the caller is given
      R.CallerParams.insert(A.CallerParams.begin(), A.CallerParams.end());
    }
  return R;
}

Sync callSync(const ProjectCall &C, const Sync &First) {
  Sync S = First;
  S.File = C.File;
  S.Line = C.Line;
  S.Column = C.Column;
  S.What = "the call of " + C.CalleeName;
  S.Reason = "the call of " + C.CalleeName + " at " + baseName(C.File) + ":" +
             std::to_string(C.Line) + " syncs";
  return S;
}

std::map<std::string, Summary> summaries(const std::vector<Finding> &Findings,
                                         const std::vector<ProjectCall> &Calls,
                                         const ProjectFacts &Facts) {
  std::map<std::string, Summary> Out;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    if (!inSummary(F))
      continue;
    Sync S{F.File,         F.Line,  F.Column, "'" + F.Op + "'",
           F.Rule,         F.Level, F.Fix,    "`" + F.Function + "()`",
           F.DeviceReason, {I}};
    Summary &Into = Out[F.FunctionKey];
    if (F.SyncParams.empty())
      addSync(Into.Always, S);
    for (unsigned P : F.SyncParams)
      addSync(Into.OnParam, P, S);
  }
  // Calls that sync are syncs of their callers: to the least fixed point (summaries only
  // grow, and each is a finite set).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const ProjectCall &C : Calls) {
      if (C.Caller.empty() || C.Caller == C.Callee)
        continue;
      auto It = Out.find(C.Callee);
      if (It == Out.end())
        continue;
      Reach R = reach(C, It->second, Facts);
      if (R.Hits.empty())
        continue;
      Sync S = callSync(C, *R.Hits.front());
      for (const Sync *H : R.Hits)
        S.Roots.insert(H->Roots.begin(), H->Roots.end());
      Summary &Caller = Out[C.Caller]; // may move It's node? std::map nodes stay put
      if (R.Always)
        Changed |= addSync(Caller.Always, S);
      else
        for (unsigned P : R.CallerParams)
          Changed |= addSync(Caller.OnParam, P, S);
    }
  }
  return Out;
}

Finding callFinding(const ProjectCall &C, const Reach &R) {
  const Sync &First = *R.Hits.front();
  Finding G;
  G.Rule = First.Rule;
  G.Level = First.Level;
  G.File = C.File;
  G.Line = C.Line;
  G.Column = C.Column;
  G.Op = C.CalleeName.size() > 2 ? C.CalleeName.substr(1, C.CalleeName.size() - 2)
                                 : C.CalleeName; // `f()` -> f()
  G.Device = DeviceConfidence::Cuda;
  G.DeviceReason = R.Why;
  G.LoopRank = C.LoopRank;
  G.RankReason = C.RankReason;
  G.Period = C.Period;
  G.Function = C.CallerName;
  G.Message = "the call of " + C.CalleeName + " waits for the GPU: " + First.What + " at " +
              baseName(First.File) + ":" + std::to_string(First.Line) + " syncs in it" +
              (R.AnyArguments ? "" : ", on the CUDA tensor this call passes") + C.MacroNote;
  G.Fix = "the wait is in " + First.Holder + ": " + First.Fix;
  G.SourceLine = C.SourceLine;
  G.MacroSite = C.MacroSite;
  for (const auto &[Rule, Reason] : C.Suppressed)
    if (Rule == G.Rule) {
      G.Suppressed = true;
      G.SuppressionReason = Reason;
    }
  std::set<std::tuple<std::string, unsigned, unsigned>> Seen;
  for (const Sync *H : R.Hits)
    if (Seen.insert({H->File, H->Line, H->Column}).second)
      relate(G, {H->File, H->Line, H->Column, "the sync in " + C.CalleeName + ": " + H->What});
  G.Callee = C.CalleeName;
  return G;
}

} // namespace

void addCallFindings(std::vector<Finding> &Findings, const std::vector<ProjectCall> &Calls,
                     const ProjectFacts &Facts) {
  std::map<std::string, Summary> Summaries = summaries(Findings, Calls, Facts);
  // One finding per call, even where a header puts it in several translation units: the
  // hottest record that syncs.
  std::map<std::tuple<std::string, unsigned, unsigned, std::string>,
           std::pair<const ProjectCall *, Reach>>
      Best;
  for (const ProjectCall &C : Calls) {
    auto It = Summaries.find(C.Callee);
    if (It == Summaries.end() || C.Callee == C.Caller)
      continue;
    Reach R = reach(C, It->second, Facts);
    if (R.Hits.empty())
      continue;
    auto Key = std::make_tuple(C.File, C.Line, C.Column, C.Callee);
    auto Slot = Best.find(Key);
    if (Slot == Best.end())
      Best.emplace(Key, std::make_pair(&C, std::move(R)));
    else if (C.LoopRank > Slot->second.first->LoopRank)
      Slot->second = std::make_pair(&C, std::move(R));
  }
  // A finding already at the call's place, of the same rule (a call and an op of one macro
  // expansion), stands for it.
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Taken;
  for (const Finding &F : Findings)
    Taken.insert({F.File, F.Line, F.Column, F.Rule});
  size_t Own = Findings.size();
  // A call of one of several callees (ProjectCall::OneOfSeveral) keeps a note for each, of
  // the same rule too; otherwise two at one place are one macro's, and one note stands for
  // them.
  std::set<std::tuple<std::string, unsigned, unsigned, std::string, std::string>> Callees;
  for (const auto &[Key, Made] : Best) {
    const auto &[C, R] = Made;
    Finding G = callFinding(*C, R);
    if (C->OneOfSeveral ? Taken.count({G.File, G.Line, G.Column, G.Rule}) ||
                              !Callees.insert({G.File, G.Line, G.Column, G.Rule, C->Callee}).second
                        : !Taken.insert({G.File, G.Line, G.Column, G.Rule}).second)
      continue;
    std::set<size_t> Roots;
    for (const Sync *H : R.Hits)
      Roots.insert(H->Roots.begin(), H->Roots.end());
    for (size_t I : Roots) {
      if (I >= Own)
        continue;
      Finding &Root = Findings[I];
      G.Reaches.push_back(findingKey(Root));
      if (G.Suppressed)
        continue;
      relate(Root,
             {C->File, C->Line, C->Column,
              "reached from this call" + (C->CallerName.empty() ? "" : " in " + C->CallerName) +
                  " (" + rankName(C->LoopRank) + ": " + C->RankReason + ")"});
      // The op's own finding, which carries the fix, is as hot as the hottest call of it.
      if (C->LoopRank > Root.LoopRank) {
        Root.LoopRank = C->LoopRank;
        Root.Period = C->Period;
        Root.RankReason = "reached from a call at " + baseName(C->File) + ":" +
                          std::to_string(C->Line) + " (" + C->RankReason + ")";
      }
    }
    Findings.push_back(std::move(G));
  }
}

void noteRepeatedCalls(std::vector<Finding> &Findings) {
  std::set<std::string> Reported;
  for (const Finding &F : Findings)
    if (F.Callee.empty() && !F.Suppressed && !F.InBaseline)
      Reported.insert(findingKey(F));
  for (Finding &F : Findings)
    for (const std::string &K : F.Reaches)
      if (Reported.count(K)) {
        F.Level = Severity::Note;
        break;
      }
}

std::string findingKey(const Finding &F) {
  return F.File + ":" + std::to_string(F.Line) + ":" + std::to_string(F.Column) + " " + F.Rule;
}

} // namespace hostsync
