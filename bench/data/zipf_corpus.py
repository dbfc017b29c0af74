#!/usr/bin/env python3
"""A seeded stand-in for wikitext-2, for pytorch/examples word_language_model (bench/trace-
overhead's wlm_py): train.txt, valid.txt and test.txt of space-separated words whose
frequencies follow Zipf's law over a vocabulary of --vocab words, as natural text does, so
that the program's embedding and softmax see a realistic spread of ids. Nothing is
downloaded, and the same arguments give the same bytes.

--words is the number of training tokens as the program counts them (data.py: a line's
whitespace-split words plus one '<eos>'); valid and test get wikitext-2's proportions
(2,088,628 / 217,646 / 245,569 tokens), so --words 2088628 is wikitext-2's size.

usage: bench/data/zipf_corpus.py --out DIR [--words 2088628] [--vocab 10000] [--seed 34]"""
import argparse
import itertools
import os
import random

WIKITEXT2 = {"train": 2088628, "valid": 217646, "test": 245569}


def zipf_cum_weights(vocab, s=1.0):
    return list(itertools.accumulate(1.0 / (r + 1) ** s for r in range(vocab)))


def write_split(path, tokens, rng, words, cum):
    """Lines of 10 to 120 words (wikitext-2's paragraphs vary about so) until `tokens`
    tokens, each line's '<eos>' counted, are written."""
    left = tokens
    with open(path, "w", encoding="utf8") as f:
        while left > 0:
            n = min(rng.randint(10, 120), left - 1)  # -1: the line's '<eos>'
            line = rng.choices(words, cum_weights=cum, k=n) if n > 0 else []
            f.write(" ".join(line) + "\n")
            left -= n + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--words", type=int, default=WIKITEXT2["train"])
    ap.add_argument("--vocab", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=34)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    # Ranks as words ("w0" the commonest): readable in a dump, and never '<eos>'.
    words = [f"w{r}" for r in range(a.vocab)]
    cum = zipf_cum_weights(a.vocab)
    rng = random.Random(a.seed)
    for split, n in WIKITEXT2.items():
        tokens = max(2, round(a.words * n / WIKITEXT2["train"]))
        write_split(os.path.join(a.out, f"{split}.txt"), tokens, rng, words, cum)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
