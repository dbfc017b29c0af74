// Every process of a job with its role (report/input/ProcessRole.h, join/Processes.h), from
// the command lines and ranks real launchers leave.
#include "input/ProcessRole.h"
#include "join/Processes.h"

#include <gtest/gtest.h>

using namespace hostsync::report;

TEST(ProcessRole, FromTheRankAndTheCommandLine) {
  EXPECT_EQ(processRole("python3 train.py", "1", "1").text, "rank 1");
  EXPECT_EQ(processRole("python3 train.py", "9", "1").text, "rank 9 (local rank 1)");
  ProcessRole agent =
      processRole("/usr/bin/python3 -m torch.distributed.run --nproc_per_node=2 train.py", "", "");
  EXPECT_EQ(agent.kind, RoleKind::Launcher);
  EXPECT_EQ(agent.text, "launcher (torchrun)");
  EXPECT_EQ(processRole("/usr/bin/python3 /usr/local/bin/torchrun --standalone x.py", "", "").text,
            "launcher (torchrun)");
  EXPECT_EQ(processRole("/usr/bin/python3 /usr/local/bin/accelerate launch x.py", "", "").text,
            "launcher (accelerate)");
  EXPECT_EQ(processRole("/usr/bin/python3 /usr/local/bin/deepspeed --num_gpus 2 x.py", "", "").text,
            "launcher (deepspeed)");
  // A spawned DataLoader worker inherits RANK: a worker of that rank, not a second rank.
  ProcessRole worker = processRole("/usr/bin/python3 -c from multiprocessing.spawn import "
                                   "spawn_main; spawn_main(tracker_fd=5, pipe_handle=9) "
                                   "--multiprocessing-fork",
                                   "0", "0");
  EXPECT_EQ(worker.kind, RoleKind::Worker);
  EXPECT_EQ(worker.text, "spawned worker of rank 0");
  EXPECT_EQ(
      processRole("python3 -c from multiprocessing.forkserver import main; main(8, 9)", "", "")
          .kind,
      RoleKind::Worker);
  EXPECT_EQ(processRole("/usr/bin/python3 -B -c from multiprocessing.resource_tracker import "
                        "main;main(58)",
                        "", "")
                .text,
            "multiprocessing's resource tracker");
  // A shell wrapper that names a launcher is not the launcher; a script is a process.
  EXPECT_EQ(processRole("bash -c torchrun --nproc_per_node=2 x.py", "", "").kind,
            RoleKind::Process);
  EXPECT_EQ(processRole("python3 train.py", "", "").text, "process");
  EXPECT_STREQ(roleKindId(RoleKind::Worker), "worker");
}

TEST(Processes, RanksFirstThenByStallEveryRoleCounted) {
  Report r;
  auto add = [&](std::string rank, RoleKind kind, Ns stall, uint64_t gpu) {
    TracedRun run;
    run.rank = rank;
    run.role.kind = kind;
    run.stall_ns = stall;
    run.gpu_items = gpu;
    r.runs.push_back(run);
  };
  add("", RoleKind::Launcher, 0, 0);
  add("10", RoleKind::Rank, 5, 7);
  add("", RoleKind::Worker, 3, 0);
  add("2", RoleKind::Rank, 1, 7);
  add("", RoleKind::Process, 9, 1);
  listProcesses(r);
  std::vector<size_t> order;
  for (const ProcessRow &p : r.processes)
    order.push_back(p.run);
  EXPECT_EQ(order, (std::vector<size_t>{3, 1, 4, 2, 0})); // rank 2 before rank 10
  ASSERT_EQ(r.roles.size(), 4u);
  EXPECT_EQ(r.roles[0].kind, RoleKind::Rank);
  EXPECT_EQ(r.roles[0].processes, 2u);
  EXPECT_EQ(r.roles[0].stall_ns, 6);
  EXPECT_EQ(r.roles[1].kind, RoleKind::Launcher);
  EXPECT_EQ(r.roles[1].with_gpu_work, 0u);
  // Shown: all of them when they fit, else those that stalled longest.
  EXPECT_EQ(shownProcesses(r, 5).size(), 5u);
  std::vector<const ProcessRow *> two = shownProcesses(r, 2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0]->run, 4u);
  EXPECT_EQ(two[1]->run, 1u);
}
