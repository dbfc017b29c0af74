# RUN: %lint --no-cache --checks='-*,hostsync-item,hostsync-bool-mask-index,hostsync-nonzero' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}12{{$}}
# Lists of tensors: a list comprehension (or a generator given to list()) of tensors is a
# list of them, where its body puts each one; extend() adds a list's tensors to a list; a
# function given such lists gets their tensors (torch.cat of them). An object of one class
# or another (a greedy or a beam-search decoder) returns what nothing here can choose. A
# generator written as a call's one argument binds the first parameter; zip(a, b) unpacked
# binds each name to its own list's elements; [t] * n is a list of such tensors.
import torch

device = torch.device("cuda")
loader = torch.utils.data.DataLoader(range(10))


def per_class(dets, labels):
    dets = torch.cat(dets, dim=0)
    labels = torch.cat(labels, dim=0)
    return dets[labels == 1]
    # CHECK-DAG: lists.py:[[@LINE-1]]:12: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]


def any_true(ts):
    for t in ts:
        if t:
            # CHECK-DAG: lists.py:[[@LINE-1]]:12: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
            return True
    return False


def zipped():
    # zip(a, b) unpacked into two names: each its own list's element (n is a host tensor, so
    # the slice bound reads no GPU value).
    counts = [torch.zeros(1, dtype=torch.int32) for _ in range(3)]
    groups = [torch.ones(4, device=device) for _ in range(3)]
    hosts = [torch.zeros((0, 6), device="cpu")] * 3  # a list of three host tensors
    for group, n, h in zip(groups, counts, hosts):
        head = group[:n]
        rows = h.sum().item()  # a host tensor: no finding
        if head.sum():
            # CHECK-DAG: lists.py:[[@LINE-1]]:17: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
            pass


def first_pair(edge, mask):
    # Under isinstance(edge, tuple), a tensor edge is a tuple of such tensors (its first one
    # read with a mask); under isinstance(mask, int), mask is a number, no tensor.
    if isinstance(edge, tuple):
        return edge[0][mask]
        # CHECK-DAG: lists.py:[[@LINE-1]]:16: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    if isinstance(mask, int):
        return edge[mask]
    return edge


class Greedy:
    def finalize(self, tokens):
        return tokens


class Beam:
    def finalize(self, tokens):
        return [torch.tensor(seq) for seq in tokens.tolist()]


def evaluate(beam):
    dets, labs = list(), list()
    for boxes, labels in loader:
        boxes = [b.to(device) for b in boxes]
        labels = list(l.to(device) for l in labels)
        if labels[0]:
            # CHECK-DAG: lists.py:[[@LINE-1]]:12: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
            pass
        any_true(b.to(device) for b in boxes)  # a generator, the one argument
        # CHECK-DAG: lists.py:[[@LINE-1]]:9: note: the call of `any_true()` waits for the GPU{{.*}}[hostsync-item]
        dets.extend(boxes)
        labs.extend(labels)
    if labs[0]:
        # CHECK-DAG: lists.py:[[@LINE-1]]:8: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
        pass
    host = [torch.zeros(3) for _ in range(4)]
    if host[0].sum():  # a host tensor: no finding
        pass
    decoder = Beam() if beam else Greedy()
    tokens = decoder.finalize(torch.ones(2, 3, device=device))
    for t in tokens:
        # CHECK-DAG: lists.py:[[@LINE+1]]:11: warning: 'nonzero' of a tensor that may be on CUDA{{.*}}[hostsync-nonzero]
        t.nonzero()
    first_pair(dets[0], dets[0] > 0)
    # CHECK-DAG: lists.py:[[@LINE-1]]:5: note: the call of `first_pair()` waits for the GPU{{.*}}[hostsync-bool-mask-index]
    return per_class(dets, labs)
    # CHECK-DAG: lists.py:[[@LINE-1]]:12: note: the call of `per_class()` waits for the GPU{{.*}}[hostsync-bool-mask-index]


def best_of(n):
    # A beam search's finished scores: a list of 0-dim CUDA tensors, compared pairwise by
    # max() and with == by list.index(). max() of a list of numbers, or of sizes, reads
    # nothing.
    scores = torch.randn(n, device="cuda")
    finished = list()
    finished.extend(scores[:2])
    i = finished.index(max(finished))
    # CHECK-DAG: lists.py:[[@LINE-1]]:18: warning: 'index' of a list of tensors on CUDA{{.*}}[hostsync-item]
    # CHECK-DAG: lists.py:[[@LINE-2]]:24: warning: Python's 'max()' of a list of tensors on CUDA compares them{{.*}}[hostsync-item]
    lengths = [3, 4]
    return i, max(lengths), max(scores.shape)


def best_by_key(pairs):
    # With key=, max() compares the keys (here Python numbers), not the tensors.
    scores = [torch.ones(1, device="cuda") for _ in range(3)]
    return max(scores, key=lambda s: len(s)), max(pairs, key=lambda p: p[1])
