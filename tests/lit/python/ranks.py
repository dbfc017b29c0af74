# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}11{{$}}
# How often a sync runs, as the C++ front end ranks it: hot in a loop, in a module's
# forward(), or in a function a loop or a hot function calls; periodic under
# `if step % N == 0` in a loop; cold otherwise.
import torch
import torch.nn as nn

device = "cuda"
scale = torch.ones(1, device=device)
print(scale.item())
# CHECK-DAG: ranks.py:[[@LINE-1]]:13: warning: 'item'{{.*}}(cold: outside any function;{{.*}}[hostsync-item]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.threshold = torch.zeros(1, device=device)

    def forward(self, x):
        if self.threshold.item() > 0:
            # CHECK-DAG: ranks.py:[[@LINE-1]]:27: warning: 'item'{{.*}}(hot: in Net.forward() of an nn.Module; device: cuda (`torch.zeros(1, device=device)` at line 21)) [hostsync-item]
            x = x * 2
        return self.helper(x)
        # CHECK-DAG: ranks.py:[[@LINE-1]]:16: note: the call of `Net.helper()` waits for the GPU: 'item' at ranks.py:[[@LINE+3]] syncs in it (hot: in Net.forward() of an nn.Module;{{.*}}[hostsync-item]

    def helper(self, x):
        return x / scale.item()
        # CHECK-DAG: ranks.py:[[@LINE-1]]:26: warning: 'item'{{.*}}(hot: called from Net.forward(), which is hot;{{.*}}[hostsync-item]


def log(loss):
    return loss.item()
    # CHECK-DAG: ranks.py:[[@LINE-1]]:17: warning: 'item'{{.*}}(hot: called in a loop in train();{{.*}}[hostsync-item]


def train(model, batches):
    for step, batch in enumerate(batches):
        loss = model(batch).sum()
        log(loss)
        if step % 50 == 0:
            print(loss.item())
            # CHECK-DAG: ranks.py:[[@LINE-1]]:24: warning: 'item'{{.*}}(periodic: once every 50 iterations of a loop;{{.*}}[hostsync-item]
            report(loss)
        values = [t.item() for t in torch.ones(3, device=device)]
        # CHECK-DAG: ranks.py:[[@LINE-1]]:21: warning: 'item'{{.*}}(hot: inside a loop;{{.*}}[hostsync-item]
    final = scale.item()
    # CHECK-DAG: ranks.py:[[@LINE-1]]:19: warning: 'item'{{.*}}(cold: in train(), not reached from a loop or forward();{{.*}}[hostsync-item]
    return values, final


# Called only under `if step % 50 == 0` in a loop: periodic, and so is what it calls (as the
# C++ front end ranks them; before, hot in Python).
def report(loss):
    shown = loss.item()
    # CHECK-DAG: ranks.py:[[@LINE-1]]:18: warning: 'item'{{.*}}(periodic: called once every 50 iterations of a loop in train();{{.*}}[hostsync-item]
    return shown + summary(loss)


def summary(loss):
    return loss.max().item()
    # CHECK-DAG: ranks.py:[[@LINE-1]]:23: warning: 'item'{{.*}}(periodic: called from report(), which is periodic;{{.*}}[hostsync-item]


def suppressed():
    a = scale.item()  # noqa: hostsync-item
    b = scale.item()  # NOLINT(hostsync-item): once, at the end
    c = scale.item()  # noqa
    d = scale.item()  # noqa: E501 (another tool's code: does not suppress ours)
    # CHECK-DAG: ranks.py:[[@LINE-1]]:15: warning: 'item'{{.*}}[hostsync-item]
    return a, b, c, d
