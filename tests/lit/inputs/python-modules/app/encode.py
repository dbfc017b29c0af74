import data
import settings as cfg
from data import Corpus


def encode_all(words):
    corpus = data.Corpus(words)
    return corpus.ids.to(cfg.device)


def encode_first(words):
    return Corpus(words[:1]).ids.to(cfg.device)
