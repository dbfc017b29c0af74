import torch


def wait_all():
    torch.cuda.synchronize()


def gpu_total():
    return torch.ones(3, device="cuda").sum().item()


def norm_of(t):
    # Its device comes from the caller: a call gets no finding of its own (another call
    # may pass a CPU tensor); the .item() here has its own.
    return t.norm().item()


def log_cpu():
    return torch.zeros(3).sum().item()


def log(value, sync=False):
    # A flag of the caller guards the wait: a call gets no finding of its own.
    if sync:
        torch.cuda.synchronize()
    return value
