#!/usr/bin/env python3
"""Write MNIST-format IDX files with random content (no download; standard library only).

Format (big-endian, as the MNIST distribution has it, uncompressed):
  images: int32 magic 2051 (0x00000803), int32 count, int32 rows=28, int32 cols=28,
          then count*28*28 unsigned bytes, row-major;
  labels: int32 magic 2049 (0x00000801), int32 count, then count unsigned bytes in 0..9.
Files written into OUT: train-images-idx3-ubyte, train-labels-idx1-ubyte,
t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte.

Readers: torchvision.datasets.MNIST reads ROOT/MNIST/raw/<these names> (any count);
LibTorch's torch::data::datasets::MNIST reads ROOT/<these names> and requires exactly
60000 train and 10000 test images (its defaults here).

Usage: gen_mnist_idx.py OUT [--train N] [--test N] [--seed S]
"""
import argparse
import os
import random
import struct


def write_images(path, count, rng):
    with open(path, "wb") as f:
        f.write(struct.pack(">iiii", 2051, count, 28, 28))
        left = count * 28 * 28
        chunk = 1 << 20
        while left:
            n = min(chunk, left)
            f.write(rng.randbytes(n))
            left -= n


def write_labels(path, count, rng):
    with open(path, "wb") as f:
        f.write(struct.pack(">ii", 2049, count))
        f.write(bytes(b % 10 for b in rng.randbytes(count)))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", help="folder to write the four files into (created)")
    p.add_argument("--train", type=int, default=60000)
    p.add_argument("--test", type=int, default=10000)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    write_images(os.path.join(a.out, "train-images-idx3-ubyte"), a.train, rng)
    write_labels(os.path.join(a.out, "train-labels-idx1-ubyte"), a.train, rng)
    write_images(os.path.join(a.out, "t10k-images-idx3-ubyte"), a.test, rng)
    write_labels(os.path.join(a.out, "t10k-labels-idx1-ubyte"), a.test, rng)
    print(f"gen_mnist_idx: {a.train} train / {a.test} test random images in {a.out}")


if __name__ == "__main__":
    main()
