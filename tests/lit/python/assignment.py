# RUN: %lint --checks='-*,hostsync-bool-mask-index,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}5{{$}}
# A detector's label assignment (YOLOX's SimOTA, read in one file): masks made of a
# reduction's named tuple (`x.min(dim=-1).values > 0`) and returned from a method, inputs
# copied to the host only under a fallback flag (`if mode == "cpu": x = x.cpu()`: on the
# other path they stay where the caller's are, so the masks may be on CUDA).
import torch


class Head(torch.nn.Module):
    def geometry(self, boxes, shifts):
        inside = (boxes - shifts).min(dim=-1).values > 0.0
        anchor_filter = inside.sum(dim=0) > 0
        return anchor_filter, inside[:, anchor_filter]
        # CHECK-DAG: assignment.py:[[@LINE-1]]:31: warning: indexing a tensor that may be on CUDA with a boolean mask{{.*}}[hostsync-bool-mask-index]

    def assign(self, boxes, preds, shifts, mode="gpu"):
        if mode == "cpu":
            boxes, shifts = boxes.cpu(), shifts.cpu()
        fg_mask, relation = self.geometry(boxes, shifts)
        picked = preds[fg_mask]
        # CHECK-DAG: assignment.py:[[@LINE-1]]:18: warning: indexing a tensor that may be on CUDA with a boolean mask{{.*}}[hostsync-bool-mask-index]
        cost = picked.sum() + float(1e6) * (~relation)
        matching = torch.zeros_like(cost, dtype=torch.uint8)
        per_anchor = matching.sum(0)
        if per_anchor.max() > 1:
            # CHECK-DAG: assignment.py:[[@LINE-1]]:12: warning: testing the truth of a tensor that may be on CUDA{{.*}}[hostsync-item]
            matching[:, per_anchor > 1] *= 0
            # CHECK-DAG: assignment.py:[[@LINE-1]]:13: warning: updating a tensor that may be on CUDA through a boolean mask in place{{.*}}[hostsync-bool-mask-index]
        num_fg = (per_anchor > 0).sum().item()
        # CHECK-DAG: assignment.py:[[@LINE-1]]:41: warning: 'item' copies a value of a tensor that may be on CUDA{{.*}}[hostsync-item]
        best = preds.max(dim=0).indices
        return matching, num_fg, preds[best]
