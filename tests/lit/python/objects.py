# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy,hostsync-print-tensor' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}14{{$}}
# Objects of the file's own classes: what a class's construction passes its __init__ (a
# loader, a device) is what the methods read from self; and integers as devices: .to(0),
# .to(rank) with rank an int (a literal, int(os.environ[...])) is a CUDA device's index, as
# PyTorch reads it (distributed/ddp-tutorial-series in pytorch/examples). A metric meter
# (pytorch/examples' imagenet AverageMeter) given CUDA values: its attributes are CUDA
# tensors (self.sum = 0, then self.sum += val * n), so formatting them (str.format of the
# object, or of **self.__dict__), comparing the average with max() and testing it are syncs.
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
            # CHECK-DAG: objects.py:[[@LINE-1]]:29: warning: 'to' of a host tensor (a batch of `DataLoader` at line 44){{.*}}(hot: inside a loop; device: cuda (the device index `self.gpu_id` (`0` at line 46))) [hostsync-host-to-device-copy]
            loss = torch.nn.functional.mse_loss(self.model(source), targets.to(self.gpu_id))
            # CHECK-DAG: objects.py:[[@LINE-1]]:77: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
            loss.backward()
            print(loss.item())
            # CHECK-DAG: objects.py:[[@LINE-1]]:24: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]


def torchrun_worker(dataset):
    local_rank = int(os.environ["LOCAL_RANK"])
    for x, y in DataLoader(dataset, pin_memory=True):
        x = x.to(local_rank)
        # CHECK-DAG: objects.py:[[@LINE-1]]:15: warning: 'to' of a host tensor{{.*}}device: cuda (the device index `local_rank` (`int(os.environ["LOCAL_RANK"])` at line 35))) [hostsync-host-to-device-copy]
        y = y.to(local_rank, non_blocking=True)  # pinned: no wait
    return x, y


def main(dataset):
    loader = DataLoader(dataset, batch_size=4)
    model = torch.nn.Linear(8, 1)
    device = 0  # shorthand for cuda:0
    Trainer(model, loader, device).epoch()
    # CHECK-DAG: objects.py:[[@LINE-1]]:5: note: the call of `Trainer.epoch()` waits for the GPU: 'item'{{.*}}[hostsync-item]


class AverageMeter(object):
    def __init__(self, name, fmt=":f"):
        self.name = name
        self.fmt = fmt
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

    def __str__(self):
        fmtstr = "{name} {val" + self.fmt + "} ({avg" + self.fmt + "})"
        return fmtstr.format(**self.__dict__)
        # CHECK-DAG: objects.py:[[@LINE-1]]:23: warning: formatting a CUDA tensor into a string with str.format{{.*}}[hostsync-print-tensor]


def validate(loader):
    model = torch.nn.Linear(4, 2).cuda()
    top1 = AverageMeter("Acc@1", ":6.2f")
    for images, target in loader:
        acc1 = (model(images.cuda()).argmax(1) == target.cuda()).float().mean()
        top1.update(acc1, images.size(0))
    print(" * Acc@1 {top1.avg:.3f}".format(top1=top1))
    # CHECK-DAG: objects.py:[[@LINE-1]]:37: warning: formatting a CUDA tensor into a string with str.format{{.*}}(hot: called in a loop in best_of(); device: cuda{{.*}}[hostsync-print-tensor]
    print(" * {top1.name}".format(top1=top1))  # the name is text
    return top1.avg


def best_of(loader):
    best_acc1 = 0
    for epoch in range(10):
        acc1 = validate(loader)
        # CHECK-DAG: objects.py:[[@LINE-1]]:16: note: the call of `validate()` waits for the GPU: 'str.format' at objects.py:81 syncs in it (hot: inside a loop;{{.*}}[hostsync-print-tensor]
        is_best = acc1 > best_acc1
        best_acc1 = max(acc1, best_acc1)
        # CHECK-DAG: objects.py:[[@LINE-1]]:21: warning: Python's 'max()' of a CUDA tensor{{.*}}[hostsync-item]
        if is_best:
            # CHECK-DAG: objects.py:[[@LINE-1]]:12: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
            print("best")


def negatives(epochs):
    steps = 3
    half = torch.ones(4).to(torch.float16)  # a dtype: no device
    for step in range(steps):
        half = half.to(torch.float32)
    return half, epochs


def library_meters(loader, logger):
    # A library's meter (timm.utils.AverageMeter, not the file's class), named so: update(t)
    # keeps t, so val and avg are CUDA tensors when t is one; a float kept is text.
    from timm.utils import AverageMeter as TimmMeter

    norm_meter, loss_meter, counter = TimmMeter(), TimmMeter(), TimmMeter()
    model = torch.nn.Linear(4, 4).cuda()
    for x in loader:
        loss = model(x.cuda(non_blocking=True)).sum()
        norm_meter.update(torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0))
        loss_meter.update(loss.detach().sum().tolist(), x.size(0))
        counter.update(loss)  # not named a meter: not followed
        logger.info(f"norm {norm_meter.val:.4f} ({norm_meter.avg:.4f}) loss {loss_meter.val:.4f}")
        # CHECK-DAG: objects.py:[[@LINE-1]]:28: warning: formatting a CUDA tensor into a string{{.*}}[hostsync-print-tensor]
        # CHECK-DAG: objects.py:[[@LINE-2]]:50: warning: formatting a CUDA tensor into a string{{.*}}[hostsync-print-tensor]
        logger.info(f"{counter.val}")

# A name of unknown kind moved to CUDA: a copy that may be one (copies.py, batchify).
# CHECK-DAG: objects.py:79:30: warning: '{{[a-z]+}}' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
# CHECK-DAG: objects.py:79:58: warning: '{{[a-z]+}}' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
