#!/usr/bin/env python3
"""Checks the trace of multi_gpu.cu: each GPU's busy time is its own, streams with the same
number on two GPUs are not one stream, and the one real stream pair (on GPU 1) has its
overlap. usage: check_multi_gpu.py TRACE.json TRUTH.json"""
import json
import sys

trace, truth = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
results = []


def check(name, ok, detail):
    results.append({"check": name, "ok": bool(ok), "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'}: {name}: {detail}")


ms = lambda ns: ns / 1e6
devices = {d["device"]: d for d in trace["summary"]["devices"]}
# Busy: the timed kernels plus the 1 ms warm-up kernel of each GPU.
got = [round(ms(devices[d]["busy_ns"]), 3) if d in devices else None for d in (0, 1)]
check("each GPU's busy time is its own",
      len(got) == len(truth["busy_ms"]) and all(g is not None and abs(g - w) <= 0.05 * w for g, w in zip(got, truth["busy_ms"])),
      f"busy {got} ms, truth {truth['busy_ms']} ms (timed kernels + 1 ms warm-up each)")
pairs = trace["overlap"]["pairs"]
check("the only stream pair is GPU 1's, with its overlap",
      len(pairs) == 1 and pairs[0]["device"] == 1 and
      abs(ms(pairs[0]["overlap_ns"]) - truth["pair_overlap_ms"]) <= 0.2,
      f"pairs {[(p['device'], p['streams'], round(ms(p['overlap_ns']), 3)) for p in pairs]}")
multi = ms(trace["overlap"]["multi_stream_ns"])
check("two GPUs busy at once are not two streams busy",
      abs(multi - truth["pair_overlap_ms"]) <= 0.2,
      f"2+ streams busy {multi:.3f} ms (cross-device time would add ~20 ms)")
waits = [s for s in trace["stalls"] if s["api"] == "cudaDeviceSynchronize"]
check("the wait for GPU 0 is measured",
      any(abs(ms(s["end_ns"] - s["start_ns"]) - truth["wait_ms"]) <= 0.05 * truth["wait_ms"]
          for s in waits),
      f"cudaDeviceSynchronize stalls {[round(ms(s['end_ns'] - s['start_ns']), 3) for s in waits]} ms")
json.dump(results, open(sys.argv[1] + ".multi.json", "w"), indent=1)
sys.exit(0 if results and all(r["ok"] for r in results) else 1)
