# RUN: %lint --no-cache --checks='-*,hostsync-item,hostsync-bool-mask-index,hostsync-host-to-device-copy,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}19{{$}}
# Elements of tensors and callables of unknown type:
# - a range loop's variable is a number, and an element of a CUDA tensor taken with it
#   (t[i]) indexes a Python list through __index__, which reads it (a greedy CTC decoder);
#   of a tensor it is not flagged (a 2-D index's row, idx[head], indexes on the device);
# - a parameter of unknown type named as a network (pnet) called on a tensor gives a tensor
#   where its input is, so a mask of its output is one; a callback of another name (to_text)
#   may return text, and its result is of unknown type; a module another package's function
#   builds is of unknown type too, and its result's .cpu() is flagged;
# - torchvision's Normalize (a transform of tensors) gives a tensor where its input is.
import torch
import torchvision
from models import build_model
import transforms

device = torch.device("cuda")


def decode(characters, preds, lengths):
    texts = []
    for row, n in zip(preds, lengths):
        chars = []
        for i in range(len(row)):
            if row[i] != 0:
                # CHECK-DAG: elements.py:[[@LINE-1]]:16: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
                chars.append(characters[row[i]])
                # CHECK-DAG: elements.py:[[@LINE-1]]:41: warning: indexing a Python sequence with an element of a CUDA tensor reads its value{{.*}}[hostsync-item]
        texts.append("".join(chars))
    return texts


def heads(attn, order):
    # order[head] of a 2-D order is a row: a gather on the device, no finding.
    return [attn[head][order[head]] for head in range(attn.shape[0])]


def detect(imgs, pnet, threshold, dev):
    # Each call's network and device are the caller's; this file has no caller.
    imgs = torch.as_tensor(imgs, device=dev)
    # CHECK-DAG: elements.py:[[@LINE-1]]:18: warning: 'torch.as_tensor' of host data{{.*}}device: unknown{{.*}}[hostsync-host-to-device-copy]
    out = pnet(imgs)
    keep = out[:, 1] > threshold
    return out[keep]
    # CHECK-DAG: elements.py:[[@LINE-1]]:12: warning: indexing a tensor that may be on CUDA with a boolean mask{{.*}}[hostsync-bool-mask-index]


def on_host(fn, to_text):
    # A callback's result is of unknown type: no finding.
    text = to_text(torch.zeros(4, device=device))
    text = text[text > 0]
    x = torch.zeros(4)
    y = fn(x)
    return y[y > 0]


def built(name):
    model = build_model(name)
    out = model(torch.zeros(4))
    return out.cpu()
    # CHECK-DAG: elements.py:[[@LINE-1]]:16: warning: 'cpu' copies a tensor that may be on CUDA{{.*}}[hostsync-device-to-host-copy]


normalize = torchvision.transforms.Normalize(mean=[0.5], std=[0.2])


def prepare(image):
    x = normalize(torchvision.transforms.functional.to_tensor(image))
    return x.to(device)
    # CHECK-DAG: elements.py:[[@LINE-1]]:14: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]


def main():
    preds = torch.randint(0, 5, (2, 8), device=device)
    lengths = torch.full((2,), 8, device=device)
    print(decode(["-", "a", "b", "c", "d"], preds, lengths))
    # CHECK-DAG: elements.py:[[@LINE-1]]:11: note: the call of `decode()` waits for the GPU{{.*}}[hostsync-item]
    print(heads(torch.rand(4, 8, 8, device=device) > 0.5, torch.argsort(torch.rand(4, 8, device=device))))


main()


# An object of one class or of another (a greedy or a beam-search decoder, by a flag): each
# class's method may run, so each is given the call's CUDA tensor.
class Greedy:
    def __init__(self):
        self.vocab = list("abcde")

    def decode(self, ids):
        return [self.vocab[i] for i in ids]
        # CHECK-DAG: elements.py:[[@LINE-1]]:28: warning: indexing a Python sequence with an element of a CUDA tensor{{.*}}[hostsync-item]


class Beam:
    def decode(self, ids):
        return ids.tolist()
        # CHECK-DAG: elements.py:[[@LINE-1]]:20: warning: 'tolist' copies a CUDA tensor{{.*}}[hostsync-device-to-host-copy]


def decode_all(beam):
    converter = Beam() if beam else Greedy()
    return converter.decode(torch.arange(5, device=device))
    # CHECK-DAG: elements.py:[[@LINE-1]]:12: note: the call of `Beam.decode()` waits for the GPU{{.*}}[hostsync-device-to-host-copy]
    # CHECK-DAG: elements.py:[[@LINE-2]]:12: note: the call of `Greedy.decode()` waits for the GPU{{.*}}[hostsync-item]


# Both classes' methods sync with one rule: a note for each.
class Host:
    def decode(self, ids):
        return ids.cpu()
        # CHECK-DAG: elements.py:[[@LINE-1]]:20: warning: 'cpu' copies a CUDA tensor{{.*}}(hot: reached from a call{{.*}}[hostsync-device-to-host-copy]


class Listed:
    def decode(self, ids):
        return ids.tolist()
        # CHECK-DAG: elements.py:[[@LINE-1]]:20: warning: 'tolist' copies a CUDA tensor{{.*}}(hot: reached from a call{{.*}}[hostsync-device-to-host-copy]


def decode_each(listed):
    decoder = Listed() if listed else Host()
    for _ in range(3):
        decoder.decode(torch.arange(5, device=device))
        # CHECK-DAG: elements.py:[[@LINE-1]]:9: note: the call of `Host.decode()` waits for the GPU{{.*}}[hostsync-device-to-host-copy]
        # CHECK-DAG: elements.py:[[@LINE-2]]:9: note: the call of `Listed.decode()` waits for the GPU{{.*}}[hostsync-device-to-host-copy]


def keyed(labels):
    # A dict's key is hashed, not read: no finding.
    labels = labels.to(device)
    counts = {}
    seen = dict()
    for i in range(len(labels)):
        counts[labels[i]] = 1
        seen[labels[i]] = 2
    return counts, seen


def own_transforms(image, target):
    # A project's own transforms module is not torchvision's: its result is not a tensor.
    aug = transforms.Compose([transforms.RandomFlip()])
    image, target = aug(image.to(device), target)
    if target:
        pass
    return image


def member(x):
    # A loop's element of a CUDA tensor tested against a list: each == read on the host.
    ids = torch.topk(torch.randn(5, device=device) + x, 2)[1]
    hits = []
    for rank, i in enumerate(ids):
        if i in [0, 1]:
            # CHECK-DAG: elements.py:[[@LINE-1]]:12: warning: a membership test ('in') of an element of a CUDA tensor{{.*}}[hostsync-item]
            hits.append(rank)
    return hits

# A name of unknown kind moved to CUDA: a copy that may be one (copies.py, batchify).
# CHECK-DAG: elements.py:133:21: warning: '{{[a-z]+}}' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
# CHECK-DAG: elements.py:145:31: warning: '{{[a-z]+}}' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
# The module-level call of main(), which decode()'s sync reaches.
# CHECK-DAG: elements.py:83:1: note: the call of `main()` waits for the GPU: the call of `decode()`{{.*}}[hostsync-item]
