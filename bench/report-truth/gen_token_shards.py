#!/usr/bin/env python3
"""Write pretokenized token shards with random content, as llama2.c's tinystories.py makes them.

Format: OUT/data00.bin, OUT/data01.bin, ...: raw little-endian uint16 token ids (no header),
each in 0..VOCAB-1, read back with numpy.memmap(dtype=uint16). llama2.c's PretokDataset
(vocab_source="llama2") globs data/TinyStories_all_data/*.bin, uses the first sorted shard
as the validation split and the rest as the training split.

Usage: gen_token_shards.py OUT [--shards 2] [--tokens 2000000] [--vocab 32000] [--seed S]
(standard library only)
"""
import argparse
import array
import os
import random
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", help="folder to write the shards into (created)")
    p.add_argument("--shards", type=int, default=2)
    p.add_argument("--tokens", type=int, default=2_000_000, help="tokens per shard")
    p.add_argument("--vocab", type=int, default=32000)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    for i in range(a.shards):
        raw = array.array("H", rng.randbytes(2 * a.tokens))
        toks = array.array("H", (t % a.vocab for t in raw))
        if sys.byteorder != "little":
            toks.byteswap()
        with open(os.path.join(a.out, f"data{i:02d}.bin"), "wb") as f:
            toks.tofile(f)
    print(f"gen_token_shards: {a.shards} shards x {a.tokens} tokens (vocab {a.vocab}) in {a.out}")


if __name__ == "__main__":
    main()
