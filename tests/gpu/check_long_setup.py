#!/usr/bin/env python3
"""Checks the report of long_setup.py's traced run against its untraced run (issue 76): the
verdict says what bounds the steps as the untraced timing does (GPU-bound when the GPU was busy
for at least 80% of a step's wall time, not GPU-bound otherwise), judged on the steady part;
start-up is set apart with at least the set-up's length; the model's move is a one-time sync,
never in Fix first; loss.item() is in Fix first or among the syncs that did not wait.
usage: check_long_setup.py UNTRACED.json REPORT.json SOURCE"""
import json
import sys


def marked(path, tag):
    for n, line in enumerate(open(path), 1):
        if line.rstrip().endswith("# " + tag):
            return n
    raise SystemExit(f"no {tag} line in {path}")


def main():
    untraced, report, source = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
    v = report["verdict"]
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("PASS: " if ok else "FAIL: ") + what)
        failures += not ok

    gpu_bound = untraced["gpu_share"] >= 0.8
    check((v["bound"] == "gpu_bound") == gpu_bound,
          f"{untraced['kind']}: verdict {v['bound']} ({v['text'][:160]}); untraced, the GPU is busy "
          f"{100 * untraced['gpu_share']:.0f}% of a step's {untraced['wall_ms_per_step']:.2f} ms")
    check(v["steady"] and v["startup_ns"] >= untraced["setup_s"] * 1e9,
          f"judged on the steady part, start-up {v['startup_ns'] / 1e9:.2f} s set apart "
          f"(the set-up alone took {untraced['setup_s']} s)")
    sites = report["findings_with_cost"] + report["missed_statically"]
    move, item = marked(source, "MODEL-MOVE"), marked(source, "LOSS-ITEM")
    listed = {s["line"]: s["list"] for s in sites if (s.get("file") or "").endswith("long_setup.py")}
    check(listed.get(move) == "one_time", f"the model's move (line {move}) is a one-time sync: "
                                          f"{listed.get(move)}")
    first = next((s for s in sites if s["list"] == "fix"), None)
    check(first is None or first.get("line") != move, f"Fix first does not start with the move: "
          f"{(first or {}).get('file')}:{(first or {}).get('line')}")
    check(listed.get(item) in ("fix", "no_wait"), f"loss.item() (line {item}) is a steady-part "
                                                  f"sync: {listed.get(item)}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
