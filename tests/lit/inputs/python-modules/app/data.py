import torch
from torch.utils.data import DataLoader


def make_loader(dataset):
    return DataLoader(dataset, batch_size=32)


def class_weights(counts):
    return torch.tensor(counts, dtype=torch.float) / sum(counts)
