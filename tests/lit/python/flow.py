# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}6{{$}}
# Control flow: after an if, a name holds what any branch left it (the branch not taken
# too); a comprehension's and a loop's variables are the elements of what they iterate;
# buffers a module registers are tensors that move with it; Python's max() of tensors.
import torch
import torch.nn as nn


def pick_device(accel):
    if accel and torch.accelerator.is_available():
        device = torch.accelerator.current_accelerator()
    else:
        device = torch.device("cpu")
    batch = torch.ones(4)
    moved = batch.to(device)
    # CHECK-DAG: flow.py:[[@LINE-1]]:19: warning: 'to' of a host tensor{{.*}}device: cuda (`torch.accelerator.current_accelerator()` at line 14)) [hostsync-host-to-device-copy]
    return moved.sum().item()
    # CHECK-DAG: flow.py:[[@LINE-1]]:24: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]


class Queue(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))

    def forward(self, x):
        ptr = int(self.queue_ptr)
        # CHECK-DAG: flow.py:[[@LINE-1]]:15: warning: 'int()' of a tensor that may be on CUDA{{.*}}(hot: in Queue.forward() of an nn.Module;{{.*}}[hostsync-item]
        return x[ptr:]


def best(scores):
    gpu = torch.tensor(scores, device="cuda")
    # CHECK-DAG: flow.py:[[@LINE-1]]:17: warning: 'torch.tensor' of host data{{.*}}[hostsync-host-to-device-copy]
    top = max(gpu[0], gpu[1])
    # CHECK-DAG: flow.py:[[@LINE-1]]:11: warning: Python's 'max()' of a CUDA tensor compares it on the host{{.*}}[hostsync-item]
    values = [v.item() for v in gpu]
    # CHECK-DAG: flow.py:[[@LINE-1]]:17: warning: 'item' copies a value of a CUDA tensor{{.*}}(hot: inside a loop;{{.*}}[hostsync-item]
    return top, values


def negatives(xs):
    if xs:
        device = "cpu"
    else:
        device = torch.device("cpu")
    host = torch.zeros(3).to(device)  # CPU in every branch: no copy
    drops = [x.item() for x in torch.linspace(0, 0.1, 12)]  # a CPU tensor's elements
    for row in torch.arange(4):
        row.item()  # a CPU tensor's rows
    return host, drops, max(xs, 1)
