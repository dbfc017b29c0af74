# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}4{{$}}
# Objects of the file's own classes: what a class's construction passes its __init__ (a
# loader, a device) is what the methods read from self; and integers as devices: .to(0),
# .to(rank) with rank an int (a literal, int(os.environ[...])) is a CUDA device's index, as
# PyTorch reads it (distributed/ddp-tutorial-series in pytorch/examples).
import os
import torch
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, loader, gpu_id):
        self.gpu_id = gpu_id
        self.model = model.to(gpu_id)
        self.loader = loader

    def epoch(self):
        for source, targets in self.loader:
            source = source.to(self.gpu_id)
            # CHECK-DAG: objects.py:[[@LINE-1]]:29: warning: 'to' of a host tensor (a batch of `DataLoader` at line 41){{.*}}(hot: inside a loop; device: cuda (the device index `self.gpu_id` (`0` at line 43))) [hostsync-host-to-device-copy]
            loss = torch.nn.functional.mse_loss(self.model(source), targets.to(self.gpu_id))
            # CHECK-DAG: objects.py:[[@LINE-1]]:77: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
            loss.backward()
            print(loss.item())
            # CHECK-DAG: objects.py:[[@LINE-1]]:24: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]


def torchrun_worker(dataset):
    local_rank = int(os.environ["LOCAL_RANK"])
    for x, y in DataLoader(dataset, pin_memory=True):
        x = x.to(local_rank)
        # CHECK-DAG: objects.py:[[@LINE-1]]:15: warning: 'to' of a host tensor{{.*}}device: cuda (the device index `local_rank` (`int(os.environ["LOCAL_RANK"])` at line 32))) [hostsync-host-to-device-copy]
        y = y.to(local_rank, non_blocking=True)  # pinned: no wait
    return x, y


def main(dataset):
    loader = DataLoader(dataset, batch_size=4)
    model = torch.nn.Linear(8, 1)
    device = 0  # shorthand for cuda:0
    Trainer(model, loader, device).epoch()


def negatives(epochs):
    steps = 3
    half = torch.ones(4).to(torch.float16)  # a dtype: no device
    for step in range(steps):
        half = half.to(torch.float32)
    return half, epochs
