#!/usr/bin/env python3
"""Checks hostsync-report's and hostsync-trace's view of tests/gpu/rank_job.py's jobs
(issues 18 and 49): the late job names rank 1 as the straggler, its LATE-SYNC line as the
cause, and rank 0's wait per step and rank 1's lateness per collective within 10% of the host
work rank 1 measured after its sync; every report reads the two ranks and torchrun's agent; the
clean job names no straggler; the overlapped all-reduce is mostly hidden under compute on
every rank and the serialised one is not.
usage: check_ranks.py <work dir> (holding late/, clean/, overlap/, serial/ traces and
       <mode>-report/report.json, late-truth.json)"""
import glob
import json
import os
import statistics
import sys

JOB = "tests/gpu/rank_job.py"


def marked_line(tag):
    for n, line in enumerate(open(JOB), 1):
        if f"# {tag}" in line:
            return n
    raise SystemExit(f"no {tag} line in {JOB}")


def rank_traces(d):
    out = {}
    for f in glob.glob(os.path.join(d, "trace-*-rank*[0-9].json")):
        t = json.load(open(f))
        out[t["process"]["rank"]] = t
    return out


def main():
    work = sys.argv[1]
    ok = True

    def check(cond, what):
        nonlocal ok
        print(("PASS: " if cond else "FAIL: ") + what)
        ok &= bool(cond)

    late = json.load(open(os.path.join(work, "late-report/report.json")))
    job = late.get("job") or {}
    check(job.get("straggler") == "1", f"late job: straggler is rank 1 (got {job.get('straggler')})")
    causes = job.get("late_causes", [])
    line = marked_line("LATE-SYNC")
    top = causes[0] if causes else {}
    check(top.get("rank") == "1" and (top.get("file") or "").endswith("rank_job.py") and
          top.get("line") == line,
          f"late job: the cause is rank_job.py:{line} on rank 1 (got {top})")
    truth = json.load(open(os.path.join(work, "late-truth.json")))["host_work_after_sync_s"]
    expected = statistics.mean(truth) * 1e9
    ranks = {r["rank"]: r for r in job.get("ranks", [])}
    lined = max(job.get("lined_up", 0), 1)
    waited = ranks.get("0", {}).get("waited_ns", 0) / lined
    check(abs(waited - expected) <= 0.10 * expected,
          f"late job: rank 0 waited {waited / 1e6:.3f} ms per collective, rank 1's host work "
          f"after its sync {expected / 1e6:.3f} ms (within 10%)")
    late_by = job.get("straggler_late_per_collective_ns") or 0
    check(abs(late_by - expected) <= 0.10 * expected,
          f"late job: rank 1 late by {late_by / 1e6:.3f} ms per collective, its host work after "
          f"its sync {expected / 1e6:.3f} ms (within 10%)")
    print("INFO: " + job.get("summary", "no job section"))
    # Every process of each job is read and listed: the two ranks and torchrun's agent.
    for mode in ("late", "clean", "overlap", "serial"):
        path = os.path.join(work, f"{mode}-report/report.json")
        if not os.path.exists(path):
            check(False, f"{mode}: no report.json")
            continue
        r = json.load(open(path))
        roles = sorted(run["role"] for run in r["runs"])
        check(r["skipped_inputs"] == [] and roles == ["launcher", "rank", "rank"],
              f"{mode}: every process reported: {roles}, skipped {r['skipped_inputs']}")
    clean = json.load(open(os.path.join(work, "clean-report/report.json")))
    check("job" in clean and clean["job"]["straggler"] is None,
          f"clean job: no straggler ({clean.get('job', {}).get('summary', 'no job section')})")
    for mode, want in (("overlap", lambda p: p >= 50), ("serial", lambda p: p <= 5)):
        traces = rank_traces(os.path.join(work, mode))
        check(len(traces) == 2, f"{mode}: a trace per rank ({sorted(traces)})")
        for rank, t in sorted(traces.items()):
            c = t.get("communication", {})
            check(c.get("collectives", 0) > 0 and want(c.get("hidden_pct", -1)),
                  f"{mode}: rank {rank}: {c.get('collectives')} collectives, "
                  f"{c.get('hidden_pct', -1):.1f}% hidden under compute")
            check(t["process"]["world_size"] == "2" and t["process"]["launcher"] == "torchrun",
                  f"{mode}: rank {rank}: world size 2, launcher torchrun")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
