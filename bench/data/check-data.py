#!/usr/bin/env python3
"""Checks, without torch or a GPU, that the generators' files are what the pytorch/examples
programs read: --mnist DIR is parsed back by the idx format's own rules, with the checks
LibTorch's MNIST reader makes (magic numbers, MNIST's counts, 28x28) and labels 0-9;
--corpus DIR is tokenized by word_language_model's rule (data.py: a line's whitespace-split
words plus '<eos>'), and the token counts and vocabulary are printed (--words N: the train
split must hold exactly N tokens). Exit 1 on the first mismatch.

usage: bench/data/check-data.py [--mnist DIR] [--corpus DIR [--words N]]"""
import argparse
import os
import struct
import sys


def read_idx(path, magic, count):
    """The payload after an idx header, checked as LibTorch's reader checks it."""
    with open(path, "rb") as f:
        data = f.read()
    dims = 3 if magic == 2051 else 1
    header = struct.unpack(f">{1 + dims}I", data[:4 * (1 + dims)])
    if header[0] != magic or header[1] != count:
        sys.exit(f"{path}: header {header}, expected magic {magic} and count {count}")
    if dims == 3 and header[2:] != (28, 28):
        sys.exit(f"{path}: {header[2]}x{header[3]} images, expected 28x28")
    payload = data[4 * (1 + dims):]
    size = count * (28 * 28 if dims == 3 else 1)
    if len(payload) != size:
        sys.exit(f"{path}: {len(payload)} bytes after the header, expected {size}")
    return payload


def check_mnist(d):
    for prefix, count in (("train", 60000), ("t10k", 10000)):
        read_idx(os.path.join(d, f"{prefix}-images-idx3-ubyte"), 2051, count)
        labels = read_idx(os.path.join(d, f"{prefix}-labels-idx1-ubyte"), 2049, count)
        if max(labels) > 9:
            sys.exit(f"{d}: {prefix} label {max(labels)} is not a class 0-9")
        print(f"{prefix}: {count} images 28x28, labels {min(labels)}-{max(labels)}: ok")


def check_corpus(d, words):
    vocab, counts = set(), {}
    for split in ("train", "valid", "test"):
        n = 0
        with open(os.path.join(d, f"{split}.txt"), encoding="utf8") as f:
            for line in f:
                toks = line.split() + ["<eos>"]
                vocab.update(toks)
                n += len(toks)
        counts[split] = n
    print(f"tokens {counts}, vocabulary {len(vocab)}")
    if words is not None and counts["train"] != words:
        sys.exit(f"{d}: train holds {counts['train']} tokens, expected {words}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mnist")
    ap.add_argument("--corpus")
    ap.add_argument("--words", type=int)
    a = ap.parse_args()
    if a.mnist:
        check_mnist(a.mnist)
    if a.corpus:
        check_corpus(a.corpus, a.words)
    return 0


if __name__ == "__main__":
    sys.exit(main())
