#!/usr/bin/env python3
"""Checks the reports of tests/gpu/run_launcher_checks.sh's jobs (issue 49): each report
exited 0 with no trace skipped, lists every process the job had with the role it had (no
more, no fewer: the main process, ranks, launchers, spawned workers, multiprocessing's
helpers), and names launch_train.py's two sync lines (SYNC-ITEM, SYNC-NONZERO) with every
sync counted: one per step per rank, whether or not it waited (issue 76: a site must not depend
on a small sync happening to wait the tracer's 20 us).
usage: check_launchers.py <work dir> <path of launch_train.py>"""
import collections
import json
import os
import sys

# Per job: how many processes of each role, and how many of them with GPU work; and how many
# syncs each marked line makes (its steps, times the processes that run them), None where a
# rank is killed half way.
EXPECTED = {
    # the script (the main process), two DataLoader workers, multiprocessing's resource tracker
    "spawn": ({"main": 1, "worker": 2, "helper": 1}, {"main": 1}, 60),
    "torchrun1": ({"launcher": 1, "rank": 1}, {"rank": 1}, 60),
    # bash (the main process), then python3 with the GPU work
    "wrapper": ({"main": 1, "process": 1}, {"process": 1}, 40),
    "helper": ({"main": 1, "process": 1}, {"main": 1}, 60),  # the script, its CPU-only helper
    "torchrun2": ({"launcher": 1, "rank": 2}, {"rank": 2}, 120),
    "killed": ({"launcher": 1, "rank": 2}, {"rank": 2}, None),
}


def marked_line(job, tag):
    for n, line in enumerate(open(job), 1):
        if f"# {tag}" in line:
            return n
    raise SystemExit(f"no {tag} line in {job}")


def main():
    work, job = sys.argv[1], sys.argv[2]
    ok = True

    def check(cond, what):
        nonlocal ok
        print(("PASS: " if cond else "FAIL: ") + what)
        ok &= bool(cond)

    lines = {marked_line(job, "SYNC-ITEM"), marked_line(job, "SYNC-NONZERO")}
    for name, (roles, with_gpu, syncs) in EXPECTED.items():
        rc_file = os.path.join(work, f"{name}-report.rc")
        if not os.path.exists(rc_file):
            print(f"SKIP: {name}: not run")
            continue
        rc = open(rc_file).read().strip()
        err = open(os.path.join(work, f"{name}-report.err")).read().strip()
        check(rc == "0", f"{name}: hostsync-report exited {rc} {err[:300]}")
        path = os.path.join(work, f"{name}-report", "report.json")
        if not os.path.exists(path):
            check(False, f"{name}: no report.json")
            continue
        r = json.load(open(path))
        check(r["skipped_inputs"] == [], f"{name}: no trace skipped ({r['skipped_inputs']})")
        have = collections.Counter(run["role"] for run in r["runs"])
        gpu = collections.Counter(run["role"] for run in r["runs"] if run["gpu_work"])
        check(have == collections.Counter(roles) and gpu == collections.Counter(with_gpu),
              f"{name}: processes by role {dict(have)}, with GPU work {dict(gpu)} "
              f"(expected exactly {roles}, with GPU work {with_gpu})")
        sites = r["findings_with_cost"] + r["missed_statically"]
        counts = collections.Counter()
        for s in sites:
            if (s.get("file") or "").endswith("launch_train.py") and not s.get("backward_of"):
                counts[s["line"]] += s["count"]
        check(lines <= set(counts), f"{name}: sync lines {sorted(lines)} named (got "
              f"{sorted(counts)})")
        if syncs is not None:
            check(bool(lines) and all(counts[line] == syncs for line in lines),
                  f"{name}: every sync counted: {syncs} on each of lines {sorted(lines)} "
                  f"(got {[counts[line] for line in sorted(lines)]})")
        if name == "killed":
            ended = {run["rank"]: run["ended_by"] for run in r["runs"] if run["role"] == "rank"}
            check(ended.get("1") == "running",
                  f"killed: rank 1's trace is its last periodic write (ended_by {ended})")
            check(any(s["stalls"] > 0 for s in r["runs"] if s["rank"] == "1"),
                  "killed: rank 1's stalls up to its last write are reported")
        if name == "torchrun2":
            check(len(r.get("job", {}).get("ranks", [])) == 2,
                  "torchrun2: the two ranks lined up, the launcher not among them")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
