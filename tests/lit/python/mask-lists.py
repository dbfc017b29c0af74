# RUN: %lint --checks='-*,hostsync-bool-mask-index' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}3{{$}}
# A list of masks (fg_masks.append(fg_mask), an assigner's per-image masks) stays one:
# torch.cat or torch.stack of it is a mask, and indexing a CUDA tensor with it counts its
# true elements on the host. Not a list that also holds a tensor that is no mask.
import torch


def losses(outputs):
    outputs = outputs.cuda()
    fg_masks, scores = [], []
    for i in range(4):
        fg_mask = outputs[i, :, 0] > 0.5
        fg_masks.append(fg_mask)
        scores.append(fg_mask)
        scores.append(outputs[i, :, 1])
        kept = outputs[i][fg_mask]
        # CHECK-DAG: mask-lists.py:[[@LINE-1]]:16: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    fg_masks = torch.cat(fg_masks, 0)
    boxes = outputs.view(-1, 4)[fg_masks]
    # CHECK-DAG: mask-lists.py:[[@LINE-1]]:13: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    stacked = outputs[:4, :, 0][torch.stack([outputs[0, :, 0] > 0, outputs[1, :, 0] > 0])]
    # CHECK-DAG: mask-lists.py:[[@LINE-1]]:15: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    weights = torch.cat(scores, 0)
    picked = outputs.view(-1)[weights.long()]
    return kept, boxes, stacked, picked
