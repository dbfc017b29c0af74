#!/usr/bin/env python3
"""Write the CIFAR-10 cache files that cifar10-airbench loads, with random content.

Format: OUT/train.pt and OUT/test.pt, each a torch.save of a dict
  {"images": uint8 tensor [N, 32, 32, 3] (HWC, like torchvision's CIFAR10.data),
   "labels": int64 tensor [N] in 0..9,
   "classes": list of the 10 CIFAR-10 class names (str)}.
This is the file airbench's CifarLoader writes after its first torchvision download and
reads on every later run (torch.load, loadable with weights_only=True), so with these files
present it never downloads.

Usage: gen_cifar_pt.py OUT [--train N] [--test N] [--seed S]   (needs torch)
"""
import argparse
import os

import torch

CLASSES = ["airplane", "automobile", "bird", "cat", "deer",
           "dog", "frog", "horse", "ship", "truck"]


def make(count, gen):
    images = torch.randint(0, 256, (count, 32, 32, 3), dtype=torch.uint8, generator=gen)
    labels = torch.randint(0, 10, (count,), dtype=torch.int64, generator=gen)
    return {"images": images, "labels": labels, "classes": list(CLASSES)}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", help="folder to write train.pt and test.pt into (created)")
    p.add_argument("--train", type=int, default=50000)
    p.add_argument("--test", type=int, default=10000)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    gen = torch.Generator().manual_seed(a.seed)
    os.makedirs(a.out, exist_ok=True)
    torch.save(make(a.train, gen), os.path.join(a.out, "train.pt"))
    torch.save(make(a.test, gen), os.path.join(a.out, "test.pt"))
    print(f"gen_cifar_pt: {a.train} train / {a.test} test random images in {a.out}")


if __name__ == "__main__":
    main()
