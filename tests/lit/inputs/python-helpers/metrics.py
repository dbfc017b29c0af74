# Helpers that no call in this module gives tensors: their results are tensors where the
# tensors a caller passes are (docs/python.md, "Devices").
import torch


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def scaled(x, s):
    return x * s


def chained(x):
    return torch.abs(scaled(x, 2)).sum()


def count(items):
    return len(items)


def norm(x, eps=1e-5):
    return x / (x.norm() + eps)


def head(x):
    return x[0]


def pick(scale, out):
    # head() is called here with pick's second parameter: its result is out's, not scale's.
    return head(out).sum() * scale.mean()
