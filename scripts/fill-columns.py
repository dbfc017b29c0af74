#!/usr/bin/env python3
"""Authoring helper for lit tests: replaces COL(token) in a CHECK line with the 1-based
column of `token` in the source line the CHECK refers to ([[@LINE-1]]), so expected
columns come from the test's own source, never from the tool's output."""
import re, sys

for path in sys.argv[1:]:
    lines = open(path).read().split("\n")
    for i, line in enumerate(lines):
        m = re.search(r"\[\[@LINE-(\d+)\]\]:COL\((.*?)\):", line)
        if not m:
            continue
        target = lines[i - int(m.group(1))]
        col = target.find(m.group(2))
        if col < 0:
            sys.exit(f"{path}:{i+1}: token {m.group(2)!r} not in line {target!r}")
        lines[i] = line[:m.start()] + f"[[@LINE-{m.group(1)}]]:{col + 1}:" + line[m.end():]
    open(path, "w").write("\n".join(lines))
