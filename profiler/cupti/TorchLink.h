// The tracer's side of the LibTorch link (autograd/AutogradLink.h): loads
// libhostsync_autograd.so, from the folder of the tracer's own library, into a process whose
// libtorch_cpu is the one it was built against, once that libtorch is loaded (checked on the
// fold thread, never in a CUDA callback); then answers, in the sync callback, whether the
// calling thread runs a backward node and which forward op created it.
#pragma once

#include "autograd/AutogradLink.h"
#include "model/TraceModel.h"

#include <atomic>
#include <string>
#include <vector>

namespace hostsync::trace {

class TorchLink {
public:
  static TorchLink &instance();
  // Loads the link when the process has the LibTorch it was built for: "" (loaded, or not
  // yet: no libtorch loaded so far), or, once, why it never will be. `locate` is handed over.
  std::string tryLoad(const std::vector<Module> &modules, HostsyncLocate locate);
  bool active() const { return active_.load(std::memory_order_acquire); }
  bool settled() const { return settled_; } // loaded, or known not to be loadable
  // From the sync callback (any thread).
  bool backwardNode(HostsyncBackwardNode &out) const;
  // The forward op of the node, when recorded; the first call that finds none starts the
  // recording of forward ops, and one that finds an op with no frames watches its name.
  bool forwardOf(const HostsyncBackwardNode &node, HostsyncForwardOp &out);

private:
  TorchLink() = default;
  int (*backward_)(HostsyncBackwardNode *) = nullptr;
  int (*forward_)(uint64_t, int64_t, HostsyncForwardOp *) = nullptr;
  void (*record_)() = nullptr;
  void (*watch_)(const char *) = nullptr;
  std::atomic<bool> active_{false}, recording_{false};
  bool settled_ = false;
};

} // namespace hostsync::trace
