# RUN: %lint --checks='-*,hostsync-item,hostsync-explicit-sync' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note: the call' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}17{{$}}
# Which calls sync through their callee (model/CallFindings.h, Python's Value::FromParams):
# a value that came through a parameter decides the calls by what they pass there, and
# stays that function's own: an object's attribute, a global a function assigned, a
# closure's name and another function's result are the reader's, whatever parameters made
# them. A sync under an `if` on a parameter used as a flag is the caller's to decide, and
# so is a call under one; a sync inside the condition itself, under a loop bounded by a
# parameter, or under a test of what a tensor parameter is, syncs at every call.
import torch

buf = None


class Meter:
    def __init__(self, device):
        self.total = torch.zeros(1, device=device)

    def report(self, step):
        return self.total.item()
        # CHECK-DAG: params.py:[[@LINE-1]]:27: warning: 'item'{{.*}}[hostsync-item]


def setup(dev):
    global buf
    buf = torch.zeros(3, device=dev)


def step(i):
    return buf.sum().item()
    # CHECK-DAG: params.py:[[@LINE-1]]:22: warning: 'item'{{.*}}[hostsync-item]


def outer(x):
    def inner(n):
        return x.sum().item() * n
        # CHECK-DAG: params.py:[[@LINE-1]]:24: warning: 'item'{{.*}}[hostsync-item]

    return inner(2)
    # CHECK-DAG: params.py:[[@LINE-1]]:12: note: the call of `inner()` waits for the GPU{{.*}}[hostsync-item]


def sign(x):
    return 1 if x.sum().item() > 0 else 2
    # CHECK-DAG: params.py:[[@LINE-1]]:25: warning: 'item'{{.*}}[hostsync-item]


def steps_of(x, steps):
    i = 0
    while i < steps:
        x.sum().item()
        # CHECK-DAG: params.py:[[@LINE-1]]:17: warning: 'item'{{.*}}[hostsync-item]
        i += 1
    if x is not None:
        torch.cuda.synchronize()
        # CHECK-DAG: params.py:[[@LINE-1]]:20: note: 'torch.cuda.synchronize()'{{.*}}[hostsync-explicit-sync]


def wait_all():
    torch.cuda.synchronize()
    # CHECK-DAG: params.py:[[@LINE-1]]:16: note: 'torch.cuda.synchronize()'{{.*}}[hostsync-explicit-sync]


def log(value, sync=False):
    if sync:
        wait_all()  # guarded: log's callers decide
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `wait_all()` waits for the GPU{{.*}}[hostsync-explicit-sync]
    return value


class Ops:
    @staticmethod
    def norm(x, scale):  # no self: x is the first argument
        return (x * scale).sum().item()
        # CHECK-DAG: params.py:[[@LINE-1]]:34: warning: 'item'{{.*}}[hostsync-item]


def main():
    cuda = torch.device("cuda")
    m = Meter(cuda)
    setup(cuda)
    for i in range(10):
        m.report(i)
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `Meter.report()` waits for the GPU{{.*}}[hostsync-item]
        step(i)
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `step()` waits for the GPU{{.*}}[hostsync-item]
        outer(torch.ones(2, device=cuda))
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `outer()` waits for the GPU{{.*}}[hostsync-item]
        sign(torch.ones(2, device=cuda))
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `sign()` waits for the GPU{{.*}}[hostsync-item]
        steps_of(torch.ones(2, device=cuda), 3)
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `steps_of()` waits for the GPU{{.*}}
        log(i)
        Ops().norm(torch.zeros(3), torch.ones(3, device=cuda))
        # CHECK-DAG: params.py:[[@LINE-1]]:9: note: the call of `Ops.norm()` waits for the GPU{{.*}}its argument `torch.ones(3, device=cuda)`{{.*}}[hostsync-item]
        Ops().norm(torch.zeros(3), torch.zeros(3))  # host tensors: no sync


if __name__ == "__main__":
    main()
    # CHECK-DAG: params.py:[[@LINE-1]]:5: note: the call of `main()` waits for the GPU{{.*}}
