#!/usr/bin/env python3
"""Judges what cuda_runtime_syncs.cu measured: which CUDA runtime calls block the host.
usage: check_cuda_runtime_syncs.py RESULT.json -> PASS/FAIL per case that expects "blocks" or
"async", INFO per "record" case; exit 1 on any FAIL.
A call blocks when it took >= 50% of the spin kernel it was queued behind, is async when < 10%
(and the GPU was still busy when it returned); in between it is neither."""
import json
import sys

BLOCKS, ASYNC = 0.5, 0.1

doc = json.load(open(sys.argv[1]))
spin = float(doc["gpu_spin_ms"])
failed = 0
if spin <= 0 or not doc.get("cases"):
    print(f"FAIL: no measurement (gpu_spin_ms {spin}, {len(doc.get('cases', []))} cases)")
    sys.exit(1)


def verdict(c):
    if c["host_ms"] >= BLOCKS * spin:
        return "blocks"
    if c["host_ms"] < ASYNC * spin:
        # A quick return proves nothing if the spin had already finished.
        return "async" if c.get("gpu_busy_after_call", True) else "unproven"
    return "between"


words = {"blocks": "blocks", "async": "does not block",
         "between": f"neither blocks nor is async ({ASYNC:.0%}-{BLOCKS:.0%} of the spin)",
         "unproven": "returned quickly, but the GPU was already idle: not measured"}
for c in doc["cases"]:
    got, want = verdict(c), c["expect"]
    detail = f"({c['host_ms']:.3f} ms of {spin:.3f}"
    if "idle_ms" in c:
        detail += f"; {c['idle_ms']:.3f} ms with the GPU idle"
    detail += ")"
    if got == "blocks" and c.get("idle_ms", 0) >= BLOCKS * spin:
        detail += " [slow even with the GPU idle: the time need not be a wait for the GPU]"
    if want == "record":
        extra = f", {c['host_ms'] - c['idle_ms']:+.3f} ms against idle" if "idle_ms" in c else ""
        print(f"INFO: {c['name']} {words[got]} {detail}{extra}")
    elif want not in ("blocks", "async"):
        print(f"FAIL: {c['name']}: unknown expectation {want!r}")
        failed += 1
    elif got == want:
        print(f"PASS: {c['name']} {words[got]} {detail}")
    else:
        print(f"FAIL: {c['name']} {words[got]} {detail}, expected: {words[want]}")
        failed += 1
gpu = doc.get("gpu", "GPU")
print(f"cuda runtime syncs on {gpu}: {len(doc['cases'])} cases, {failed} failed")
sys.exit(1 if failed else 0)
