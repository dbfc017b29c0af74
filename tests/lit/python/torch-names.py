# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}2{{$}}
# torch's tensor types and factories imported by their own names (`from torch import Tensor,
# tensor`) are torch's: `Tensor(data)` makes a host tensor, which `.to(image)` copies to the
# image's device (SRGAN-PyTorch's rgb_to_ycbcr_torch); `tensor(values)` is a host tensor,
# whose `.item()` reads nothing from a GPU. Not torch's modules: `from torch import nn` keeps
# `nn.Linear` as it is.
import torch
from torch import Tensor, nn, tensor


def rgb_to_y():
    image = torch.randn(1, 3, 8, 8, device="cuda")
    weight = Tensor([[65.481], [128.553], [24.966]]).to(image)
    # CHECK-DAG: torch-names.py:[[@LINE-1]]:54: warning: 'to' of a host tensor (made on the CPU by `Tensor({{.*}})`{{.*}}[hostsync-host-to-device-copy]
    offsets = tensor([16.0], device="cuda")
    # CHECK-DAG: torch-names.py:[[@LINE-1]]:15: warning: 'torch.tensor' of host data (a list, a number, an array) copies it to the device{{.*}}[hostsync-host-to-device-copy]
    return torch.matmul(image, weight) + offsets


def summary(val_losses):
    losses = tensor(val_losses)
    layer = nn.Linear(4, 4)
    return losses.mean().item(), layer
