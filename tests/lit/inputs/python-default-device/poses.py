import numpy as np
import torch

trans_t = lambda t: torch.Tensor([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, t], [0, 0, 0, 1]])


def pose(radius, angle):
    rot = torch.Tensor(np.eye(4) * angle)
    return rot @ trans_t(radius)


def sizes(n):
    return torch.Tensor(n, 4)


# Run when run.py imports this module, before its __main__ sets the default: on the CPU.
EYE = torch.Tensor(np.eye(4))
