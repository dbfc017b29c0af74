# RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}6{{$}}
# torchvision's normalize, rotate and affine of a CUDA tensor copy their constants from the
# host (measured: bench/library-syncs): the functions by any name the file imports them as,
# and the transform objects that call them (Normalize, RandomRotation, RandomAffine, a Compose
# of one), held in a name, an attribute or made on the spot. Not: torch's F.normalize, flips
# and crops (nothing copied), a Compose with ToTensor (a loader's, on the host), a transform
# of a host tensor. A transform of unknown origin by its name (`conf.test_transform(img)`, a
# Compose another module's config holds) given an image makes a host tensor, as ToTensor
# does: moved to CUDA, a copy; given a tensor, it is where the tensor is.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.transforms.functional as TF
from torchvision import transforms
from torchvision.transforms import functional as F_vision


class ContentLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.normalize = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])

    def forward(self, sr):
        return self.normalize(sr)
        # CHECK-DAG: torchvision-transforms.py:[[@LINE-1]]:21: warning: a torchvision transform (Normalize, RandomRotation, RandomAffine) of a CUDA tensor copies its constants{{.*}}[hostsync-host-to-device-copy]


def augment(loader, host_image):
    criterion = ContentLoss().cuda()
    norm = transforms.Normalize([0.5] * 3, [0.5] * 3)
    for images in loader:
        images = images.cuda(non_blocking=True)
        a = TF.normalize(images, [0.5] * 3, [0.5] * 3)
        # CHECK-DAG: torchvision-transforms.py:[[@LINE-1]]:16: warning: torchvision's 'normalize' of a CUDA tensor copies mean and std to the device and reads (std == 0).any() on the host{{.*}}hot{{.*}}[hostsync-host-to-device-copy]
        b = F_vision.rotate(images, 10.0)
        # CHECK-DAG: torchvision-transforms.py:[[@LINE-1]]:22: warning: torchvision's 'rotate' of a CUDA tensor copies its affine matrix from the host to the device{{.*}}[hostsync-host-to-device-copy]
        c = norm(images)
        # CHECK-DAG: torchvision-transforms.py:[[@LINE-1]]:13: warning: a torchvision transform{{.*}}[hostsync-host-to-device-copy]
        d = transforms.Compose([transforms.RandomAffine(5), transforms.ColorJitter(0.4)])(images)
        # CHECK-DAG: torchvision-transforms.py:[[@LINE-1]]:13: warning: a torchvision transform{{.*}}[hostsync-host-to-device-copy]
        loss = criterion(a)
        # The transforms that copy nothing, torch's own normalize, host tensors:
        e = F.normalize(images, dim=1)
        f = TF.hflip(images)
        g = TF.center_crop(images, [16, 16])
        h = norm(host_image)
        grouped = transforms.Compose([GroupScale(256), GroupNormalize([0.5], [0.5])])(images)
        loader_transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize([0.5], [0.5])])
        k = loader_transform(host_image)
    return a, b, c, d, e, f, g, h, k, loss


def embed(conf, model, faces, device):
    embs = []
    for img in faces:
        embs.append(model(conf.test_transform(img).to(device)))
        # CHECK-DAG: torchvision-transforms.py:[[@LINE-1]]:52: warning: 'to' of a host tensor (what the image transform `conf.test_transform` at line [[@LINE-1]] makes){{.*}}[hostsync-host-to-device-copy]
        face = torch.ones(3, 8, 8, device="cuda")
        embs.append(model(conf.gpu_transform(face).to(device)))
    return embs
