"""A two-rank NCCL job for the tracer's rank checks (issue 18), run under torchrun.

Every step: a 20 ms GPU kernel, 10 ms of host work while it runs (standing for data loading
and launches), then an all-reduce. --mode:
  late     rank 1 reads a value back after the kernel (.item(), the LATE-SYNC line), so its
           10 ms of host work cannot overlap its kernel: rank 1 arrives about 10 ms late at
           every all-reduce and rank 0 waits for it. Rank 1 writes the host work it measured
           after the sync (--truth), the wait the report must find on rank 0. (The host work
           once came before the kernel on the other ranks: then every rank took 30 ms a step
           and none was late; the report, run on two H100s, said so.)
  clean    the same without the read-back: the ranks arrive together, no straggler.
  overlap  the all-reduce is started (async) before the kernel, so it runs under compute.
  serial   the all-reduce waits for the kernel (and the kernel for the previous all-reduce).
usage: torchrun --nproc_per_node=2 tests/gpu/rank_job.py --mode M [--steps N] [--truth F]"""
import argparse
import json
import os
import time

import torch
import torch.distributed as dist


def sleep_cycles(ms):
    """GPU clock cycles of torch.cuda._sleep that last about ms milliseconds, measured once
    the GPU has left its idle clocks: measured cold (two H100s, 2026-11-26), one rank's 20 ms
    kernel ran 8 ms, the other's 19, and the rank meant to be on time came last."""
    for _ in range(20):  # about half a second of work: the clocks go up
        torch.cuda._sleep(1 << 24)
    torch.cuda.synchronize()
    took = []
    for _ in range(5):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        torch.cuda._sleep(1 << 24)
        end.record()
        end.synchronize()
        took.append(start.elapsed_time(end))
    return int((1 << 24) * ms / sorted(took)[2])


def host_work(seconds):
    """Busy host time (not a sleep: a loader or a launch loop keeps the CPU busy)"""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        pass
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["late", "clean", "overlap", "serial"], required=True)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--truth")
    a = ap.parse_args()
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    grad = torch.ones(8 << 20, device="cuda")  # 32 MB: an all-reduce of a few hundred us
    x = torch.ones(1, device="cuda")
    # One length for every rank's kernel: rank 0's measure (the GPUs are of one model).
    c = torch.tensor([sleep_cycles(20)], device="cuda")
    dist.broadcast(c, 0)
    cycles = int(c.item())
    dist.all_reduce(grad)  # warm-up: NCCL's connections
    torch.cuda.synchronize()
    after_sync = []
    torch.cuda.profiler.start()  # the tracer analyses the steps alone, not the warm-up
    for _ in range(a.steps):
        if a.mode == "overlap":
            work = dist.all_reduce(grad, async_op=True)
            torch.cuda._sleep(cycles)
            work.wait()
            host_work(0.010)
            continue
        torch.cuda._sleep(cycles)
        if a.mode == "late" and rank == 1:
            x.add_(1).item()  # LATE-SYNC
            after_sync.append(host_work(0.010))
        else:  # the host work runs while the kernel does: both end by 20 ms
            host_work(0.010)
        dist.all_reduce(grad)
        if a.mode == "serial":
            torch.cuda.synchronize()
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()
    dist.destroy_process_group()
    if a.truth and after_sync:
        json.dump({"rank": rank, "host_work_after_sync_s": after_sync}, open(a.truth, "w"))
    print(f"rank {rank}: {a.mode} done")


if __name__ == "__main__":
    main()
