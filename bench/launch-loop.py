#!/usr/bin/env python3
"""A launch-bound Python loop: tiny in-place kernels (x.add_(1)), or with --op item one
add_ and one .item() (a device-to-host copy and a stream sync) per iteration. Prints and
writes (--json) the median over rounds of the host time per iteration, in microseconds:
what a tracer adds per launch (or per sync). --op gpu measures the GPU's side instead: the
stream is held by a sleep kernel while the loop's add_ kernels queue behind it, and CUDA
events time the queued kernels back to back, so the figure is GPU time per kernel with no
host in it (what a tool's per-kernel instrumentation adds on a GPU-bound step). --torch-profiler cpu+cuda|cuda wraps the
rounds in torch.profiler with those activities, for comparison.
usage: bench/launch-loop.py [--op add|item] [--iters 20000] [--rounds 3] [--json F]"""
import argparse
import contextlib
import json
import statistics
import time

import torch


def host_round(step, iters):
    """Host us per iteration, the queue drained at the end"""
    t0 = time.perf_counter()
    for _ in range(iters):
        step()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / iters * 1e6


def gpu_round(x, iters):
    """GPU us per add_ kernel, the kernels queued behind a sleep so they run back to back"""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    t0 = time.perf_counter()
    torch.cuda._sleep(1 << 20)  # calibrate: cycles the sleep needs to cover the launches
    torch.cuda.synchronize()
    sleep_s = time.perf_counter() - t0
    torch.cuda._sleep(int((1 << 20) * max(1.0, iters * 30e-6 / sleep_s)))
    start.record()
    for _ in range(iters):
        x.add_(1)
    end.record()
    end.synchronize()
    return start.elapsed_time(end) * 1000 / iters


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--op", choices=["add", "item", "gpu"], default="add")
    ap.add_argument("--iters", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=2000)
    ap.add_argument("--torch-profiler", choices=["cpu+cuda", "cuda"])
    ap.add_argument("--json")
    a = ap.parse_args()
    x = torch.zeros(16, device="cuda")
    step = (lambda: x.add_(1)) if a.op == "add" else (lambda: x.add_(1)[0].item())
    for _ in range(a.warmup):
        step()
    torch.cuda.synchronize()
    prof = contextlib.nullcontext()
    if a.torch_profiler:
        acts = [torch.profiler.ProfilerActivity.CUDA]
        if a.torch_profiler == "cpu+cuda":
            acts.append(torch.profiler.ProfilerActivity.CPU)
        prof = torch.profiler.profile(activities=acts)
    per_iter = []
    with prof:
        for _ in range(a.rounds):
            per_iter.append(gpu_round(x, a.iters) if a.op == "gpu" else host_round(step, a.iters))
    med = statistics.median(per_iter)
    print(f"{a.op}: {med:.3f} us per iteration (rounds {[round(v, 3) for v in per_iter]})")
    if a.json:
        json.dump({"op": a.op, "us_per_iter": med, "rounds": per_iter}, open(a.json, "w"))


if __name__ == "__main__":
    main()
