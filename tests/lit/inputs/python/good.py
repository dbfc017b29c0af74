import torch

def f(x):
    return x.item()
