#!/usr/bin/env python3
"""Checks stall attribution on a symbolized trace of sync_lines.cpp: every stall whose first
user frame is in that file is on a line marked STALL:, and each marked line has at least
one stall per step. usage: check_sync_lines.py TRACE.json SOURCE.cpp STEPS"""
import json
import os
import sys

trace, source, steps = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])
marked = {i + 1: line.split("STALL:")[1].strip()
          for i, line in enumerate(open(source)) if "// STALL:" in line}
name = os.path.basename(source)
per_line, elsewhere, no_user = {}, [], 0
for s in trace["stalls"]:
    stack = trace["stacks"][s["stack"]] if s["stack"] >= 0 else None
    if not stack or stack.get("user_frame", -1) < 0:
        no_user += 1
        continue
    f = stack["frames"][stack["user_frame"]]
    if os.path.basename(f["file"]) == name and f["line"] in marked:
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
json.dump({"per_line": {str(k): v for k, v in per_line.items()}, "marked": marked,
           "elsewhere": elsewhere, "no_user_frame": no_user, "ok": ok},
          open(sys.argv[1] + ".lines.json", "w"), indent=1)
sys.exit(0 if ok else 1)
