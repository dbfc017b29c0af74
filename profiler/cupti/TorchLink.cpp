#include "cupti/TorchLink.h"

#include <climits>
#include <cstdlib>
#include <dlfcn.h>

namespace hostsync::trace {

namespace {
std::string folderOf(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::string realFolderOf(const std::string &path) {
  char resolved[PATH_MAX];
  return realpath(path.c_str(), resolved) ? folderOf(resolved) : folderOf(path);
}

// Where this library was loaded from: the link is installed beside it.
std::string ownFolder() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&ownFolder), &info) || !info.dli_fname)
    return "";
  return folderOf(info.dli_fname);
}
} // namespace

TorchLink &TorchLink::instance() {
  static TorchLink *t = new TorchLink(); // never destroyed: used from atexit
  return *t;
}

std::string TorchLink::tryLoad(const std::vector<Module> &modules, HostsyncLocate locate) {
  if (settled_)
    return "";
  std::string loaded; // the process's libtorch_cpu
  for (const Module &m : modules) {
    std::string base = m.path.substr(m.path.rfind('/') + 1);
    if (base.rfind("libtorch_cpu.so", 0) == 0)
      loaded = m.path;
  }
  if (loaded.empty())
    return ""; // no LibTorch yet (a Python program imports torch after start)
  settled_ = true;
  std::string builtFor = HOSTSYNC_AUTOGRAD_TORCH_LIB;
  if (builtFor.empty())
    return "backward syncs are not linked to their forward line: this tracer was built "
           "without a LibTorch";
  if (realFolderOf(loaded) != builtFor)
    return "backward syncs are not linked to their forward line: the program's LibTorch (" +
           realFolderOf(loaded) + ") is not the one the tracer was built against (" + builtFor +
           ")";
  std::string path = ownFolder() + "/libhostsync_autograd.so";
  void *lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return std::string("backward syncs are not linked to their forward line: ") + dlerror();
  auto start = reinterpret_cast<int (*)(HostsyncLocate)>(dlsym(lib, "hostsync_autograd_start"));
  backward_ = reinterpret_cast<int (*)(HostsyncBackwardNode *)>(
      dlsym(lib, "hostsync_autograd_backward_node"));
  forward_ = reinterpret_cast<int (*)(uint64_t, int64_t, HostsyncForwardOp *)>(
      dlsym(lib, "hostsync_autograd_forward_of"));
  record_ = reinterpret_cast<void (*)()>(dlsym(lib, "hostsync_autograd_record_forward"));
  watch_ = reinterpret_cast<void (*)(const char *)>(dlsym(lib, "hostsync_autograd_watch"));
  if (!start || !backward_ || !forward_ || !record_ || !watch_ || start(locate) != 1)
    return "backward syncs are not linked to their forward line: " + path + " lacks its functions";
  active_.store(true, std::memory_order_release);
  return "";
}

bool TorchLink::backwardNode(HostsyncBackwardNode &out) const {
  return active() && backward_(&out) == 1;
}

bool TorchLink::forwardOf(const HostsyncBackwardNode &node, HostsyncForwardOp &out) {
  if (forward_(node.forward_thread, node.seq, &out) == 1) {
    if (out.python == 0 && out.pcs == 0)
      watch_(out.name); // a program with no Python frames: its stack, from the next step on
    return true;
  }
  if (!recording_.exchange(true))
    record_(); // the first backward sync: forward ops are recorded from now on
  return false;
}

} // namespace hostsync::trace
