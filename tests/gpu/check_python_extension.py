#!/usr/bin/env python3
"""Checks the trace of python_extension.py: its syncs are attributed to the C++ extension's
line (the native user frame wins), and each such stack also holds the Python caller's line.
The extension's build runs the compiler as child processes, each traced too: the trace of the
Python process is the one whose command names the program.
usage: check_python_extension.py PROGRAM.py TRACE.json..."""
import ast
import json
import re
import sys

program = sys.argv[1]
trace = next(t for t in (json.load(open(f)) for f in sys.argv[2:])
             if program.split("/")[-1] in t["process"]["command"])
caller = next(i for i, l in enumerate(open(program), 1) if "# PYCALLER" in l)
# The site must name the extension's line, not just its function. load_inline writes main.cpp
# as its own `#include <torch/extension.h>` line, then the program's SOURCE (which begins
# with a newline), joined by newlines: the line marked SYNC in SOURCE is line 1 + its line
# there (main.cpp:5, as measured on the H100 on 2026-11-25).
tree = ast.parse(open(program).read())
source = next(n.value.value for n in tree.body if isinstance(n, ast.Assign) and
              any(getattr(t, "id", "") == "SOURCE" for t in n.targets))
sync_line = 1 + next(i for i, l in enumerate(source.split("\n"), 1) if "// SYNC" in l)
main_cpp_line = [re.search(r"(?:^|[ /])main\.cpp:(\d+)$", s["site"]) for s in trace["sites"]]
ok_sites = [s for s, m in zip(trace["sites"], main_cpp_line) if m and int(m.group(1)) == sync_line]
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
      f"stalls; want main.cpp:{sync_line}; sites {[s['site'] for s in trace['sites'][:4]]}); "
      f"{both} stacks with both the extension's frame and the Python caller's line {caller}")
sys.exit(0 if good else 1)
