#!/usr/bin/env python3
"""Checks the timelines of chosen windows on a traced timeline_windows.py run (hostsync-trace
--timeline-steps 3-5, --timeline-every 2 --timeline-for 1, --timeline-signal 1, or
--timeline-profiler): trace.json lists each window named (every: some every-N), complete,
and each file is a well-formed Perfetto trace whose slices all overlap its window, holding
the stalls of the steps the window covers by the program's own clocks (one per step, ~60 ms);
the periodic windows sit where the run's first event puts them, the worst one around the
costliest stall of trace.json.
usage: check_timelines.py TRACE_DIR MARKS.json NAME..."""
import glob
import json
import os
import re
import sys

trace_dir, marks, named = sys.argv[1], json.load(open(sys.argv[2])), set(sys.argv[3:])
trace_path = [p for p in glob.glob(f"{trace_dir}/trace-*.json")
              if re.fullmatch(r"trace-\d+(-rank\w+)?\.json", os.path.basename(p))][0]
trace = json.load(open(trace_path))
results = []


def check(name, ok, detail):
    results.append({"check": name, "ok": bool(ok), "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'}: {name}: {detail}")


def varint(b, i):
    v = shift = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return v, i


def fields(b):
    """(number, value) pairs of a protobuf message: ints, or bytes for length-delimited."""
    i, out = 0, []
    while i < len(b):
        key, i = varint(b, i)
        kind = key & 7
        if kind == 0:
            v, i = varint(b, i)
        elif kind == 1:
            v, i = int.from_bytes(b[i:i + 8], "little"), i + 8
        elif kind == 2:
            n, i = varint(b, i)
            v, i = b[i:i + n], i + n
        else:
            raise ValueError(f"wire type {kind}")
        out.append((key >> 3, v))
    return out


def slices(path):
    """Each slice of a .perfetto-trace: (name, begin ts, end ts), by track, in order."""
    names, open_, done = {}, {}, []
    for num, packet in fields(open(path, "rb").read()):
        assert num == 1, "not a Trace"
        p = dict(fields(packet))
        if 12 in p:  # interned event names
            for n, entry in fields(p[12]):
                if n == 2:
                    e = dict(fields(entry))
                    names[e[1]] = e[2].decode()
        if 11 in p:
            e = fields(p[11])
            d = dict(e)
            if d[9] == 1:
                open_.setdefault(d[11], []).append((names[d[10]], p[8]))
            elif d[9] == 2:
                name, begin = open_[d[11]].pop()
                done.append((name, begin, p[8]))
    assert not any(open_.values()), "slices left open"
    return done


windows = {t["name"]: t for t in trace.get("timelines", [])}
steps = marks["steps"]
# What each window should cover, by the program's clocks: (start, end, steps fully inside).
want = {"steps-3-5": (steps[3], steps[6])}
if marks["profiler"]:
    want["profiler-1"] = tuple(marks["profiler"])
if marks["signal"]:
    want["signal-1"] = (marks["signal"], marks["signal"] + 1_000_000_000)
want = {n: w for n, w in want.items() if n in named}
listed = {"every" if n.startswith("every-") else n for n in windows}
check("trace.json lists the chosen windows and the worst one", named | {"worst"} <= listed,
      f"{sorted(windows)}; asked for {sorted(named)}")
for name, t in sorted(windows.items()):
    path = os.path.join(trace_dir, t["file"])
    # A periodic window the run's end cut short ends with the run; the others close whole.
    done = ("complete", "ended with the run") if name.startswith("every-") else ("complete",)
    ok_file = t["state"] in done and os.path.exists(path) and \
        os.path.getsize(path) == t["bytes"] and not os.path.exists(path + ".partial")
    check(f"{name}: written whole when it closed", ok_file,
          f"state {t['state']}, {t['bytes']} bytes, {t['slices']} slices, file {t['file']}")
    if not ok_file:
        continue
    got = slices(path)
    outside = [s for s in got if s[2] < t["start_ns"] or s[1] >= t["end_ns"]]
    stalls = [s for s in got if s[0].startswith("stall")]
    check(f"{name}: every slice overlaps the window, the file reads whole",
          got and not outside and len(got) == t["slices"],
          f"{len(got)} slices, {len(outside)} outside [{t['start_ns']}, {t['end_ns']})")
    if name in want:
        lo, hi = want[name]
        inside = sum(1 for s in steps if lo <= s and s + 60_000_000 <= hi)
        long_stalls = [s for s in stalls if s[2] - s[1] >= 30_000_000]
        check(f"{name}: the window is where the program marked it, with its steps' stalls",
              abs(t["start_ns"] - lo) < 5_000_000 and abs(t["end_ns"] - hi) < 5_000_000 and
              inside <= len(long_stalls) <= inside + 2,
              f"window [{t['start_ns']}, {t['end_ns']}) vs the program's [{lo}, {hi}) "
              f"(off by {(t['start_ns'] - lo) / 1e6:.2f} / {(t['end_ns'] - hi) / 1e6:.2f} ms); "
              f"{len(long_stalls)} stalls of >= 30 ms, {inside} steps wholly inside")

# Where the periodic windows sit: every-k runs from the run's first event + k * EVERY_S for
# FOR_S (run_gpu_tests.sh: --timeline-every 2 --timeline-for 1; TimelinePlan.cpp). The first
# event is the program's first CUDA call, after its own start mark (read before torch is
# imported) and before its first step's; the windows must agree on one such first event.
EVERY_NS, FOR_NS = 2_000_000_000, 1_000_000_000
every = sorted((int(n.split("-")[1]), t) for n, t in windows.items() if n.startswith("every-"))
if "every" in named:
    first = every[0][1]["start_ns"] - EVERY_NS if every else None
    placed = [(k, t) for k, t in every
              if t["start_ns"] == first + k * EVERY_NS and
              (t["end_ns"] == t["start_ns"] + FOR_NS if t["state"] == "complete" else
               t["start_ns"] < t["end_ns"] <= t["start_ns"] + FOR_NS)]
    check("every-N: each window where the run's first event puts it",
          every and [k for k, _ in every] == list(range(1, len(every) + 1)) and
          len(placed) == len(every) and
          marks["begin"] <= first <= steps[0] + 5_000_000 and
          bool(every) and all(t["start_ns"] < marks["end"] for _, t in every),
          f"first event {first} (program start {marks['begin']}, first step {steps[0]}); "
          + ", ".join(f"every-{k} [{t['start_ns']}, {t['end_ns']}) {t['state']}"
                      for k, t in every))

# Where the worst window sits: HOSTSYNC_WINDOW_MS around the costliest stall (RunFold.cpp,
# showWorst): from half a window before that stall's start to at most half a window after
# its end. Its stall is one of trace.json's, and as costly (length and GPU idle charged) as
# the costliest there within 1% (a later fold may charge a stall more idle than the fold
# that chose the window saw).
half = int(os.environ.get("HOSTSYNC_WINDOW_MS", "200")) * 1_000_000 // 2
if "worst" in windows:
    w = windows["worst"]
    cost = {(s["start_ns"], s["end_ns"]): s["end_ns"] - s["start_ns"] + s["idle_charged_ns"]
            for s in trace["stalls"]}
    around = [k for k in cost if k[0] == w["start_ns"] + half and
              k[1] < w["end_ns"] <= k[1] + half]
    costliest = max(cost.values(), default=0)
    check("worst: the window is around the costliest stall",
          around and cost[around[0]] >= 0.99 * costliest,
          f"window [{w['start_ns']}, {w['end_ns']}); stall {around[0] if around else None} "
          f"costing {cost[around[0]] / 1e6 if around else 0:.2f} ms, the costliest "
          f"{costliest / 1e6:.2f} ms of {len(cost)} stalls")
json.dump(results, open(trace_path + ".timelines.json", "w"), indent=1)

sys.exit(0 if results and all(r["ok"] for r in results) else 1)
