#!/usr/bin/env python3
"""Threads syncing at once (tests/gpu/thread_waits.cu): a traced run against the same program
untraced, and against its own trace, thread by thread and wait by wait (issue 34, item 4).
  - each thread's own waits, traced, within 5% of the untraced waits (their median): none
    shortened, as they were when the tracer delayed a thread between its launch and its wait;
  - each of a thread's waits is one cudaStreamSynchronize stall of that thread in the trace,
    within 5% of what the program measured, and the thread's total within 5% too.
usage: check_thread_waits.py LABEL UNTRACED.json TRACED.json TRACE.json
Prints one line per check, appends them to TRACE.json.threads.json; exit 1 on a failure."""
import statistics
import sys

from compare_runs import Comparison

run = Comparison(sys.argv)
untraced, traced, trace, check = run.untraced, run.traced, run.trace, run.check


def waits(doc):
    return {t["tid"]: [(r[2], r[3]) for r in t["rounds"]] for t in doc["by_thread"]}


base = statistics.median(e - s for th in waits(untraced).values() for s, e in th) / 1e6
ms = lambda ns: ns / 1e6
per_thread = []
for tid, rounds in waits(traced).items():
    w = [ms(e - s) for s, e in rounds]
    per_thread.append((tid, statistics.median(w), min(w), max(w)))
worst = max(per_thread, key=lambda t: abs(t[1] - base))
check("each thread's own waits within 5% of untraced",
      bool(per_thread) and all(abs(med - base) <= 0.05 * base and lo >= 0.95 * base for _, med, lo, _ in per_thread),
      f"untraced median {base:.3f} ms; traced per thread median/min/max: " +
      ", ".join(f"{med:.2f}/{lo:.2f}/{hi:.2f}" for _, med, lo, hi in per_thread) +
      f" (worst thread {worst[0]}: median {worst[1]:.3f} ms)")

stalls = [s for s in trace["stalls"] if s["api"] == "cudaStreamSynchronize"]
bad, detail = [], []
for tid, rounds in waits(traced).items():
    mine = sorted((s for s in stalls if s["thread"] == tid), key=lambda s: s["start_ns"])
    matched = []
    for s, e in rounds:
        hit = [x for x in mine if s - 50000 <= x["start_ns"] and x["end_ns"] <= e + 50000]
        matched.append((ms(e - s), ms(hit[0]["end_ns"] - hit[0]["start_ns"]) if len(hit) == 1 else None))
    own, traced_sum = sum(m for m, _ in matched), sum(t or 0 for _, t in matched)
    ok = (len(mine) == len(rounds) and all(t is not None and abs(t - m) <= 0.05 * m for m, t in matched)
          and abs(traced_sum - own) <= 0.05 * own)
    if not ok:
        bad.append(tid)
    detail.append(f"{tid}: {len(mine)}/{len(rounds)} stalls {traced_sum:.2f}/{own:.2f} ms")
check("each thread's stalls in the trace are its own waits (within 5%)", not bad,
      "; ".join(detail) + (f"; wrong: {bad}" if bad else ""))

run.finish(".threads.json")
