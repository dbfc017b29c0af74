# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}13{{$}}
# Legacy tensor types (PyTorch-GAN's `Tensor = torch.cuda.FloatTensor if cuda else
# torch.FloatTensor`): calling the name with data (a numpy array, a list) builds the tensor
# from host data on CUDA, a blocking copy, as torch.cuda.FloatTensor(data) does; given
# sizes (`Tensor(n, 1)`, `Tensor(imgs.size(0))`, `Tensor(imgs.shape[0])`) it copies
# nothing, and so does one name of a count (`Tensor(opt.batchSize)`; not `lengths`, data).
# What the type makes is on CUDA: its copy_ of a loader's batch blocks (the old
# `input_A.copy_(batch['A'])`), and so does copy_ of a CUDA tensor into a host one. And
# torchvision's make_grid(..., normalize=True), which reads the grid's minimum and maximum
# with float().
import numpy as np
import torch
from torch.utils.data import DataLoader
from torchvision.utils import make_grid

cuda = True if torch.cuda.is_available() else False
Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor
LongTensor = torch.cuda.LongTensor if cuda else torch.LongTensor
HostTensor = torch.FloatTensor
dataloader = DataLoader(None, batch_size=4)


def train(generator):
    for i, (imgs, labels) in enumerate(dataloader):
        real = imgs.type(Tensor)
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:21: warning: 'type' to a CUDA tensor type copies a host tensor{{.*}}[hostsync-host-to-device-copy]
        valid = Tensor(imgs.size(0), 1).fill_(1.0)
        fake = Tensor(imgs.shape[0], 1).fill_(0.0)
        z = Tensor(np.random.normal(0, 1, (imgs.shape[0], 100)))
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:13: warning: 'Tensor' of host data (a list, a number, an array) copies it to the device{{.*}}device: cuda (`torch.cuda.FloatTensor if cuda else torch.Flo...` at line 20)) [hostsync-host-to-device-copy]
        gen_labels = LongTensor(np.random.randint(0, 10, imgs.shape[0]))
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:22: warning: 'LongTensor' of host data{{.*}}[hostsync-host-to-device-copy]
        sizes = torch.cuda.FloatTensor(imgs.shape[0], 1)
        data = torch.cuda.FloatTensor([0.5, 0.5])
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:27: warning: 'torch.cuda.FloatTensor' of host data{{.*}}[hostsync-host-to-device-copy]
        host = HostTensor(np.ones(3))
        grid = make_grid(generator(z), nrow=5, normalize=True)
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:16: warning: torchvision's 'make_grid' with normalize=True reads the tensor's minimum and maximum with float(){{.*}}[hostsync-item]
        plain = make_grid(real, nrow=5)
        host_grid = make_grid(imgs, normalize=True)


def cyclegan(opt, netG):
    input_A = Tensor(opt.batchSize, 3, 256, 256)
    target_real = Tensor(opt.batchSize).fill_(1.0)
    lengths = LongTensor(opt.lengths)
    # CHECK-DAG: tensor-types.py:[[@LINE-1]]:15: warning: 'LongTensor' of host data{{.*}}[hostsync-host-to-device-copy]
    pinned = DataLoader(None, batch_size=4, pin_memory=True)
    host = torch.zeros(4, 3)
    for batch in dataloader:
        real_A = input_A.copy_(batch["A"])
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:26: warning: 'copy_' of a host tensor (a batch of `DataLoader` at line 23) into a CUDA tensor blocks the host{{.*}}hot{{.*}}[hostsync-host-to-device-copy]
        fake = netG(real_A)
        host.copy_(fake)
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:14: warning: 'copy_' of a CUDA tensor into a host tensor copies its values to the host{{.*}}[hostsync-device-to-host-copy]
    for batch in pinned:
        input_A.copy_(batch["A"], non_blocking=True)
    return target_real, lengths


def type_of_another(features):
    # x.type(A.type()) converts x to A's tensor type: to CUDA when A is there (BigGAN's
    # torch.eye(dim).type(A.type())); to a host tensor's type, no copy.
    A = torch.randn(4, 4, device="cuda")
    eye = torch.eye(4).type(A.type())
    # CHECK-DAG: tensor-types.py:[[@LINE-1]]:24: warning: 'type' to a CUDA tensor type copies a host tensor{{.*}}[hostsync-host-to-device-copy]
    host = torch.eye(4).type(torch.zeros(4).type())
    return eye, host


def one_hot_map(label_map, label_nc):
    # A legacy CUDA constructor given a torch.Size makes a tensor of that size on the device:
    # no host data copied (pix2pixHD's one-hot label map).
    size = label_map.size()
    one_hot = torch.cuda.FloatTensor(torch.Size((size[0], label_nc, size[2], size[3]))).zero_()
    return one_hot


class Head(torch.nn.Module):
    # host.type_as(x): the host tensor cast to x's type on x's device (YOLOX's strides).
    def forward(self, xin, stride):
        strides = torch.zeros(1, 10).fill_(stride).type_as(xin[0])
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:52: warning: 'type_as' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        return strides + torch.zeros(3).type_as(torch.ones(3))


def evaluate(loader, half, model, mask=None):
    # .type() to a CUDA type of a loader's batch of unknown kind, and .cuda() of a cast of
    # one: copies that may be from the host. Not of a network's cast, nor of an optional input
    # left None; an item of what .numpy() made reads nothing.
    tensor_type = torch.cuda.HalfTensor if half else torch.cuda.FloatTensor
    model = model.type(tensor_type)
    vgg = build(half)
    vgg.type(tensor_type)
    for imgs, labels in loader:
        imgs = imgs.type(tensor_type)
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:21: warning: 'type' to a CUDA tensor type of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
        labels = labels.long().cuda()
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:32: warning: 'cuda' of a value that may be a host tensor{{.*}}[hostsync-host-to-device-copy]
        net = model.half().cuda()
        if mask is not None:
            mask = mask.float().cuda()
        score = labels.cpu()[0].numpy().item()
        # CHECK-DAG: tensor-types.py:[[@LINE-1]]:24: warning: 'cpu' copies a CUDA tensor{{.*}}[hostsync-device-to-host-copy]
    return net(imgs), mask, score
