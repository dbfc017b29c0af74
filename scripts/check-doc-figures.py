#!/usr/bin/env python3
"""The pass counts the docs quote are read from the committed logs, not typed: in every
paragraph of docs/*.md (and README.md) that says "passed, N of M" or "pass N of M" and then links a
check log (results/*.txt), N must be that log's PASS lines and M its PASS and FAIL lines
(issue 50: docs/trace.md once said 147 of 147 where its log read 176).
usage: scripts/check-doc-figures.py [ROOT]   exit 0 when every such figure agrees"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
FIGURE = re.compile(r"\bpass(?:ed|es)?,? (\d[\d,]*) of (\d[\d,]*)")
LOG = re.compile(r"\]\(((?:\.\./)?(?:docs/)?results/[^)\s]+\.txt)\)")
bad, checked = [], 0
for doc in sorted(glob.glob(os.path.join(root, "docs", "*.md")) + [os.path.join(root, "README.md")]):
    text = open(doc, encoding="utf-8").read()
    for para in re.split(r"\n\s*\n", text):
        for figure in FIGURE.finditer(para):
            log = LOG.search(para, figure.end())  # the first log linked after the figure
            if not log:
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(doc), log.group(1)))
            if not os.path.exists(path):
                bad.append(f"{os.path.relpath(doc, root)}: links {log.group(1)}, which is not there")
                continue
            lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
            passed = sum(l.startswith("PASS") for l in lines)
            failed = sum(l.startswith("FAIL") for l in lines)
            checked += 1
            n, m = (int(x.replace(",", "")) for x in figure.groups())
            if (n, m) != (passed, passed + failed):
                bad.append(f"{os.path.relpath(doc, root)}: says {n} of {m}, "
                           f"{log.group(1)} reads {passed} of {passed + failed}")
for b in bad:
    print(b)
print(f"check-doc-figures: {checked} figures read from their logs, {len(bad)} wrong")
sys.exit(1 if bad or not checked else 0)
