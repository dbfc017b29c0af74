import torch

from meters import Averager

device = torch.device("cuda")


def main():
    avg = Averager()
    for step in range(100):
        cost = torch.randn(4, device=device).sum()
        avg.add(cost)
        if step % 10 == 0:
            print(f"{avg.name()}: {avg.val():0.5f}")
            avg.reset()


main()
