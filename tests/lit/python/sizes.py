# RUN: %lint --checks='-*,hostsync-nonzero,hostsync-bool-mask-index,hostsync-unique,hostsync-size-dependent' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}18{{$}}
# Ops that size their result from the data: the host reads the size before it can allocate.
import torch
import torch.nn.functional as F


def positives():
    x = torch.randn(100, device="cuda")
    labels = torch.randint(0, 10, (100,), device="cuda")
    idx = torch.nonzero(x > 0)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:17: warning: 'nonzero' of a CUDA tensor sizes its result{{.*}}[hostsync-nonzero]
    rows = torch.where(x > 0)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:18: warning: 'where' of a CUDA tensor{{.*}}[hostsync-nonzero]
    pos = x.argwhere()
    # CHECK-DAG: sizes.py:[[@LINE-1]]:13: warning: 'argwhere'{{.*}}[hostsync-nonzero]
    kept = x[x > 0]
    # CHECK-DAG: sizes.py:[[@LINE-1]]:12: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    sel = torch.masked_select(x, x < 0)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:17: warning: 'masked_select' of a CUDA tensor{{.*}}[hostsync-bool-mask-index]
    valid = labels != 3
    x[valid] = torch.zeros_like(x)[valid]
    # CHECK-DAG: sizes.py:[[@LINE-1]]:5: warning: writing a tensor through a boolean mask of a CUDA tensor{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: sizes.py:[[@LINE-2]]:16: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    classes = labels.unique()
    # CHECK-DAG: sizes.py:[[@LINE-1]]:22: warning: 'unique' of a CUDA tensor{{.*}}[hostsync-unique]
    counts = torch.bincount(labels)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:20: warning: 'bincount' of a CUDA tensor{{.*}}[hostsync-size-dependent]
    rep = torch.repeat_interleave(x, labels)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:17: warning: 'repeat_interleave' with tensor repeats{{.*}}[hostsync-size-dependent]
    onehot = F.one_hot(labels)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:16: warning: 'one_hot' of a CUDA tensor reads the largest label to size its output on the host{{.*}}[hostsync-size-dependent]
    return idx, rows, pos, kept, sel, classes, counts, rep, onehot


def negatives():
    x = torch.randn(100, device="cuda")
    labels = torch.randint(0, 10, (100,), device="cuda")
    y = torch.where(x > 0, x, 0.0)  # three arguments: a fixed shape
    x[x < 0] = 0.0  # a scalar written through a mask: masked_fill_, no count
    first = x[0]  # an integer index
    part = x[labels]  # an integer index tensor: a gather, no count
    onehot = F.one_hot(labels, num_classes=10)
    rep = x.repeat_interleave(2)  # a number of repeats
    rep2 = torch.repeat_interleave(x, 3, output_size=300)
    host = torch.arange(10)
    u = host.unique()  # on the host: no sync
    return y, first, part, onehot, rep, rep2, u


def masks_in_any_position(reg, probs):
    # The mask in any position of the index (`reg[:, mask]`, after a slice), read or
    # written; a slice or an integer beside it changes nothing.
    reg, probs = reg.cuda(), probs.cuda()
    mask = probs >= 0.5
    kept = reg[:, mask]
    # CHECK-DAG: sizes.py:[[@LINE-1]]:12: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    reg[:, mask] = probs[None, mask]
    # CHECK-DAG: sizes.py:[[@LINE-1]]:5: warning: writing a tensor through a boolean mask of a CUDA tensor{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: sizes.py:[[@LINE-2]]:20: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    first = reg[:, 0]  # an integer: no mask
    return kept, first


def masks_updated_in_place(device):
    # t[mask] += v reads t[mask] and writes it back, whatever v is; a product of two masks
    # is a mask (Rainbow's `l[(u > 0) * (l == u)] -= 1`); a mask times a number is not.
    l = torch.zeros(8, device=device).long()
    u = torch.ones(8, device="cuda").long()
    l[(u > 0) * (l == u)] -= 1
    # CHECK-DAG: sizes.py:[[@LINE-1]]:5: warning: updating a tensor that may be on CUDA through a boolean mask in place (t[mask] += v){{.*}}device: unknown{{.*}}[hostsync-bool-mask-index]
    u[l < 7] += 1
    # CHECK-DAG: sizes.py:[[@LINE-1]]:5: warning: updating a CUDA tensor through a boolean mask in place{{.*}}[hostsync-bool-mask-index]
    weights = (u > 0) * 2.0
    u[0] += 1  # an integer index: no mask
    return weights


def histograms(x):
    # histc reads the minimum and maximum from the device only when they are not given
    # (min == max, 0 and 0 by default); with both bounds given it sizes nothing from data.
    x = torch.randn(8, device="cuda")
    read = torch.histc(x, bins=4)
    # CHECK-DAG: sizes.py:[[@LINE-1]]:18: warning: 'histc' of a CUDA tensor reads the data's min and max to place its bins{{.*}}[hostsync-size-dependent]
    bounded = torch.histc(x, bins=4, min=0, max=3)
    positional = x.histc(4, 0, 3)
    return read, bounded, positional


def histograms_of_tensor_bounds(x):
    # Bounds given as tensors are read as numbers: the histogram syncs all the same.
    x = torch.randn(8, device="cuda")
    read = torch.histc(x, bins=4, min=x.min(), max=x.max())
    # CHECK-DAG: sizes.py:[[@LINE-1]]:18: warning: 'histc' of a CUDA tensor reads the data's min and max to place its bins{{.*}}[hostsync-size-dependent]
    return read
