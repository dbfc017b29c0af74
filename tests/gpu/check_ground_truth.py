#!/usr/bin/env python3
"""Compares a hostsync-trace trace.json with the ground truth the program measured itself.
usage: check_ground_truth.py TRACE.json TRUTH.json  -> one line per check, exit 1 on failure"""
import json
import sys

trace, truth = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
results = []


def check(name, ok, detail):
    results.append({"check": name, "ok": bool(ok), "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'}: {name}: {detail}")


stalls = trace["stalls"]
ms = lambda ns: ns / 1e6

d2h = [s for s in stalls if s["api"] == "cudaMemcpy"]
if d2h:
    got, want = ms(d2h[0]["end_ns"] - d2h[0]["start_ns"]), truth["d2h_wait_ms"]
    check("blocking DtoH stall within 5% of the host's own measurement",
          abs(got - want) <= 0.05 * want and d2h[0]["class"] == "device_to_host_copy",
          f"traced {got:.3f} ms ({d2h[0]['class']}), measured {want:.3f} ms")
else:
    check("blocking DtoH stall found", False, "no cudaMemcpy stall")
if d2h:
    lo, hi = truth["d2h_steady_start_ns"], truth["d2h_steady_end_ns"]
    s0, s1 = d2h[0]["start_ns"], d2h[0]["end_ns"]
    check("trace times are the program's steady clock (CLOCK_MONOTONIC)",
          trace.get("clock") == "CLOCK_MONOTONIC" and lo - 20000 <= s0 and s1 <= hi + 20000,
          f"clock {trace.get('clock')}; traced [{s0}, {s1}] inside measured [{lo}, {hi}] "
          f"(+-20 us): starts {(s0 - lo) / 1e3:.1f} us after, ends {(hi - s1) / 1e3:.1f} us before")

asyncs = [s for s in stalls if s["api"] == "cudaMemcpyAsync"]
check("exactly one 'async' copy stalled, the pageable one",
      len(asyncs) == 1 and asyncs[0]["class"] == "pageable_copy" and
      asyncs[0]["bytes"] == truth["pageable_bytes"],
      f"{[(s['class'], s['bytes'], round(ms(s['end_ns'] - s['start_ns']), 3)) for s in asyncs]}; "
      f"calls measured: pageable {truth['pageable_call_ms']:.3f} ms, pinned {truth['pinned_call_ms']:.3f} ms")

pairs = trace["overlap"]["pairs"]
best = max(pairs, key=lambda p: p["overlap_ns"]) if pairs else None
if best:
    got = ms(best["overlap_ns"])
    err_pp = abs(got - truth["pair_overlap_ms"]) / truth["pair_busy_ms"] * 100
    check("two-stream overlap within 2 percentage points", err_pp <= 2.0,
          f"traced {got:.3f} ms of overlap, truth {truth['pair_overlap_ms']} ms ({err_pp:.2f} pp)")
else:
    check("two-stream overlap found", False, "no stream pair overlapped")

# Each thread's own wait, as the thread timed it, must be that thread's one stall: counting
# threads passed while the tracer shortened the waits it traced (issue 34).
kept, parts = 0, []
for tid, w0, w1 in truth["thread_waits"]:
    mine = [s for s in stalls if s["api"] == "cudaStreamSynchronize" and s["thread"] == tid]
    want = ms(w1 - w0)
    got = ms(mine[0]["end_ns"] - mine[0]["start_ns"]) if len(mine) == 1 else None
    kept += got is not None and abs(got - want) <= 0.05 * want
    parts.append(f"{tid}: {len(mine)} stall(s) {got or 0:.3f} ms, waited {want:.3f} ms")
check("syncs from several threads are kept apart, each its own thread's wait (5%)",
      kept == truth["sync_threads"] == len(truth["thread_waits"]), "; ".join(parts))

polled = [s for s in stalls if s["api"] == "cudaEventQuery"]
if polled:
    got, want = ms(polled[0]["end_ns"] - polled[0]["start_ns"]), truth["poll_wait_ms"]
    check("an event polled in a loop is one event_sync stall, with its stack",
          len(polled) == 1 and polled[0]["class"] == "event_sync" and
          abs(got - want) <= max(0.05 * want, 0.3) and polled[0]["stack"] >= 0,
          f"traced {got:.3f} ms ({polled[0]['class']}, stack {polled[0]['stack']}), "
          f"measured {want:.3f} ms over {truth['polls']} polls")
else:
    check("an event polled in a loop is a stall", False, "no cudaEventQuery stall")

rec = trace["records"]
check("launches captured into a CUDA graph are not taken for missing kernel records",
      rec.get("launches_captured") == truth["captured_launches"] and rec["launches_without_kernel"] == 0,
      f"launches_captured {rec.get('launches_captured')} (truth {truth['captured_launches']}), "
      f"launches_without_kernel {rec['launches_without_kernel']}")

check("no records dropped or invalid",
      trace["records"]["dropped"] == 0 and trace["records"]["invalid"] == 0,
      f"dropped {trace['records']['dropped']}, invalid {trace['records']['invalid']}")
json.dump(results, open(sys.argv[1] + ".checks.json", "w"), indent=1)
sys.exit(0 if results and all(r["ok"] for r in results) else 1)
