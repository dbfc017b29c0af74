"""A backward pass that syncs on autograd's own thread (issue 34, item 4): the backward of a
boolean-mask index (index_put_ with the mask: a nonzero, whose count is copied to the host)
runs on the engine's device thread, which runs no Python. Each step queues about 20 ms of GPU
work before backward(), so that sync waits a known time. The program times its own backward,
and a tensor hook notes which thread runs the mask's backward and when it starts; it writes that, and the gradients'
sums, to a JSON file for check_autograd_thread.py.
usage: python3 autograd_thread_sync.py OUT.json [steps]"""
import json
import sys
import threading
import time

import torch

out = sys.argv[1]
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
torch.manual_seed(0)
dev = torch.device("cuda")
x = torch.randn(1 << 20, device=dev, requires_grad=True)
mask = torch.randn(1 << 20, device=dev) > 0
# About 20 ms of GPU work for torch.cuda._sleep, from the SM clock.
cycles = int(torch.cuda.get_device_properties(dev).clock_rate * 20) if hasattr(
    torch.cuda.get_device_properties(dev), "clock_rate") else 40_000_000

engine = {}


def note_engine_thread(grad):
    """Runs on the engine's thread just before the mask's index backward, whose sync
    follows: when, and which thread. Returns None: the gradient is unchanged."""
    engine["tid"] = threading.get_native_id()
    engine["hook_ns"] = time.monotonic_ns()


def step():
    x.grad = None
    y = x[mask]
    y.register_hook(note_engine_thread)
    loss = (y * y).sum()
    torch.cuda._sleep(cycles)
    t0 = time.monotonic_ns()
    loss.backward()  # the mask's index backward syncs on the engine's thread
    t1 = time.monotonic_ns()
    torch.cuda.synchronize()
    return {"start_ns": t0, "hook_ns": engine["hook_ns"], "end_ns": t1,
            "grad_sum": round(x.grad.double().sum().item(), 6)}


step()  # warm-up: the kernels of backward are loaded on first use
runs = [step() for _ in range(steps)]
json.dump({"main_tid": threading.get_native_id(), "engine_tid": engine.get("tid"),
           "steps": runs}, open(out, "w"))
print("grad sums:", " ".join(str(r["grad_sum"]) for r in runs))
