#!/usr/bin/env python3
"""Seeded random MNIST-format files, for pytorch/examples cpp/mnist (bench/trace-overhead's
mnist_cpp): train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte and
t10k-labels-idx1-ubyte in the idx format (big-endian 32-bit magic 2051 for images,
2049 for labels, then the counts, then rows and columns for images, then one unsigned byte
per pixel or label). Nothing is downloaded; the same arguments give the same bytes. The
images are noise, so the model learns nothing, but its work per step is MNIST's.

LibTorch's reader (torch::data::datasets::MNIST) accepts only MNIST's own counts, 60000 train
and 10000 test (it checks the header's count against them): keep the defaults for cpp/mnist.

usage: bench/data/mnist_idx.py --out DIR [--train 60000] [--test 10000] [--seed 34]"""
import argparse
import os
import random
import struct

ROWS = COLS = 28
IMAGES_MAGIC, LABELS_MAGIC = 2051, 2049


def write_set(out, prefix, count, rng):
    with open(os.path.join(out, f"{prefix}-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", IMAGES_MAGIC, count, ROWS, COLS))
        f.write(rng.randbytes(count * ROWS * COLS))
    with open(os.path.join(out, f"{prefix}-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", LABELS_MAGIC, count))
        # Labels must be classes 0-9: nll_loss over 10 outputs fails on anything else.
        f.write(bytes(rng.randrange(10) for _ in range(count)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--train", type=int, default=60000)
    ap.add_argument("--test", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=34)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    write_set(a.out, "train", a.train, rng)
    write_set(a.out, "t10k", a.test, rng)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
