"""What a pinned, non-blocking batch copy costs the host (issue 76): a training loop whose
batches are made on the host, pinned and copied as nanoGPT-style scripts do,
    x = x.pin_memory().to(device, non_blocking=True)
and a small model step. Times each part of that line untraced (pin_memory(), the .to() call),
and with --profile runs the same loop under torch.profiler (CPU and CUDA activities) and lists
the CUDA runtime calls made inside the two parts, by total time: what the host's time there is.
Writes JSON to OUT.
usage: python3 pinned_copy.py OUT.json [--profile] [--steps N]"""
import argparse
import json
import statistics
import time

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--steps", type=int, default=300)
    a = ap.parse_args()
    dev = torch.device("cuda")
    torch.manual_seed(0)
    emb = torch.nn.Embedding(50304, 768).to(dev)
    head = torch.nn.Linear(768, 50304, bias=False).to(dev)
    opt = torch.optim.AdamW(list(emb.parameters()) + list(head.parameters()), lr=1e-4)
    data = torch.randint(0, 50304, (1 << 20,), dtype=torch.int64)
    pin, to = [], []

    def step(i):
        ix = torch.randint(len(data) - 1025, (12,))
        x = torch.stack([data[j:j + 1024] for j in ix])
        t0 = time.perf_counter_ns()
        with torch.profiler.record_function("pin_memory"):
            xp = x.pin_memory()  # PIN-MEMORY
        t1 = time.perf_counter_ns()
        with torch.profiler.record_function("copy"):
            xg = xp.to(dev, non_blocking=True)  # PINNED-COPY
        t2 = time.perf_counter_ns()
        logits = head(emb(xg[:, :256]))
        loss = torch.nn.functional.cross_entropy(logits.view(-1, 50304), xg[:, 1:257].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if i >= 20:
            pin.append((t1 - t0) / 1000)
            to.append((t2 - t1) / 1000)

    out = {}
    if a.profile:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for i in range(a.steps):
                step(i)
            torch.cuda.synchronize()
        # The runtime calls inside each range, by total duration (the ranges are CPU events;
        # the runtime calls are the CUDA runtime's, on the same thread and within them).
        events = prof.events()
        ranges = [(e.name, e.time_range.start, e.time_range.end) for e in events
                  if e.name in ("pin_memory", "copy")]
        calls = {}
        for e in events:
            name = e.name
            if not (name.startswith("cuda") or name.startswith("cu")):
                continue
            for r, lo, hi in ranges:
                if lo <= e.time_range.start and e.time_range.end <= hi:
                    key = f"{r}: {name}"
                    c = calls.setdefault(key, [0, 0.0])
                    c[0] += 1
                    c[1] += e.time_range.end - e.time_range.start
        out["runtime_calls_in_ranges"] = sorted(
            ([k, n, round(us, 1), round(us / n, 2)] for k, (n, us) in calls.items()),
            key=lambda c: -c[2])
    else:
        for i in range(a.steps):
            step(i)
        torch.cuda.synchronize()
    out.update(steps=a.steps, pin_memory_us={"median": statistics.median(pin), "p90": sorted(pin)[int(0.9 * len(pin))]},
               to_us={"median": statistics.median(to), "p90": sorted(to)[int(0.9 * len(to))]})
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1)
    print(json.dumps(out)[:2000])


if __name__ == "__main__":
    main()
