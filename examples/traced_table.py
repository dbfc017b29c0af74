#!/usr/bin/env python3
"""Turns the traces of the demos' variants (one process per variant, timed rounds only)
into one JSON table: GPU busy % and ms per step, host stall, GPU idle after syncs and GPU idle
while the host was elsewhere (launching, loading, labelling) per step, stream and copy/compute
overlap.
usage: traced_table.py OUT.json DIR...
       (each DIR: <demo>__<config>__<variant>__<steps>/trace-*.json)"""
import glob
import json
import os
import sys

rows = []
for d in sys.argv[2:]:
    demo, config, variant, steps = os.path.basename(d.rstrip("/")).split("__")
    files = [f for f in glob.glob(os.path.join(d, "trace-*.json"))
             if not f.endswith((".checks.json", ".perfetto.json"))]
    if not files:
        rows.append({"demo": demo, "config": config, "variant": variant,
                     "error": "no trace written"})
        continue
    t = json.load(open(files[0]))
    # The traced process's own step time (the demo's --json): against the untraced run's, it
    # is what the tracer cost this step.
    timing = os.path.join(d, "timing.json")
    traced_ms = (json.load(open(timing))["sections"][0]["variants"][0]["median_ms"]
                 if os.path.exists(timing) else None)
    s, steps = t["summary"], int(steps)
    dev = s["devices"][0] if s["devices"] else {"busy_pct": 0, "busy_ns": 0, "launch_bound_ns": 0}
    rows.append({"demo": demo, "config": config, "variant": variant, "steps": steps,
                 "profiler_windows": t.get("profiler_windows", 0),
                 "traced_ms_per_step": round(traced_ms, 3) if traced_ms else None,
                 "launches_per_step": round(t["records"]["launches"] / steps, 1),
                 "gpu_busy_pct": round(dev["busy_pct"], 1),
                 "gpu_busy_ms_per_step": round(dev["busy_ns"] / 1e6 / steps, 3),
                 "launch_bound_ms_per_step": round(dev["launch_bound_ns"] / 1e6 / steps, 3),
                 "stall_ms_per_step": round(s["stall_ns"] / 1e6 / steps, 3),
                 "sync_bubble_ms_per_step": round(s["sync_bubble_ns"] / 1e6 / steps, 3),
                 "multi_stream_pct": round(s["multi_stream_pct"], 1),
                 "copy_under_compute_pct": round(s["copy_under_compute_pct"], 1),
                 "top_site": t["sites"][0]["site"] if t["sites"] else "",
                 "dropped": t["records"]["dropped"]})
json.dump({"demo": "traced", "rows": rows}, open(sys.argv[1], "w"), indent=1)
for r in rows:
    print(r)
