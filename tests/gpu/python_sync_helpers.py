"""A module of python_sync_lines.py's: a sync inside a helper function in another file."""
import torch


def count_positive(t):
    return int((t > 0).sum())  # SYNC: hostsync-item aten::_local_scalar_dense
