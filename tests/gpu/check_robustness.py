#!/usr/bin/env python3
"""One robustness case of hostsync-trace: the traced program ended in MODE with exit status
RC (WANT expected). The output directory must hold exactly one trace, complete and valid,
naming how the process ended, with the stalls before the end; no temporary file (.tmp-<pid>-<n>,
.partial) left behind; stdout as without the tracer.
usage: check_robustness.py OUTDIR MODE RC WANT STDOUT STDERR"""
import glob
import json
import os
import sys

out, mode, rc, want, stdout, stderr = sys.argv[1:]
checks = []


def check(name, ok, detail=""):
    checks.append({"check": name, "ok": bool(ok), "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'}: {mode}: {name}{': ' + detail if detail else ''}")


check("exit status unchanged", rc == want, f"got {rc}, want {want}")
text = open(stdout).read()
check("program output intact", f"ending by {mode}" in text and
      (mode != "fork" or "child" in text), repr(text[-120:]))
traces = [f for f in glob.glob(f"{out}/trace-*.json") if not f.endswith(".perfetto.json")]
check("exactly one trace (a fork()ed child writes none)", len(traces) == 1,
      str([os.path.relpath(f, os.path.dirname(out)) for f in traces]))
# The tracer's temporary names (profiler/io): trace.json is written to "<file>.tmp-<pid>-<n>"
# and renamed (AtomicFile.cpp, temporaryName), the worst window and the timelines to
# "<file>.partial" (TraceFiles.cpp, TimelineFiles.cpp). None may outlive the run.
left = sorted(glob.glob(f"{out}/*.tmp-*") + glob.glob(f"{out}/*.partial"))
check("no half-written file left", not left, str([os.path.basename(f) for f in left]))
if traces:
    try:
        t = json.load(open(traces[0]))
        ended = {"abort": "SIGABRT", "sigterm": "SIGTERM", "segv": "SIGSEGV",
                 "segv_tracer": "running"}.get(mode, "exit")
        check("valid JSON naming how it ended", t["process"]["ended_by"] == ended,
              t["process"]["ended_by"])
        check("the stalls before the end are in it", len(t["stalls"]) >= 3,
              f"{len(t['stalls'])} stalls")
    except (ValueError, KeyError) as e:
        check("valid trace.json", False, str(e))
json.dump(checks, open(f"{out}.robust.json", "w"), indent=1)
sys.exit(0 if checks and all(c["ok"] for c in checks) else 1)
