# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}7{{$}}
# What the file's functions return, where they are called; the legacy constructors
# (torch.Tensor(data)) make host tensors; an AMP GradScaler's step reads found_inf with
# .item(), and its get_scale() and state_dict() read the scale; None gives way to the value a branch or a later method sets.
import torch
import torch.nn as nn


def causal_mask(n):
    return torch.triu(torch.ones(n, n), diagonal=1).bool()


def read_frame(path):
    return torch.from_numpy(load(path))


def load(path):
    return path


class Net(nn.Module):
    def forward(self, x):
        mask = causal_mask(x.size(0)).to(x.device)
        # CHECK-DAG: returns.py:[[@LINE-1]]:39: warning: 'to' of a host tensor (made on the CPU by `torch.ones(n, n)` at line 13 (no device=)){{.*}}(hot: in Net.forward() of an nn.Module;{{.*}}[hostsync-host-to-device-copy]
        return x.masked_fill(mask, 0)


def generate(model, device, steps, use_amp):
    scaler = None
    if use_amp:
        scaler = torch.cuda.amp.GradScaler()
    for word in range(steps):
        token = torch.Tensor([[word]]).long().to(device)
        # CHECK-DAG: returns.py:[[@LINE-1]]:47: warning: 'to' of a host tensor (made on the CPU by `torch.Tensor({{.*}})` at line [[@LINE-1]]){{.*}}[hostsync-host-to-device-copy]
        frame = read_frame("f.png").cuda()
        # CHECK-DAG: returns.py:[[@LINE-1]]:37: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        loss = model(token).sum()
        if scaler is not None:
            scaler.scale(loss).backward()
            scaler.step(model.optimizer)
            # CHECK-DAG: returns.py:[[@LINE-1]]:20: warning: 'GradScaler.step' reads whether the gradients hold an inf or a NaN{{.*}}device: cuda (`torch.cuda.amp.GradScaler()` at line [[@LINE-10]])) [hostsync-item]
            scaler.update()
            print(scaler.get_scale())
            # CHECK-DAG: returns.py:[[@LINE-1]]:26: warning: 'GradScaler.get_scale' reads the loss scale from the GPU with .item(){{.*}}[hostsync-item]
    if scaler is not None:
        torch.save({"scaler": scaler.state_dict()}, "amp.pth")
        # CHECK-DAG: returns.py:[[@LINE-1]]:38: warning: 'GradScaler.state_dict' reads the loss scale{{.*}}[hostsync-item]
    return frame


def negatives(device):
    mask = causal_mask(4).to(torch.bool)  # a dtype: no copy
    step = torch.optim.SGD([], lr=0.1)
    step.step()  # an optimizer's step, not a scaler's
    return mask


if __name__ == "__main__":
    generate(Net().to("cuda"), "cuda", 10, True)
    # CHECK-DAG: returns.py:[[@LINE-1]]:5: note: the call of `generate()` waits for the GPU: 'GradScaler.step'{{.*}}[hostsync-item]
