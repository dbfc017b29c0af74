# RUN: %lint --checks='-*,hostsync-host-to-device-copy,hostsync-device-to-host-copy,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}4{{$}}
# What takes a state dict is a module: a value of unknown kind moved to CUDA (a factory from
# a table, `DiT_models[name](...).to(device)`) or moved in place by a statement whose result
# is dropped (`net.cuda()`: a tensor's copy would be lost) loads a host checkpoint with
# copies to the device. The dropped move itself is the module's, no tensor's copy. Not:
# another module's state_dict() of unknown place (a DQN's target network, most likely on the
# same device). And a function that returns a tuple on one path and a tensor on another
# leaves the tuple's numbers numbers where a caller unpacks it.
import torch

DiT_models = {}


def sample(args):
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = DiT_models[args.model](input_size=32, num_classes=args.num_classes).to(device)
    state = torch.load(args.ckpt, map_location=lambda storage, loc: storage)
    model.load_state_dict(state)
    # CHECK-DAG: moved-modules.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA{{.*}}[hostsync-host-to-device-copy]
    return model


def evaluate(args, net, policy, target):
    net.cuda()
    net.load_state_dict(torch.load(args.ckpt, map_location="cpu"))
    # CHECK-DAG: moved-modules.py:[[@LINE-1]]:9: warning: 'load_state_dict' copies each saved tensor{{.*}}device: cuda (`.cuda()` at line [[@LINE-2]]){{.*}}[hostsync-host-to-device-copy]
    target.cuda()
    target.load_state_dict(policy.state_dict())


def features(model, frame, return_size=False):
    out = model(frame.cuda())
    # CHECK-DAG: moved-modules.py:[[@LINE-1]]:23: warning: 'cuda' of a value that may be a host tensor{{.*}}[hostsync-host-to-device-copy]
    h = int(frame.shape[1] / 16)
    if return_size:
        return out, h
    return out


def propagate(model, frame):
    feats, h = features(model, frame, return_size=True)
    grid = torch.zeros(h, h)
    whole = features(model, frame)
    return grid, whole.cpu()
    # CHECK-DAG: moved-modules.py:[[@LINE-1]]:24: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
