import argparse

import torch

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--arch", default="detector")
    args = parser.parse_args()
    if args.arch == "detector":
        from nets import Detector
    model = Detector().to(torch.device("cuda"))
    for step in range(100):
        x = torch.randn(8, 4, device="cuda")
        out = model(x, x[:, 0] > 0)
