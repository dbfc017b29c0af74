#!/usr/bin/env python3
"""Runs a Python training script under torch.profiler (Kineto, CPU + CUDA activities) from
its first line to its last, and exports the Chrome trace at the end, as a user profiling a
whole job does: bench/trace-overhead's torch_profiler mode for the real programs (issue 49:
README's tracer row weighs hostsync-trace against torch.profiler on the same whole run).
usage: profile-whole-run.py EXPORT.json SCRIPT [ARG...]"""
import os
import runpy
import sys

import torch
from torch.profiler import ProfilerActivity, profile

export, script = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[2:]  # the script sees its own command line, and its folder's modules
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
    runpy.run_path(script, run_name="__main__")
prof.export_chrome_trace(export)
