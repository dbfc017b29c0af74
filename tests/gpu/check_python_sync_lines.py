#!/usr/bin/env python3
"""Checks a symbolized trace of python_sync_lines.py, and hostsync-report's report.json of it:
every stall is attributed to a line marked `# SYNC: <rule> [<op>]` (`# SYNC(once):` for a line
run once; `# MAYSYNC: <rule>`, a sync the ground truth allows but does not require), with that
op among the ATen ops of its stack and that rule in the report, which shows it as a Python line
with the rule's Python fix; every SYNC line has at least REPS stalls (once: 1); no stall goes
to an unmarked line. usage: check_python_sync_lines.py TRACE.json REPORT.json REPS SOURCE.py..."""
import json
import os
import re
import sys

trace, report = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
reps, sources = int(sys.argv[3]), sys.argv[4:]
marked = {}  # (file name, line) -> (required, rule, op)
for source in sources:
    for number, text in enumerate(open(source), 1):
        m = re.search(r"# (MAY)?SYNC(\(once\))?: (\S+)(?: (\S+))?", text)
        if m:
            want = 0 if m.group(1) else 1 if m.group(2) else reps
            marked[(os.path.basename(source), number)] = (want, m.group(3), m.group(4))

sites = report["findings_with_cost"] + report["missed_statically"]
rule_of = {(os.path.basename(s["file"] or ""), s["line"]): s["rule"] for s in sites}
lang_of = {(os.path.basename(s["file"] or ""), s["line"]): s.get("language") for s in sites}
fix_of = {(os.path.basename(s["file"] or ""), s["line"]): s.get("fix", {}) for s in sites}
count, wrong_op, elsewhere = {}, [], []
for s in trace["stalls"]:
    m = re.match(r"(.*):(\d+) \(", s.get("site", ""))
    key = (os.path.basename(m.group(1)), int(m.group(2))) if m else None
    if key not in marked:
        elsewhere.append(f"{s.get('site') or '(no site)'} [{s['api']}]")
        continue
    count[key] = count.get(key, 0) + 1
    op = marked[key][2]
    ops = trace["stacks"][s["stack"]].get("ops", []) if s["stack"] >= 0 else []
    if op and not any(o == op or o.startswith(op + ".") for o in ops):
        wrong_op.append(f"{key[0]}:{key[1]}: ops {ops}, want {op}")
ok = True
for key, (want, rule, op) in sorted(marked.items()):
    n = count.get(key, 0)
    got_rule = rule_of.get(key)
    good = n >= want and (n == 0 or got_rule == rule)
    if n and lang_of.get(key) != "python":
        good = False
    if n and fix_of.get(key, {}).get("language") != "python":
        good = False
    ok &= good
    print(f"{'PASS' if good else 'FAIL'}: {key[0]}:{key[1]}: {n} stalls (want >= "
          f"{want}), rule {got_rule} (want {rule}), op {op or '-'}, "
          f"fix for {fix_of.get(key, {}).get('language')}")
good = not wrong_op
ok &= good
print(f"{'PASS' if good else 'FAIL'}: every stall's stack entered the op of its line"
      + ("" if good else ": " + "; ".join(wrong_op[:5])))
good = not elsewhere
ok &= good
print(f"{'PASS' if good else 'FAIL'}: no stall attributed to an unmarked line"
      + ("" if good else ": " + ", ".join(elsewhere[:5])))
good = trace.get("python_frames", "").startswith("3.")
ok &= good
print(f"{'PASS' if good else 'FAIL'}: Python frames read (CPython {trace.get('python_frames')})")
sys.exit(0 if ok else 1)
