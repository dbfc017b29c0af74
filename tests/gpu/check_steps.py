#!/usr/bin/env python3
"""Checks --skip-steps on the trace of nvtx_steps.py: every step was seen, and the kept
device-to-host copies are exactly those of the steps not skipped (told apart by their sizes).
usage: check_steps.py TRACE.json STEPS SKIPPED"""
import json
import sys

trace, steps, skipped = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
results = []


def check(name, ok, detail):
    results.append({"check": name, "ok": bool(ok), "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'}: {name}: {detail}")


meta = trace["steps"]
check("every NVTX step range was seen", meta["range"] == "step" and meta["seen"] == steps
      and meta["skipped"] == skipped, f"{meta}")
# Which steps were kept, not only how many: step i's one long stall is its copy of
# 4096 << i bytes (nvtx_steps.py), so the long stalls' sizes name their steps. Skipping the
# wrong steps (the last ones, or one too few) keeps as many stalls with other sizes.
long = [s for s in trace["stalls"] if s["end_ns"] - s["start_ns"] >= 500_000]
sizes = sorted(s["bytes"] for s in long)
want = [4096 << i for i in range(skipped, steps)]
kept = [i for i in range(steps) if (4096 << i) in sizes]
check("only the stalls of the steps not skipped are kept", sizes == want,
      f"{len(long)} stalls of >= 0.5 ms kept, want {len(want)}; copy sizes {sizes}, of steps "
      f"{kept} (the steps {skipped}..{steps - 1} kept copy {want})")
json.dump(results, open(sys.argv[1] + ".steps.json", "w"), indent=1)
sys.exit(0 if results and all(r["ok"] for r in results) else 1)
