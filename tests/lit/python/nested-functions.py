# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note: the call' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}2{{$}}
# Two functions each define their own `inner`: a call of `inner(...)` binds the one defined
# in the caller (or in a function around it, else the module's), as Python's scopes find
# it, not the file's first `inner`. evaluate() gives its inner a CUDA tensor: a sync;
# report() gives its own a host tensor: none (before, report's inner was never called, its
# parameter of unknown type, and its .item() flagged as a tensor that may be on CUDA).
import torch


def evaluate(batches):
    def inner(x):
        return x.item()
        # CHECK-DAG: nested-functions.py:[[@LINE-1]]:18: warning: 'item' copies a value of a CUDA tensor to the host{{.*}}(hot: reached from a call at nested-functions.py:[[@LINE+3]] (inside a loop); device: cuda{{.*}}[hostsync-item]

    for b in batches:
        inner(torch.ones(3).cuda().sum())
        # CHECK-DAG: nested-functions.py:[[@LINE-1]]:9: note: the call of `inner()` waits for the GPU: 'item' at nested-functions.py:15 syncs in it, on the CUDA tensor this call passes


def report(rows):
    def inner(y):
        return y.item()

    for r in rows:
        inner(torch.zeros(2).sum())


# A third `inner`, which does not sync, given a CUDA tensor: its calls are no calls of
# evaluate's inner (findings at calls are keyed by Python's qualified name,
# scale.<locals>.inner), so they get no finding.
def scale(batches):
    def inner(z):
        return z * 2

    for b in batches:
        inner(torch.ones(3).cuda())
