#include "input/ProcessRole.h"

namespace hostsync::report {

namespace {
bool has(const std::string &text, const char *part) { return text.find(part) != std::string::npos; }

// The launcher a command line runs ("python3 -m torch.distributed.run ...", "python3
// /usr/bin/torchrun ...", "accelerate launch ..."), or "". A shell running a line that names
// one is a wrapper, not the launcher (its child is).
std::string launcherOf(const std::string &command) {
  // Launchers that run the training script in child processes, by the words of their
  // command line; the agent process itself makes no CUDA call.
  const std::pair<const char *, const char *> known[] = {
      {"torch.distributed.run", "torchrun"},
      {"torch.distributed.launch", "torch.distributed.launch"},
      {"torchrun ", "torchrun"},
      {"accelerate launch", "accelerate"},
      {"accelerate-launch", "accelerate"},
      {"deepspeed ", "deepspeed"},
      {"deepspeed.launcher", "deepspeed"},
      {"mpirun ", "mpirun"},
      {"srun ", "srun"}};
  std::string first = command.substr(0, command.find(' '));
  std::string program = first.substr(first.rfind('/') + 1);
  if (program == "bash" || program == "sh" || program == "dash")
    return "";
  for (const auto &[words, name] : known)
    if (has(command + " ", words))
      return name;
  return "";
}
} // namespace

ProcessRole processRole(const std::string &command, const std::string &rank,
                        const std::string &local_rank) {
  std::string ofRank = rank.empty() ? "" : " of rank " + rank;
  // multiprocessing's children: spawn_main (spawn), forkserver's main; DataLoader workers
  // with multiprocessing_context "spawn" or "forkserver" are these.
  if (has(command, "multiprocessing.spawn") || has(command, "spawn_main") ||
      has(command, "multiprocessing.forkserver") || has(command, "--multiprocessing-fork"))
    return {RoleKind::Worker, "spawned worker" + ofRank};
  // The process spawn starts beside the workers to clean up after them.
  if (has(command, "multiprocessing.resource_tracker") ||
      has(command, "multiprocessing.semaphore_tracker"))
    return {RoleKind::Helper, "multiprocessing's resource tracker" + ofRank};
  if (!rank.empty())
    return {
        RoleKind::Rank,
        "rank " + rank +
            (local_rank.empty() || local_rank == rank ? "" : " (local rank " + local_rank + ")")};
  if (std::string l = launcherOf(command); !l.empty())
    return {RoleKind::Launcher, "launcher (" + l + ")"};
  return {RoleKind::Process, "process"};
}

const char *roleKindId(RoleKind kind) {
  switch (kind) {
  case RoleKind::Rank:
    return "rank";
  case RoleKind::Launcher:
    return "launcher";
  case RoleKind::Main:
    return "main";
  case RoleKind::Worker:
    return "worker";
  case RoleKind::Helper:
    return "helper";
  case RoleKind::Process:
    break;
  }
  return "process";
}

} // namespace hostsync::report
