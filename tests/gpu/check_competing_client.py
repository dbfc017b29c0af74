#!/usr/bin/env python3
"""torch.profiler started inside a traced program: the program exits 0, the conflict is
named on stderr (by Kineto, which subscribed second, or by hostsync-trace when it is the
one left out), and hostsync-trace's own trace is whole: kernels recorded for every launch.
usage: check_competing_client.py RC STDERR TRACE.json"""
import json
import sys

rc, err, trace = int(sys.argv[1]), open(sys.argv[2]).read(), json.load(open(sys.argv[3]))
named = ("MULTIPLE_SUBSCRIBERS" in err and "CUPTI" in err) or "likely: " in err
rec = trace["records"]
whole = rec["gpu"] > 0 and rec["launches_without_kernel"] == 0 and len(trace["stalls"]) > 0
ok = rc == 0 and named and whole
print(f"{'PASS' if ok else 'FAIL'}: exit {rc}; conflict named on stderr: {named}; "
      f"trace whole: {whole} ({rec['gpu']} GPU records, {rec['launches_without_kernel']} "
      f"launches without a kernel, {len(trace['stalls'])} stalls)")
sys.exit(0 if ok else 1)
