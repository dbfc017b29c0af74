# RUN: %lint --checks='-*,hostsync-host-to-device-copy,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}8{{$}}
# A checkpoint torch.load read without map_location holds its tensors where they were saved
# from, a training run's CUDA: loaded into a module still on the host (built, moved after),
# each copy goes to the host. torch.load given straight speaks for its line; so nothing more
# there. Not: weights published at a URL (saved from the host), a module held in an
# attribute (another method, or its own __init__, may have moved it), state mapped to the
# host. A helper that loads without map_location when CUDA is used and maps to the host
# otherwise (`if use_cuda:`, `if device != "cpu":`) gives what the CUDA branch loads: the
# run the findings describe uses CUDA. A dict filled with a checkpoint's entries (keys
# renamed) is that checkpoint: into a CUDA model, no copy from the host. A tensor loaded and
# then moved to the GPU by the program itself (`mel = torch.load(p)`, `mel.cuda()`) was saved
# from the host: its move is the copy, not the load; not a whole module moved in place.
import torch
import torch.nn as nn

use_cuda = torch.cuda.is_available()
device = "cuda" if use_cuda else "cpu"


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


def _load(path):
    if use_cuda:
        checkpoint = torch.load(path)
        # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:28: warning: 'torch.load' copies each tensor{{.*}}[hostsync-host-to-device-copy]
    else:
        checkpoint = torch.load(path, map_location=lambda storage, loc: storage)
    return checkpoint


def _load_on(path):
    if device != "cpu":
        state = torch.load(path)
        # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:23: warning: 'torch.load' copies each tensor{{.*}}[hostsync-host-to-device-copy]
    else:
        state = torch.load(path, map_location="cpu")
    return state


def resume(path, optimizer):
    model = Net().cuda()
    renamed = {}
    for k, v in _load(path)["state_dict"].items():
        renamed[k.replace("module.", "")] = v
    model.load_state_dict(renamed)
    optimizer.load_state_dict(_load(path)["optimizer"])
    fresh = Net()
    fresh.load_state_dict(renamed)
    # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each CUDA tensor of the state into the module's parameters and buffers, on the host{{.*}}[hostsync-device-to-host-copy]
    fresh.cuda()
    model.load_state_dict(_load_on(path))
    return model, fresh


def synthesize(paths, vocoder):
    for path in paths:
        mel = torch.load(path)
        mel = mel.cuda()
        # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:19: warning: 'cuda' of a host tensor (`torch.load(path)` at line [[@LINE-2]], a tensor the program moves to the GPU itself){{.*}}[hostsync-host-to-device-copy]
        vocoder(mel)
    whole = torch.load(paths[0])
    # CHECK-DAG: checkpoint-into-host-module.py:[[@LINE-1]]:19: warning: 'torch.load' copies each tensor{{.*}}[hostsync-host-to-device-copy]
    whole.cuda()
    return whole
