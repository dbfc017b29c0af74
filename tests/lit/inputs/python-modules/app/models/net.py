import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        return x


class Head(nn.Linear):
    pass
