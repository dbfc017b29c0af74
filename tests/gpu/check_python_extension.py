#!/usr/bin/env python3
"""Checks the trace of python_extension.py: its syncs are attributed to the C++ extension's
line (the native user frame wins), and each such stack also holds the Python caller's line.
The extension's build runs the compiler as child processes, each traced too: the trace of the
Python process is the one whose command names the program.
usage: check_python_extension.py PROGRAM.py TRACE.json..."""
import json
import sys

program = sys.argv[1]
trace = next(t for t in (json.load(open(f)) for f in sys.argv[2:])
             if program.split("/")[-1] in t["process"]["command"])
caller = next(i for i, l in enumerate(open(program), 1) if "# PYCALLER" in l)
ok_sites = [s for s in trace["sites"] if "main.cpp:4" in s["site"] or "read_total" in s["site"]]
stalls = [s for s in trace["stalls"] if s["stack"] >= 0]
both = 0
for s in stalls:
    st = trace["stacks"][s["stack"]]
    native = st.get("user_frame", -1) >= 0
    py = st.get("python", [])
    has_caller = any(f["line"] == caller and f["file"].endswith("python_extension.py") for f in py)
    both += native and has_caller
good = bool(ok_sites) and ok_sites[0]["count"] >= 5 and both >= 5
print(f"{'PASS' if good else 'FAIL'}: C++ extension called from Python: site "
      f"{ok_sites[0]['site'] if ok_sites else None} ({ok_sites[0]['count'] if ok_sites else 0} "
      f"stalls); {both} stacks with both the extension's frame and the Python caller's line {caller}")
sys.exit(0 if good else 1)
