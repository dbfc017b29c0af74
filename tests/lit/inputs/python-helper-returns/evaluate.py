import torch


def dice(a, b):
    return (a * b).sum() / (a.sum() + b.sum())


def evaluate(net, loader, device):
    # The score comes from the model it is given: where that model is, only the calls know.
    net.eval()
    score = 0
    for image, mask in loader:
        image = image.to(device=device, non_blocking=True)
        mask = mask.to(device=device, non_blocking=True)
        score += dice(net(image), mask)
    return score / max(len(loader), 1)
