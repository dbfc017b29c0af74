#include "model/RankPolicy.h"

#include <deque>
#include <utility>

namespace hostsync {

RankPolicy::RankPolicy(size_t Count) : Count(Count) {}

void RankPolicy::hot(size_t F, std::string Reason) { Seeds.emplace_back(F, std::move(Reason)); }

void RankPolicy::call(size_t Caller, size_t Callee, bool InLoop, bool Periodic,
                      std::optional<int64_t> Period, std::string Every) {
  Calls.push_back({Caller, Callee, InLoop, Periodic, Period, std::move(Every)});
}

std::vector<RankPolicy::Result>
RankPolicy::solve(const std::function<std::string(size_t)> &Name) const {
  std::vector<Result> R(Count);
  std::vector<std::vector<size_t>> Callees(Count);
  for (const Call &C : Calls)
    if (C.Caller != ModuleLevel && C.Caller < Count && C.Callee < Count)
      Callees[C.Caller].push_back(C.Callee);
  std::deque<size_t> Work;
  auto Mark = [&](size_t F, Rank Value, std::string Reason, std::optional<int64_t> Period) {
    if (F >= Count || R[F].Value == Rank::Hot || (Value == Rank::Periodic && !R[F].Reason.empty()))
      return;
    R[F] = {Value, std::move(Reason), Period};
    Work.push_back(F);
  };
  // Hot: by itself, called in a loop, then called from what is hot.
  for (const auto &[F, Why] : Seeds)
    Mark(F, Rank::Hot, Why, std::nullopt);
  for (const Call &C : Calls)
    if (C.InLoop && !C.Periodic)
      Mark(C.Callee, Rank::Hot, "called in a loop in " + Name(C.Caller), std::nullopt);
  for (; !Work.empty(); Work.pop_front())
    for (size_t Callee : Callees[Work.front()])
      Mark(Callee, Rank::Hot, "called from " + Name(Work.front()) + ", which is hot", std::nullopt);
  // Periodic: called only under a periodic `if` in a loop, or from what is periodic.
  for (const Call &C : Calls)
    if (C.InLoop && C.Periodic)
      Mark(C.Callee, Rank::Periodic, "called " + C.Every + " in " + Name(C.Caller), C.Period);
  for (; !Work.empty(); Work.pop_front()) {
    size_t F = Work.front();
    for (size_t Callee : Callees[F])
      Mark(Callee, Rank::Periodic, "called from " + Name(F) + ", which is periodic", R[F].Period);
  }
  return R;
}

} // namespace hostsync
