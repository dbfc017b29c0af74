# RUN: %lint %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}8{{$}}
# forward()'s inputs of a module class that no call in view gives a value: tensors of a place
# nothing here says (a module is called with tensors, where it is), so the ops that sync on
# any tensor are flagged there (retinanet's FocalLoss.forward(classifications, annotations)).
# Read as they are (`if train:`, `x[:, :n]`, `int(n)`) they are as often flags and sizes: a
# finding needs a tensor's method or a torch function of them first (`if mask.any():`).
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class FocalLoss(nn.Module):
    def forward(self, classifications, annotations):
        for j in range(classifications.shape[0]):
            bbox_annotation = annotations[j, :, :]
            bbox_annotation = bbox_annotation[bbox_annotation[:, 4] != -1]
            # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:31: warning: indexing a tensor that may be on CUDA with a boolean mask{{.*}}[hostsync-bool-mask-index]
            positive = classifications[j] > 0.5
            if positive.sum() > 0:
                # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:16: warning: testing the truth of a tensor that may be on CUDA{{.*}}[hostsync-item]
                pass
            if torch.any(positive):
                # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:22: warning: testing the truth of a tensor that may be on CUDA{{.*}}[hostsync-item]
                pass
            keep = positive.nonzero()
            # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:29: warning: 'nonzero' of a tensor that may be on CUDA{{.*}}[hostsync-nonzero]
        return keep


class Embedder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(10, 4)

    # Flags, sizes and containers among the inputs: no finding of them as they are.
    def forward(self, labels, train, optimizer_idx, nodes, kwargs, H: int, mask: Optional[torch.Tensor], scale=None):
        if train and optimizer_idx == 0:
            labels = labels * 2
        edges = labels[:, : nodes * 2]
        width = int(nodes)
        print(f"step {optimizer_idx}")
        if not kwargs.get("from_nested", False):
            pass
        rows = torch.zeros(H, 4)
        height, width = labels  # a tuple of sizes as often as of tensors
        if height > width:
            pass
        positive = F.relu(edges)
        if positive.max() > 0:
            # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:12: warning: testing the truth of a tensor that may be on CUDA{{.*}}[hostsync-item]
            pass
        if mask is not None and mask.any():
            # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:38: warning: testing the truth of a tensor that may be on CUDA{{.*}}[hostsync-item]
            pass
        if scale is not None and scale.any():  # a default: what a call that leaves it out gets
            pass
        return self.embed(labels), rows, width


class Plain:
    # Not a module: its inputs are what calls give it.
    def forward(self, x, n):
        return x[x > 0], int(n)


def plain_call():
    return Plain().forward(torch.zeros(3), 2)


class ERM(nn.Module):
    # Every method's inputs, not only forward()'s (DomainBed's update(minibatches), a loss's
    # compute(z, e)); __init__'s are its settings. A static method has no self.
    def __init__(self, classes, hparams):
        super().__init__()
        self.net = nn.Linear(4, classes) if hparams else nn.Identity()

    def update(self, minibatches, step):
        all_x = torch.cat([x for x, y in minibatches])
        keep = all_x.sum(1) > 0
        if step % 100 == 0:
            pass
        return all_x[keep]
        # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:16: warning: indexing a tensor that may be on CUDA with a boolean mask{{.*}}[hostsync-bool-mask-index]

    @staticmethod
    def pick(scores):
        return scores.nonzero()
        # CHECK-DAG: forward-inputs.py:[[@LINE-1]]:23: warning: 'nonzero' of a tensor that may be on CUDA{{.*}}[hostsync-nonzero]

    def _make_layers(self, blocks, sizes):
        # Settings, read as they are: no finding.
        layers = [int(size) for size in sizes.split(",")]
        print("{} blocks".format(blocks))
        return layers
