# RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}7{{$}}
# A Python number written into one element of a CUDA tensor (an integer index per
# dimension, the rank from the factory's sizes) is copied from a 0-dim host tensor: a
# blocking copy (bench/library-syncs: 1 wait per write on PyTorch 2.11). Not: a row of a 2-D
# tensor or a slice (filled on the device), t[i].fill_(v), a mask, a host tensor, a tensor of
# unknown rank (torch.zeros(shape)), a value that is not a number.
import random

import torch


def multiscale(size_factor):
    tensor = torch.LongTensor(2).cuda()
    # CHECK-DAG: element-writes.py:[[@LINE-1]]:34: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
    s = random.randint(10, 20)
    size = (int(32 * s), 32 * int(s * size_factor))
    tensor[0] = size[0]
    # CHECK-DAG: element-writes.py:[[@LINE-1]]:5: warning: writing a Python number into one element of a CUDA tensor copies it from a 0-dim host tensor{{.*}}[hostsync-host-to-device-copy]
    return tensor


def evaluate(n_class_detections, shape, values):
    device = torch.device("cuda")
    false_positives = torch.zeros((n_class_detections), dtype=torch.float).to(device)
    # CHECK-DAG: element-writes.py:[[@LINE-1]]:76: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
    grid = torch.zeros(4, 4, device="cuda")
    unknown_rank = torch.zeros(shape, device="cuda")
    queue_ptr = torch.zeros(1, dtype=torch.long, device="cuda")
    for d in range(n_class_detections):
        false_positives[d] = 1
        # CHECK-DAG: element-writes.py:[[@LINE-1]]:9: warning: writing a Python number into one element{{.*}}hot{{.*}}[hostsync-host-to-device-copy]
        grid[d, 1] = 0.5
        # CHECK-DAG: element-writes.py:[[@LINE-1]]:9: warning: writing a Python number into one element{{.*}}[hostsync-host-to-device-copy]
        grid[d] = 0
        grid[:, d] = 0
        grid[d, 1].fill_(1.0)
        grid[grid > 0.5] = 0
        unknown_rank[d] = 0
        false_positives[d] = values[d]
    queue_ptr[0] = len(values)
    # CHECK-DAG: element-writes.py:[[@LINE-1]]:5: warning: writing a Python number into one element{{.*}}[hostsync-host-to-device-copy]
    host = torch.zeros(3)
    host[0] = 1
    # Not an element: a row of torch.eye's matrix, a size that may hold several, a list's
    # element replaced, an index of unknown kind.
    eye = torch.eye(4, device="cuda")
    eye[0] = 0
    img_size = values.shape
    canvas = torch.zeros(img_size, device="cuda")
    canvas[0] = 1
    buffers = [torch.zeros(n_class_detections, device="cuda") for _ in range(2)]
    buffers[0] = 0
    false_positives[values] = 1
    # A number written through CUDA index tensors: index_put_ copies it from the host first;
    # through a mask it is a masked_fill (none).
    rows = torch.arange(4, device="cuda")
    grid[rows, rows] = 1
    # CHECK-DAG: element-writes.py:[[@LINE-1]]:5: warning: writing a Python number through an index tensor into a CUDA tensor{{.*}}[hostsync-host-to-device-copy]
    grid[grid > 0.5] = 0
    return false_positives, grid, unknown_rank, host, eye, canvas, buffers
