#!/usr/bin/env python3
"""Runs a command and fails unless it exits 0 within SECONDS of wall time and PEAK_MB of peak
resident memory (its own, from getrusage of the child). Prints what it measured, so that a
test's log shows how far from the limit a run was (docs/report.md, "Large jobs").
usage: within-limits.py SECONDS PEAK_MB CMD [ARG...]"""
import resource
import subprocess
import sys
import time

seconds, peak_mb, cmd = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
try:
    rc = subprocess.run(cmd, timeout=seconds).returncode
except subprocess.TimeoutExpired:
    sys.exit(f"within-limits: {cmd[0]} ran past {seconds:g} s")
took = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux
print(f"within-limits: exit {rc}, {took:.2f} s, peak {peak:.0f} MB "
      f"(limits {seconds:g} s, {peak_mb:g} MB)")
if rc != 0 or peak > peak_mb:
    sys.exit(1)
