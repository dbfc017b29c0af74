from ..models.net import Head
from app.settings import device


def evaluate(batch):
    head = Head(4, 2).to(device)
    scores = head(batch.to(device))
    return scores.cpu()
