# RUN: %lint --checks='-*,hostsync-item,hostsync-scalar-tensor-index' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}11{{$}}
# Ops that read a CUDA tensor given where a number goes (measured: bench/library-syncs):
# masked_fill's value, clamp's bounds when one is a number and the other a tensor,
# torch.normal's std tensor, and an index that is a 0-dim integer tensor (argmax/argmin of
# no dim). Not: numbers, both bounds tensors or one bound alone (the tensor overload), a
# float std, argmax along a dim (a tensor of indices, gathered on the device), host values.
# The math module's functions convert a tensor with __float__ (math.exp of a loss, a
# perplexity): not of Python numbers.
import math

import torch


def step(scores, boxes, grid):
    scores, boxes = scores.cuda(), boxes.cuda()
    best = scores.argmax()
    top = boxes[best]
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:17: warning: indexing with a CUDA tensor of no dimensions reads it on the host (__index__ calls item()){{.*}}[hostsync-scalar-tensor-index]
    worst = torch.argmin(scores)
    low = boxes[0, worst]
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:20: warning: indexing with a CUDA tensor of no dimensions{{.*}}[hostsync-scalar-tensor-index]
    # The rule is C++'s (index({t.argmax()})): its noqa holds in Python too.
    kept = boxes[best]  # noqa: hostsync-scalar-tensor-index
    # is_nonzero() reads the value it tests, as item() does.
    if scores.sum().is_nonzero():
        # CHECK-DAG: number-reads.py:[[@LINE-1]]:21: warning: 'is_nonzero' copies a value of a CUDA tensor to the host{{.*}}[hostsync-item]
        pass
    filled = scores.masked_fill(scores > 0.5, scores.max())
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:54: warning: 'masked_fill' reads a CUDA tensor given as the fill value on the host (item()){{.*}}[hostsync-item]
    gain = grid.cuda().sum()
    gj = boxes.long().clamp_(0, gain - 1)
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:33: warning: 'clamp_' reads a CUDA tensor given as a bound with a number on the host (item()){{.*}}[hostsync-item]
    gi = boxes.clamp(min=-1.0, max=gain)
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:36: warning: 'clamp' reads a CUDA tensor given as a bound with a number{{.*}}[hostsync-item]
    noise = torch.normal(scores, scores.abs() + 1)
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:34: warning: 'normal' reads a CUDA tensor given as the standard deviation (checked >= 0) on the host (item()){{.*}}[hostsync-item]
    clipped = torch.clamp(scores, 0, scores.mean())
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:45: warning: 'clamp' reads a CUDA tensor given as a bound with a number{{.*}}[hostsync-item]
    # Read nothing:
    rows = scores.argmax(dim=0)
    picked = boxes[rows]
    quiet = scores.masked_fill(scores > 0.5, float("-inf"))
    both = boxes.clamp(torch.zeros_like(gain), gain)
    one = boxes.clamp(max=gain)
    numbers = boxes.clamp(0, 10)
    smooth = torch.normal(scores, 0.1)
    host = torch.zeros(8)
    host_index = host[host.argmax()]
    # Python's any()/all() read each element's truth; not of values that are no tensors.
    if any(torch.isnan(v) for v in (scores.sum(), noise.sum())):
        # CHECK-DAG: number-reads.py:[[@LINE-1]]:8: warning: Python's 'any()' of a list of {{.*}}tensors{{.*}} reads each element's truth on the host{{.*}}[hostsync-item]
        host_index = None
    checked = all(b is not None for b in (boxes, grid))
    perplexity = math.exp(scores.mean())
    # CHECK-DAG: number-reads.py:[[@LINE-1]]:23: warning: 'math.exp()' of a CUDA tensor copies its value (as float() does){{.*}}[hostsync-item]
    if math.isnan(gain / 2):
        # CHECK-DAG: number-reads.py:[[@LINE-1]]:13: warning: 'math.isnan()' of a CUDA tensor{{.*}}[hostsync-item]
        perplexity = math.sqrt(4.0) + math.log(len(boxes))
    return top, low, filled, gj, gi, noise, clipped, picked, quiet, both, one, numbers, smooth, host_index, checked, perplexity
