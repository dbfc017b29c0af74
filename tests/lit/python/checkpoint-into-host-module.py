# RUN: %lint --checks='-*,hostsync-host-to-device-copy,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}3{{$}}
# A checkpoint torch.load read without map_location holds its tensors where they were saved
# from, a training run's CUDA: loaded into a module still on the host (built, moved after),
# each copy goes to the host. torch.load given straight speaks for its line; so nothing more
# there. Not: weights published at a URL (saved from the host), a module held in an
# attribute (another method, or its own __init__, may have moved it), state mapped to the
# host.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)


def load_url(url):
    return torch.load(url)
    # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:18: warning: 'torch.load' copies each tensor{{.*}}[hostsync-host-to-device-copy]


def evaluate(path):
    saved = torch.load(path)
    # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:19: warning: 'torch.load' copies each tensor{{.*}}[hostsync-host-to-device-copy]
    encoder = Net()
    own = encoder.state_dict()
    encoder.load_state_dict({k: v for k, v in saved.items() if k in own})
    # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:13: warning: 'load_state_dict' copies each CUDA tensor of the state into the module's parameters and buffers, on the host{{.*}}device: unknown (a checkpoint torch.load read without map_location{{.*}}[hostsync-device-to-host-copy]
    encoder.cuda()
    backbone = Net()
    backbone.load_state_dict(load_url("https://example.com/resnet50.pth"))
    mapped = Net()
    mapped.load_state_dict(torch.load(path, map_location="cpu"))
    return encoder, backbone, mapped


class Trainer:
    def __init__(self):
        self.net = Net()

    def resume(self, path):
        state = torch.load(path, map_location="cpu")
        self.net.load_state_dict(state)
