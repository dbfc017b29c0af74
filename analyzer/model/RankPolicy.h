// How often a function runs, from the calls between functions: one rank policy for both front
// ends (issue 77, item 2), fed by the C++ front end's HotPath and the Python one's Ranks.
// A function is hot when something hot by itself says so (a module's forward(), a call from
// another file), when it is called in a loop, or when a hot function calls it; periodic when
// it is called only under a periodic `if` in a loop, or from such a function, and is hot by no
// path; cold otherwise. The first reason found is kept.
#pragma once

#include "model/Finding.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

class RankPolicy {
public:
  static constexpr size_t ModuleLevel = static_cast<size_t>(-1); // a call outside any function

  // Functions are 0..Count-1, the front end's own numbering.
  explicit RankPolicy(size_t Count);
  // Hot by itself (forward() of a module, hot from another file), with why; in the order given.
  void hot(size_t F, std::string Reason);
  // A call, in source order. Periodic: under `if step % N == 0` in a loop, Period its N when
  // known, Every how the reason says it ("once every 50 iterations of a loop").
  void call(size_t Caller, size_t Callee, bool InLoop, bool Periodic = false,
            std::optional<int64_t> Period = std::nullopt, std::string Every = "");

  struct Result {
    Rank Value = Rank::Cold;
    std::string Reason; // "" for cold
    std::optional<int64_t> Period;
  };
  // Each function's rank; Name(F) names one in a reason ("train()"), Name(ModuleLevel) the
  // module's level.
  std::vector<Result> solve(const std::function<std::string(size_t)> &Name) const;

private:
  struct Call {
    size_t Caller, Callee;
    bool InLoop, Periodic;
    std::optional<int64_t> Period;
    std::string Every;
  };
  size_t Count;
  std::vector<std::pair<size_t, std::string>> Seeds;
  std::vector<Call> Calls;
};

} // namespace hostsync
