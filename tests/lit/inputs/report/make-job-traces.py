#!/usr/bin/env python3
"""Writes the trace files of a synthetic distributed job, as hostsync-trace leaves them
(docs/trace-json.md), for the report's job tests (tests/lit/report/job-*.test).

Each rank runs --collectives steps of 30 ms, each ending in one all-reduce. The late rank
stalls in a sync (train.py:42) and arrives --late-ms later than the others at every
all-reduce; the others wait for it there.
  --extras  adds torchrun's agent (no CUDA call), a spawned DataLoader worker of rank 0
            (it inherits RANK=0) with no GPU work, and the last rank killed half way (its
            trace the tracer's last periodic write: ended_by "running", half the collectives)
  --broken  adds one bad file of each kind the report must skip with a warning: JSON cut
            off by a kill, a trace of another version, a worst window written before the
            fix (start_ns -200000000)
  --spawn   adds, apart from any rank, a script (pid 2000) whose DataLoader spawned two
            workers and multiprocessing's resource tracker, each naming it as its parent
usage: make-job-traces.py DIR --ranks N [--collectives K] [--late R] [--late-ms X]
                          [--extras] [--broken] [--spawn]"""
import argparse
import json
import os

MS = 1_000_000
STEP = 30 * MS


def trace(pid, rank, world, command, ended_by="exit", gpu=True, ppid=1):
    doc = {
        "schema": "hostsync-trace/trace", "version": 1,
        "process": {"pid": pid, "ppid": ppid, "rank": rank, "local_rank": str(int(rank) % 8) if rank else "",
                    "world_size": world, "launcher": "torchrun" if rank else "",
                    "host": "node%d" % (int(rank) // 8 if rank else 0), "command": command,
                    "ended_by": ended_by},
        "records": {"gpu": 0, "dropped": 0},
        "summary": {"window_ns": 0, "stall_ns": 0, "sync_bubble_ns": 0, "devices": []},
        "stalls": [], "sites": [], "overlap": {}, "stacks": [], "timelines": []}
    return doc


def rank_trace(r, a):
    late = r == a.late
    doc = trace(1000 + r, str(r), str(a.ranks), "python3 train.py --epochs 1")
    doc["stacks"] = [{"frames": [], "python": [{"function": "step", "file": "train.py", "line": 42}],
                      "python_user_frame": 0}]
    events, stalls = [], []
    for k in range(a.collectives):
        base = (k + 1) * STEP
        arrive = base + (a.late_ms * MS if late else 0) + r * 1000  # 1 us of launch jitter
        end = base + a.late_ms * MS + a.ranks * 1000 + 2 * MS
        events.append({"start_ns": arrive, "end_ns": end})
        if late:  # the sync that made it late: it ended before the all-reduce was launched
            stalls.append({"api": "cudaStreamSynchronize", "class": "sync", "thread": 1000 + r,
                           "start_ns": arrive - a.late_ms * MS - 3 * MS,
                           "end_ns": arrive - a.late_ms * MS, "idle_charged_ns": 1 * MS,
                           "bytes": 0, "stack": 0})
    window = (a.collectives + 1) * STEP + a.late_ms * MS + 4 * MS
    doc["communication"] = {"comm_ns": sum(e["end_ns"] - e["start_ns"] for e in events),
                            "hidden_ns": 0, "collectives": len(events), "events": events}
    doc["stalls"] = stalls
    doc["records"]["gpu"] = 3 * a.collectives
    doc["summary"] = {"window_ns": window, "stall_ns": sum(s["end_ns"] - s["start_ns"] for s in stalls),
                      "sync_bubble_ns": len(stalls) * MS,
                      "devices": [{"device": r % 8, "window_ns": window, "busy_ns": window // 2,
                                   "sync_bubble_ns": len(stalls) * MS, "overhead_ns": 0,
                                   "launch_bound_ns": 0}]}
    return doc


def write(d, name, doc):
    with open(os.path.join(d, name), "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--ranks", type=int, required=True)
    ap.add_argument("--collectives", type=int, default=20)
    ap.add_argument("--late", type=int, default=1)
    ap.add_argument("--late-ms", type=int, default=10)
    ap.add_argument("--extras", action="store_true")
    ap.add_argument("--broken", action="store_true")
    ap.add_argument("--spawn", action="store_true")
    a = ap.parse_args()
    assert not a.extras or a.late < a.ranks - 1, "--extras kills the last rank: make another late"
    os.makedirs(a.dir, exist_ok=True)
    for r in range(a.ranks):
        write(a.dir, "trace-%d-rank%d.json" % (1000 + r, r), rank_trace(r, a))
    if a.extras:
        write(a.dir, "trace-900.json",
              trace(900, "", "", "/usr/bin/python3 -m torch.distributed.run --nproc_per_node=%d "
                    "train.py --epochs 1" % a.ranks))
        write(a.dir, "trace-950-rank0.json",
              trace(950, "0", str(a.ranks), "/usr/bin/python3 -c from multiprocessing.spawn "
                    "import spawn_main; spawn_main(tracker_fd=5, pipe_handle=9) "
                    "--multiprocessing-fork"))
        # The last rank killed half way: its last periodic write holds half its collectives.
        r = a.ranks - 1
        killed = rank_trace(r, a)
        killed["process"]["ended_by"] = "running"
        c = killed["communication"]
        c["events"] = c["events"][: a.collectives // 2]
        c["collectives"] = len(c["events"])
        write(a.dir, "trace-%d-rank%d.json" % (1000 + r, r), killed)
    if a.spawn:
        main_doc = rank_trace(0, a)
        main_doc["process"].update(pid=2000, rank="", world_size="", local_rank="", launcher="",
                                   command="python3 train.py --workers 2")
        write(a.dir, "trace-2000.json", main_doc)
        for pid in (2001, 2002):
            write(a.dir, "trace-%d.json" % pid,
                  trace(pid, "", "", "/usr/bin/python3 -c from multiprocessing.spawn import "
                        "spawn_main; spawn_main(tracker_fd=5, pipe_handle=9) "
                        "--multiprocessing-fork", ppid=2000))
        write(a.dir, "trace-2003.json",
              trace(2003, "", "", "/usr/bin/python3 -c from multiprocessing.resource_tracker "
                    "import main;main(5)", ppid=2000))
    if a.broken:
        whole = json.dumps(trace(960, "", "", "python3 helper.py"))
        write(a.dir, "trace-960.json", whole[: len(whole) // 2])
        old = trace(961, "", "", "python3 helper.py")
        old["version"] = 0
        write(a.dir, "trace-961.json", old)
        negative = trace(962, "", "", "/usr/bin/python3 -m torch.distributed.run train.py")
        negative["timelines"] = [{"name": "worst", "reason": "the last records", "state": "complete",
                                  "file": "trace-962.perfetto-trace", "start_ns": -200000000,
                                  "end_ns": 1, "slices": 0, "bytes": 0}]
        write(a.dir, "trace-962.json", negative)


if __name__ == "__main__":
    main()
