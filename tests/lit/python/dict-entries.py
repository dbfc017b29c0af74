# RUN: %lint --checks='-*,hostsync-host-to-device-copy,hostsync-device-to-host-copy,hostsync-item,hostsync-bool-mask-index' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}7{{$}}
# A batch that is a dict: `inputs[key] = ipt.to(device)` in a loop over its items replaces
# each entry (no tensor written into a host one), and the dict's tensors are on the device
# after it; so are those of `{k: v.to(device) for k, v in batch.items()}`. A key of strings
# replaces one entry: no copy into the batch.
import torch
from torch.utils.data import DataLoader


def train(dataset, device):
    loader = DataLoader(dataset, batch_size=4)
    for inputs in loader:
        for key, ipt in inputs.items():
            inputs[key] = ipt.to(device)
            # CHECK-DAG: dict-entries.py:[[@LINE-1]]:31: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        depth = inputs["depth"]
        print(depth[depth > 0].mean().item())
        # CHECK-DAG: dict-entries.py:[[@LINE-1]]:15: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
        # CHECK-DAG: dict-entries.py:[[@LINE-2]]:39: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]
        inputs[("color", 0)] = depth * 2


def evaluate(dataset, device):
    for batch in DataLoader(dataset, batch_size=4):
        moved = {k: v.to(device) for k, v in batch.items()}
        # CHECK-DAG: dict-entries.py:[[@LINE-1]]:23: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        valid = moved["depth"] > 0
        kept = moved["depth"][valid]
        # CHECK-DAG: dict-entries.py:[[@LINE-1]]:16: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
        batch["pred"] = kept.sum()


def main():
    device = torch.device("cuda")
    train(None, device)
    # CHECK-DAG: dict-entries.py:[[@LINE-1]]:5: note: the call of `train()` waits for the GPU{{.*}}
    evaluate(None, device)
    # CHECK-DAG: dict-entries.py:[[@LINE-1]]:5: note: the call of `evaluate()` waits for the GPU{{.*}}
