import torch
import torch.nn as nn


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)

    def forward(self, x, keep):
        return self.head(x[keep])

    def detect(self, scores, lengths):
        scores = scores.softmax(dim=1)
        first = scores[:, :lengths[0]]
        return first.sum()
