import torch
from torch.utils.data import DataLoader


def make_loader(dataset):
    return DataLoader(dataset, batch_size=32)


def class_weights(counts):
    return torch.tensor(counts, dtype=torch.float) / sum(counts)


class Corpus:
    def __init__(self, words):
        self.ids = self.encode(words)

    def encode(self, words):
        return torch.tensor([len(w) for w in words]).type(torch.int64)
