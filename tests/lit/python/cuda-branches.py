# RUN: %lint --checks='-*,hostsync-item,hostsync-device-to-host-copy,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}6{{$}}
# A test of whether CUDA is used (`if self.gpu_mode:`, `if use_cuda:`, `if args.cpu:`, `if
# src.is_cuda:`, `if device == "cpu":`): the run the findings describe takes its CUDA branch,
# so after the if a name holds what that branch left it; and the host's branch runs only
# where CUDA is off, so what it does reads no GPU (the GAN collection's `else: samples =
# samples.data.numpy()`). Not an explicit copy to the host there (dino's `else:` of `if
# use_cuda:`, which says where to keep a feature bank, moves CUDA features with .cpu()), and
# not a comparison of a name that is no device's (YOLOX's `if mode == "cpu":` fallback).
import torch


class GAN:
    def __init__(self, gpu_mode):
        self.gpu_mode = gpu_mode
        self.G = torch.nn.Linear(4, 4)
        if self.gpu_mode:
            self.G.cuda()

    def visualize(self, z):
        samples = self.G(z.cuda() if self.gpu_mode else z)
        # CHECK-DAG: cuda-branches.py:[[@LINE-1]]:28: warning: 'cuda' of a value that may be a host tensor{{.*}}[hostsync-host-to-device-copy]
        if self.gpu_mode:
            samples = samples.cpu().data.numpy()
            # CHECK-DAG: cuda-branches.py:[[@LINE-1]]:31: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
        else:
            samples = samples.data.numpy()
            print(samples.sum().item())
        return samples


def store(features, index, feats, use_cuda, args):
    if use_cuda:
        features.index_copy_(0, index, feats)
    else:
        features.index_copy_(0, index.cpu(), feats.cpu())
        # CHECK-DAG: cuda-branches.py:[[@LINE-1]]:39: warning: 'cpu' copies a tensor that may be on CUDA to the host{{.*}}[hostsync-device-to-host-copy]
        # CHECK-DAG: cuda-branches.py:[[@LINE-2]]:52: warning: 'cpu' copies a tensor that may be on CUDA to the host{{.*}}[hostsync-device-to-host-copy]
    if args.cpu:
        print(feats.mean().item())
    return features


def assign(boxes, mode="gpu"):
    boxes = boxes.cuda()
    # CHECK-DAG: cuda-branches.py:[[@LINE-1]]:19: warning: 'cuda' of a value that may be a host tensor{{.*}}[hostsync-host-to-device-copy]
    if mode == "cpu":
        boxes = boxes.cpu()
        # CHECK-DAG: cuda-branches.py:[[@LINE-1]]:23: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
    return boxes
