#!/usr/bin/env python3
"""A training-like loop that runs for a set time, for what tracing a whole run costs in
memory and at exit (bench/trace-overhead's long_loop_py): small in-place kernels with a
.item() every 1000 of them (a sync, so stalls too). Writes (--json) the iterations per
second and end_ns, time.monotonic_ns() as the program's own work ends, so that the time
the process then takes to exit (the tracer's exit work) can be measured.
usage: bench/long-loop.py --seconds 60 --json F"""
import argparse
import json
import time

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--json")
    a = ap.parse_args()
    x = torch.zeros(16, device="cuda")
    iters, t0 = 0, time.monotonic()
    while time.monotonic() - t0 < a.seconds:
        for _ in range(1000):
            x.add_(1)
        x[0].item()
        iters += 1000
    torch.cuda.synchronize()
    elapsed = time.monotonic() - t0
    if a.json:
        json.dump({"iters_per_s": iters / elapsed, "end_ns": time.monotonic_ns()}, open(a.json, "w"))


if __name__ == "__main__":
    main()
