#!/usr/bin/env python3
"""A thin timer around a real multi-threaded program's own calls, for bench/real-thread-waits
(issue 34: a traced program runs as it would untraced, thread by thread).

Runs SERVER (pytorch/pytorch's benchmarks/inference/server.py, unmodified, from the ignored
.bench-src/) as its own __main__, with ARGS as its command line, after wrapping, in this
process only, these calls with a clock (time.monotonic_ns, the tracer's CLOCK_MONOTONIC):
  - the backend's three thread functions, as the program hands them to its thread pools
    (copy_data on the H2D thread, model_predict on the worker threads, respond on the D2H
    thread): the BackendWorker instance is found in the coroutine given to asyncio.run, and
    each of its three bound methods is replaced, on that instance, by a timed one;
  - torch.Tensor.cpu (the D2H thread's wait for the GPU: a copy to pageable memory that
    waits for its stream), torch.Tensor.pin_memory (the H2D thread);
  - the outermost nn.Module call of each thread (the worker threads' forward pass: its
    kernel launches).
Nothing else changes: the same arguments, the same calls, in the same order, on the same
threads. Each record is (what, native thread id, thread name, start ns, end ns); written as
JSON to $HOSTSYNC_BENCH_CALLS at exit, after the program's thread pools have joined.

usage: HOSTSYNC_BENCH_CALLS=calls.json real-thread-waits-wrap.py SERVER.py ARGS..."""
import asyncio
import atexit
import json
import os
import runpy
import sys
import threading
import time

import torch

OUT = os.environ["HOSTSYNC_BENCH_CALLS"]
PID = os.getpid()
calls = []  # list.append holds the GIL: safe from every thread


def record(what, t0, t1):
    calls.append((what, threading.get_native_id(), threading.current_thread().name, t0, t1))


def timed(what, f):
    def call(*a, **k):
        t0 = time.monotonic_ns()
        try:
            return f(*a, **k)
        finally:
            record(what, t0, time.monotonic_ns())
    return call


torch.Tensor.cpu = timed("cpu", torch.Tensor.cpu)
torch.Tensor.pin_memory = timed("pin_memory", torch.Tensor.pin_memory)

_depth = threading.local()
_module_call = torch.nn.Module.__call__


def module_call(self, *a, **k):
    if getattr(_depth, "d", 0):
        return _module_call(self, *a, **k)
    _depth.d = 1
    t0 = time.monotonic_ns()
    try:
        return _module_call(self, *a, **k)
    finally:
        _depth.d = 0
        record("forward", t0, time.monotonic_ns())


torch.nn.Module.__call__ = module_call

_asyncio_run = asyncio.run


def asyncio_run(main, **kw):
    frame = getattr(main, "cr_frame", None)
    backend = frame.f_locals.get("self") if frame is not None else None
    if backend is not None:
        for name in ("copy_data", "model_predict", "respond"):
            if hasattr(backend, name):
                setattr(backend, name, timed(name, getattr(backend, name)))
    return _asyncio_run(main, **kw)


asyncio.run = asyncio_run


@atexit.register
def write():
    if os.getpid() != PID:
        return
    with open(OUT, "w") as f:
        json.dump({"pid": PID, "main_tid": threading.main_thread().native_id,
                   "fields": ["what", "tid", "thread", "start_ns", "end_ns"],
                   "calls": calls}, f)


if __name__ == "__main__":
    server = sys.argv[1]
    sys.argv = [server] + sys.argv[2:]
    runpy.run_path(server, run_name="__main__")
