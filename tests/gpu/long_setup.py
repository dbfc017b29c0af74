"""A short training loop after a long set-up (issue 76): seconds of host work (building a
dataset, as a real script tokenizes or decodes one), then the model moved to the GPU, then
--steps steps. --kind gpu: each step's GPU work (large matrix products) outlasts its launches
by far, so the steps are GPU-bound; --kind launch: many small kernels, so the GPU waits for the
host between them. loss.item() every 20 steps. The program times its own steps untraced (their
wall time, and their GPU time from CUDA events read after the loop) and writes them to OUT:
what bounds the steps, for check_long_setup.py to hold the report's verdict against.
usage: python3 long_setup.py OUT.json --kind gpu|launch [--setup-s S] [--steps N]"""
import argparse
import json
import statistics
import time

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--kind", choices=["gpu", "launch"], required=True)
    ap.add_argument("--setup-s", type=float, default=4.0)
    ap.add_argument("--steps", type=int, default=200)
    a = ap.parse_args()
    began = time.monotonic()
    # The set-up: host work only (a dataset built in Python), then the model on the GPU.
    rows = []
    while time.monotonic() - began < a.setup_s:
        rows.append(sum(i * i for i in range(2000)))
    dev = torch.device("cuda")
    if a.kind == "gpu":
        model = torch.nn.Sequential(*[torch.nn.Linear(4096, 4096) for _ in range(8)])
        batch = lambda: torch.randn(4096, 4096, device=dev)
    else:
        model = torch.nn.Sequential(*[torch.nn.Linear(64, 64) for _ in range(40)])
        batch = lambda: torch.randn(32, 64, device=dev)
    model = model.to(dev)  # MODEL-MOVE
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    starts, ends = [], []
    loop = time.perf_counter()
    for step in range(a.steps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        x = batch()
        loss = model(x).square().mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        e.record()
        if step % 20 == 0:
            print(f"step {step} loss {loss.item():.4f}")  # LOSS-ITEM
        starts.append(s)
        ends.append(e)
    torch.cuda.synchronize()
    wall = (time.perf_counter() - loop) * 1000 / a.steps
    # The GPU's busy time per step: its kernels' own durations (torch.profiler's CUDA activity,
    # over 10 more steps after the timed ones; the events above measure from a step's first
    # kernel to its last, gaps included), against the wall time of a step (the loop's, its
    # last synchronize included): the steps are GPU-bound when the GPU is busy for most of it.
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(10):
            loss = model(batch()).square().mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        torch.cuda.synchronize()
    gpu = sum(e.self_device_time_total for e in prof.key_averages()) / 1000 / 10
    span = statistics.median(s.elapsed_time(e) for s, e in zip(starts[10:], ends[10:]))
    out = {"kind": a.kind, "steps": a.steps, "setup_s": a.setup_s, "wall_ms_per_step": wall,
           "gpu_ms_per_step": gpu, "gpu_span_ms_per_step": span, "gpu_share": gpu / wall}
    json.dump(out, open(a.out, "w"), indent=1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
