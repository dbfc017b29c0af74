import torch
from torch.utils.data import DataLoader


def train(dataset, weights):
    device = torch.device("cuda")
    loader = DataLoader(dataset, batch_size=32, pin_memory=True)
    plain = DataLoader(dataset, batch_size=32)
    for images, labels in loader:
        moved = images.to(device)
        targets = labels.cuda()
        kept = images.to(device, non_blocking=False)
    for images, labels in plain:
        pageable = images.to(device)
    a = torch.randn(4, 4, device=device)
    inv = torch.linalg.inv(a)
    chol = torch.linalg.cholesky(a @ a.T)
    x = torch.linalg.solve(a, weights)
    old = torch.inverse(a)
    out = torch.linalg.inv(a, out=inv)
    return moved, targets, kept, pageable, inv, chol, x, old, out
