import torch


def accuracy(out, target):
    return (out.argmax(1) == target).sum().item()


def summarize(t):
    return t.tolist()


def host_only(t):
    return t.numpy()


def never_called(t):
    return t.item()


class Evaluator:
    def __init__(self, data, device):
        self.data = data
        self.device = device

    def run(self):
        for x in self.data:
            x.to(self.device)
