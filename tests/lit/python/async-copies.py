# RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}2{{$}}
# `x.cuda(async=True)`, PyTorch 0.3's name of non_blocking=True (a keyword since Python 3.7,
# which tree-sitter still reads): from a pin_memory=True loader's batch, no wait; from
# pageable memory, a blocking copy, as non_blocking=True is.
import torch
from torch.utils.data import DataLoader


def train(dataset, model):
    for images, target in DataLoader(dataset, batch_size=64, pin_memory=True):
        target = target.cuda(async=True)
        images = images.cuda(non_blocking=True)
        model(images, target)
    for images, target in DataLoader(dataset, batch_size=64):
        target = target.cuda(async=True)
        # CHECK-DAG: async-copies.py:[[@LINE-1]]:25: warning: 'cuda(non_blocking=True)' of a host tensor in pageable memory{{.*}}[hostsync-host-to-device-copy]
        images = images.cuda()
        # CHECK-DAG: async-copies.py:[[@LINE-1]]:25: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        model(images, target)
