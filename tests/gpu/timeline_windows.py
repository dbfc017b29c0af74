"""A training-like loop for the timeline checks (check_timelines.py): 100 steps, each marked
with an NVTX range "step", in which the GPU spins for about 60 ms and the host then waits for
a copy back (one long stall per step). With --profiler, steps 20 to 22 run between
cudaProfilerStart and cudaProfilerStop (which also limits what is analysed to them); with
--signal, at step 50 the program sends itself SIGUSR2 (untraced, it would end the program). It writes its own clock readings (time.monotonic_ns, the trace's
clock) of its start, each step's start, the profiler marks and the signal to the JSON file
named.
usage: timeline_windows.py OUT.json [--signal] [--profiler]"""
import json
import os
import signal
import sys
import time

# Read before torch is imported: no CUDA call, so no event of the run, comes before it. The
# periodic windows count from the run's first event (check_timelines.py).
begin = time.monotonic_ns()
import torch  # noqa: E402

out, send_signal, profiler = sys.argv[1], "--signal" in sys.argv[2:], "--profiler" in sys.argv[2:]
x = torch.ones(1 << 20, device="cuda")
marks = {"begin": begin, "steps": [], "profiler": [], "signal": None}
for step in range(100):
    if step == 20 and profiler:
        torch.cuda.profiler.start()
        marks["profiler"].append(time.monotonic_ns())
    if step == 23 and profiler:
        marks["profiler"].append(time.monotonic_ns())
        torch.cuda.profiler.stop()
    if step == 50 and send_signal:
        marks["signal"] = time.monotonic_ns()
        os.kill(os.getpid(), signal.SIGUSR2)
    marks["steps"].append(time.monotonic_ns())
    torch.cuda.nvtx.range_push("step")
    torch.cuda._sleep(120_000_000)  # ~60 ms of GPU time
    (x[:1024] * 2).cpu()  # waits for the spin: a stall
    torch.cuda.nvtx.range_pop()
marks["end"] = time.monotonic_ns()
json.dump(marks, open(out, "w"))
print("steps done")
