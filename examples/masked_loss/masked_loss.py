"""The masked_loss demo in PyTorch Python: the same net, loss variants, data and timing
as masked_loss.cpp, so that the C++ speed-ups can be set against Python's on the same GPU.
usage: python3 masked_loss.py [--batch 64] [--size 256] [--hidden 10] [--steps 20]
                              [--warmup 5] [--rounds 5] [--json out.json]"""
import argparse
import json
import statistics
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

CLASSES, IGNORE = 10, -1


class SegNet(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.conv_in = nn.Conv2d(3, 10, 3, padding=1)
        self.hidden = nn.Sequential(*[nn.Conv2d(10, 10, 3, padding=1) for _ in range(hidden)])
        self.conv_out = nn.Conv2d(10, CLASSES, 3, padding=1)

    def forward(self, x):
        return self.conv_out(self.hidden(F.relu(self.conv_in(x))))


def masked_loss(pred, target, where, sort, ignore):
    if where:
        target = torch.where(target == CLASSES - 1, torch.full_like(target, IGNORE), target)
    else:
        inds = torch.nonzero(target == CLASSES - 1, as_tuple=True)
        target = target.clone()
        target[inds] = IGNORE
    if ignore:
        loss = F.cross_entropy(pred, target, ignore_index=IGNORE)
    else:
        mask = target != IGNORE
        permuted = pred.permute(0, 2, 3, 1)
        masked_target = target[mask]
        masked_pred = permuted[mask.unsqueeze(-1).expand(-1, -1, -1, CLASSES)].reshape(-1, CLASSES)
        loss = F.cross_entropy(masked_pred, masked_target)
    if sort:
        s, _ = torch.sort(target.flatten())
        num_unique = torch.count_nonzero(s[1:] - s[:-1]) + 1
        loss = torch.where(num_unique < 2, 0.0 * loss, loss)
    else:
        if torch.unique(target).numel() < 2:
            loss = 0.0 * loss
    return loss


VARIANTS = [("baseline", (False, False, False)), ("where", (True, False, False)),
            ("where+sort", (True, True, False)), ("where+sort+ignore", (True, True, True))]


def main():
    ap = argparse.ArgumentParser()
    for k, v in dict(batch=64, size=256, hidden=10, steps=20, warmup=5, rounds=5, pool=4).items():
        ap.add_argument("--" + k, type=int, default=v)
    ap.add_argument("--json")
    ap.add_argument("--variants", default="", help="comma-separated subset of the variants")
    ap.add_argument("--torch-profiler", action="store_true",
                    help="run the timed rounds under torch.profiler (Kineto, CPU + CUDA)")
    a = ap.parse_args()
    global VARIANTS
    if a.variants:
        VARIANTS = [v for v in VARIANTS if v[0] in a.variants.split(",")]
    dev = torch.device("cuda")
    torch.manual_seed(1)
    data = [(torch.randn(a.batch, 3, a.size, a.size, device=dev),
             torch.randint(IGNORE, CLASSES, (a.batch, a.size, a.size), device=dev))
            for _ in range(a.pool)]
    models, opts = [], []
    for _ in VARIANTS:
        torch.manual_seed(0)
        m = SegNet(a.hidden).to(dev)
        models.append(m)
        opts.append(torch.optim.SGD(m.parameters(), lr=1e-3, momentum=0.9))
    counter = [0]

    def step(i):
        x, y = data[counter[0] % a.pool]
        counter[0] += 1
        opts[i].zero_grad()
        loss = masked_loss(models[i](x), y, *VARIANTS[i][1])
        loss.backward()
        opts[i].step()

    for i in range(len(VARIANTS)):
        for _ in range(a.warmup):
            step(i)
    times = [[] for _ in VARIANTS]
    profiler = None
    if a.torch_profiler:
        profiler = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU,
                                                      torch.profiler.ProfilerActivity.CUDA])
        profiler.__enter__()
    for _ in range(a.rounds):
        for i in range(len(VARIANTS)):
            torch.cuda.synchronize()  # NOLINT(hostsync-explicit-sync): timing boundary
            t0 = time.perf_counter()
            for _ in range(a.steps):
                step(i)
            torch.cuda.synchronize()  # NOLINT(hostsync-explicit-sync): timing boundary
            times[i].append((time.perf_counter() - t0) * 1000 / a.steps)
    if profiler is not None:
        profiler.__exit__(None, None, None)
    rows = []
    for (name, _), t in zip(VARIANTS, times):
        rows.append({"name": name, "median_ms": statistics.median(t), "min_ms": min(t),
                     "max_ms": max(t), "ms_per_round": t})
    base = rows[0]["median_ms"]
    print(f"\nPyTorch {torch.__version__} (Python) training step, batch {a.batch}, "
          f"{a.hidden} hidden convs, {torch.cuda.get_device_name()}")
    for r in rows:
        r["speedup"] = base / r["median_ms"]
        print(f"  {r['name']:<22} {r['median_ms']:10.3f} ms  {r['speedup']:6.2f}x")
    if a.json:
        json.dump({"demo": "masked_loss.py", "torch": torch.__version__,
                   "gpu": torch.cuda.get_device_name(), "options": vars(a),
                   "sections": [{"section": "step", "variants": rows}]},
                  open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
