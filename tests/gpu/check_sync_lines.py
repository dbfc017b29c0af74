#!/usr/bin/env python3
"""Checks stall attribution on a symbolized trace of sync_lines.cpp or copy_lines.cpp: every
stall whose first user frame is in that file is on a line marked STALL: or SYNC:, each STALL:
line has at least one stall per step, and each SYNC: line is one site of exactly one sync per
step; sites are named by those lines (in the symbolized trace, and in the summary the traced
process printed, STDERR); stacks are tied to their calls by external correlation where the
calls come from CUPTI's runtime records (--api all), and by the very callback that timed the
call otherwise. usage: check_sync_lines.py TRACE.json SOURCE.cpp STEPS [STDERR]"""
import json
import os
import sys

trace, source, steps = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])
marked = {i + 1: line.split("STALL:")[1].strip()
          for i, line in enumerate(open(source)) if "// STALL:" in line}
counted = {i + 1: line.split("SYNC:")[1].strip()
           for i, line in enumerate(open(source)) if "// SYNC:" in line}
name = os.path.basename(source)
per_line, elsewhere, no_user = {}, [], 0
for s in trace["stalls"]:
    stack = trace["stacks"][s["stack"]] if s["stack"] >= 0 else None
    if not stack or stack.get("user_frame", -1) < 0:
        no_user += 1
        continue
    f = stack["frames"][stack["user_frame"]]
    if os.path.basename(f["file"]) == name and (f["line"] in marked or f["line"] in counted):
        per_line[f["line"]] = per_line.get(f["line"], 0) + 1
    else:
        elsewhere.append(f"{f['file']}:{f['line']} ({s['api']})")
ok = True
for line, what in sorted(marked.items()):
    n = per_line.get(line, 0)
    good = n >= steps
    ok &= good
    print(f"{'PASS' if good else 'FAIL'}: {what} (line {line}): {n} stalls attributed, want >= {steps}")
good = not elsewhere
ok &= good
print(f"{'PASS' if good else 'FAIL'}: no stall attributed to an unmarked line"
      + ("" if good else ": " + ", ".join(elsewhere[:5])))
print(f"INFO: {no_user} stalls without a user frame (set-up inside libtorch, or no stack)")

site_names = [x["site"] for x in trace["sites"]]
named = {line for line in marked if any(n.endswith(f"{name}:{line}") for n in site_names)}
good = named == set(marked)
ok &= good
print(f"{'PASS' if good else 'FAIL'}: symbolized sites are named by line: "
      f"{len(named)} of {len(marked)} marked lines have their site ({site_names[:4]} ...)")
# Every sync counted at its own line's site, waited or not: exactly one per traced step.
for line, what in sorted(counted.items()):
    counts = [x["count"] for x in trace["sites"] if x["site"].endswith(f"{name}:{line}")]
    good = counts == [steps]
    ok &= good
    print(f"{'PASS' if good else 'FAIL'}: {what} (line {line}) is one site of {steps} syncs "
          f"(got the counts {counts})")
with_stack = sum(1 for s in trace["stalls"] if s["stack"] >= 0)
via = trace["records"].get("stacks_via_external", 0)
recording = trace.get("api_recording", "all")
if recording == "all":
    good = with_stack > 0 and via >= with_stack
    print(f"{'PASS' if good else 'FAIL'}: stacks tied by external correlation: {via} calls, "
          f"{with_stack} stalls with a stack")
else:
    good = with_stack > 0
    print(f"{'PASS' if good else 'FAIL'}: stacks tied by the callback that timed the call "
          f"(--api {recording}): {with_stack} stalls with a stack")
ok &= good
if len(sys.argv) > 4:
    summary = open(sys.argv[4]).read()
    in_summary = [line for line in marked if f"{name}:{line} (" in summary]
    good = len(in_summary) > 0
    ok &= good
    print(f"{'PASS' if good else 'FAIL'}: the exit summary names top sites by file:line: "
          f"marked lines {in_summary} appear")
json.dump({"per_line": {str(k): v for k, v in per_line.items()}, "marked": marked,
           "elsewhere": elsewhere, "no_user_frame": no_user, "ok": ok},
          open(sys.argv[1] + ".lines.json", "w"), indent=1)
sys.exit(0 if ok else 1)
