# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}15{{$}}
# Values taken apart and handed on: a function's tuple, unpacked or indexed ([0]); a
# generator of a loader's batches (yield from, a yielded tuple, next(), a for loop, items());
# a method given a loader first (log_every) iterates it; torchvision's ToTensor, alone or in
# a Compose, makes host tensors; a torch op of a value nothing here knows is a tensor.
import torch
from torch.utils.data import DataLoader
from torchvision import transforms as T


def features_and_labels(model, images):
    feats = model(images).cuda()
    labels = torch.tensor([0, 1]).long()
    return feats, labels


def read_frame(path):
    img = torch.from_numpy(load(path)).float()
    return img, img.shape[1], img.shape[2]


def load(path):
    return path


def main(args, model, images):
    if args.load:
        feats = torch.load("feats.pth", map_location="cpu")
        labels = torch.load("labels.pth", map_location="cpu")
    else:
        feats, labels = features_and_labels(model, images)
    labels = labels.cuda()
    # CHECK-DAG: tuples.py:[[@LINE-1]]:21: warning: 'cuda' of a host tensor (made on the CPU by `torch.tensor([0, 1])` at line 16 (no device=)){{.*}}[hostsync-host-to-device-copy]
    # The tuple's CUDA value is not moved again.
    feats = feats.cuda()
    frame = read_frame(args.path)[0].cuda()
    # CHECK-DAG: tuples.py:[[@LINE-1]]:38: warning: 'cuda' of a host tensor (`torch.from_numpy(load(path))` at line 21){{.*}}[hostsync-host-to-device-copy]
    # A position the tuple does not have, and a tuple unpacked into fewer names: unknown.
    read_frame(args.path)[5].cuda()
    first, rest = read_frame(args.path)
    first = first.cuda()


def batches(root):
    loader = DataLoader(root, batch_size=4)
    while True:
        yield from loader


def on_gpu(root):
    for batch in DataLoader(root, batch_size=4):
        yield batch.cuda()
        # CHECK-DAG: tuples.py:[[@LINE-1]]:21: warning: 'cuda' of a host tensor (a batch of `DataLoader` at line 54){{.*}}[hostsync-host-to-device-copy]


def evaluate(data, steps):
    for _ in range(steps):
        batch, kwargs = next(data)
        batch = batch.to("cuda")
        # CHECK-DAG: tuples.py:[[@LINE-1]]:23: warning: 'to' of a host tensor (a batch of `DataLoader` at line 48){{.*}}[hostsync-host-to-device-copy]
        kwargs = {k: v.to("cuda") for k, v in kwargs.items()}
        # CHECK-DAG: tuples.py:[[@LINE-1]]:24: warning: 'to' of a host tensor (a batch of `DataLoader` at line 48){{.*}}[hostsync-host-to-device-copy]
    for batch in batches("data"):
        batch.cuda()
        # CHECK-DAG: tuples.py:[[@LINE-1]]:15: warning: 'cuda' of a host tensor (a batch of `DataLoader` at line 48){{.*}}[hostsync-host-to-device-copy]
    # A generator of CUDA tensors: nothing to copy.
    next(on_gpu("data")).cuda()


def run():
    evaluate(batches("data"), 10)


def with_low_res(root):
    # A generator of tuples: batches of tensors where its first tensor is (the host).
    for large, kwargs in DataLoader(root, batch_size=4):
        yield large, kwargs


def train_low_res(steps):
    data = with_low_res("data")
    for _ in range(steps):
        large, kwargs = next(data)
        large.to("cuda")
        # CHECK-DAG: tuples.py:[[@LINE-1]]:15: warning: 'to' of a host tensor (a batch of `DataLoader` at line 79){{.*}}[hostsync-host-to-device-copy]


def extract(metric_logger, loader):
    for samples, index in metric_logger.log_every(loader, 10):
        samples = samples.cuda(non_blocking=True)
        # CHECK-DAG: tuples.py:[[@LINE-1]]:27: warning: 'cuda(non_blocking=True)' of a host tensor in pageable memory (a batch of `DataLoader` at line 98){{.*}}[hostsync-host-to-device-copy]


def extract_all(metric_logger):
    extract(metric_logger, DataLoader("data", batch_size=8))


def show(image, other):
    to_tensor = T.ToTensor()
    img = to_tensor(image).to("cuda")
    # CHECK-DAG: tuples.py:[[@LINE-1]]:28: warning: 'to' of a host tensor (made on the CPU by `T.ToTensor()` at line 102){{.*}}[hostsync-host-to-device-copy]
    composed = T.Compose([T.Resize(224), T.ToTensor(), T.Normalize((0.5,), (0.5,))])
    img = composed(image).cuda()
    # CHECK-DAG: tuples.py:[[@LINE-1]]:27: warning: 'cuda' of a host tensor (made on the CPU by `T.Compose([T.Resize(224), T.ToTensor(), T.Nor...` at line 105){{.*}}[hostsync-host-to-device-copy]
    # A Compose without ToTensor keeps its input's device: nothing known here.
    resized = T.Compose([T.Resize(224)])
    resized(other).cuda()


class Loop:
    def check(self):
        if any(not torch.isfinite(p.grad).all() for p in self.params):
            # CHECK-DAG: tuples.py:[[@LINE-1]]:43: warning: testing the truth of a tensor that may be on CUDA{{.*}}[hostsync-item]
            return False
        # What torch.load gives is not known to be a tensor.
        state = torch.load("state.pth", map_location="cpu")
        if state:
            return True
        return None


def loaders(batch_size, is_instance=False):
    # Tuples of different lengths by a flag (RepDistiller's get_cifar100_dataloaders): a call
    # unpacks as many as it was returned, each position merged over the returns.
    data = list(range(10))
    train_loader = DataLoader(data, batch_size=batch_size)
    test_loader = DataLoader(data, batch_size=batch_size)
    if is_instance:
        return train_loader, test_loader, len(data)
    return train_loader, test_loader


def train_two(batch_size):
    train_loader, val_loader = loaders(batch_size)
    for x in train_loader:
        x = x.cuda()
        # CHECK-DAG: tuples.py:[[@LINE-1]]:15: warning: 'cuda' of a host tensor (a batch of `DataLoader`{{.*}}[hostsync-host-to-device-copy]
    train_loader, val_loader, n = loaders(batch_size, is_instance=True)
    for y in val_loader:
        y = y.cuda()
        # CHECK-DAG: tuples.py:[[@LINE-1]]:15: warning: 'cuda' of a host tensor (a batch of `DataLoader`{{.*}}[hostsync-host-to-device-copy]
    return x, y, n

# A name of unknown kind moved to CUDA: a copy that may be one (copies.py, batchify).
# CHECK-DAG: tuples.py:42:30: warning: '{{[a-z]+}}' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
# CHECK-DAG: tuples.py:44:19: warning: '{{[a-z]+}}' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
