# RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}14{{$}}
# What the file's own calls pass its functions: a DataLoader, a device, a CUDA tensor given
# to a parameter make it so inside the function (two calls deep), with `import torch as th`
# and a module's parameters read too.
import torch as th
from torch.utils.data import DataLoader


def train(model, device, train_loader, log):
    for data, target in train_loader:
        data, target = data.to(device), target.to(device)
        # CHECK-DAG: calls.py:[[@LINE-1]]:29: warning: 'to' of a host tensor (a batch of `DataLoader` at line 54){{.*}}device: cuda (`"cuda"` at line 52)) [hostsync-host-to-device-copy]
        # CHECK-DAG: calls.py:[[@LINE-2]]:48: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        loss = model(data).sum()
        log(loss)
        report(loss)
        # CHECK-DAG: calls.py:[[@LINE-1]]:9: note: the call of `report()` waits for the GPU: the call of `print_value()` at calls.py:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes (hot: inside a loop; device: cuda (its argument `loss`: {{.*}}[hostsync-item]


def report(loss):
    print_value(loss)
    # CHECK-DAG: calls.py:[[@LINE-1]]:5: note: the call of `print_value()` waits for the GPU: 'item' at calls.py:{{[0-9]+}} syncs in it, on the CUDA tensor this call passes{{.*}}[hostsync-item]


def print_value(value):
    value.item()
    # CHECK-DAG: calls.py:[[@LINE-1]]:11: warning: 'item' copies a value of a CUDA tensor{{.*}}(hot: called from report(), which is hot;{{.*}}[hostsync-item]


def clip(model):
    for name, p in model.named_parameters():
        if p.grad.norm() > 1:
            # CHECK-DAG: calls.py:[[@LINE-1]]:12: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
            p.grad.zero_()
    scale = th.tensor([1.0, 2.0], device="cuda")
    # CHECK-DAG: calls.py:[[@LINE-1]]:16: warning: 'torch.tensor' of host data{{.*}}[hostsync-host-to-device-copy]
    stats = th.cuda.FloatTensor([0.5])
    # CHECK-DAG: calls.py:[[@LINE-1]]:21: warning: 'torch.cuda.FloatTensor' of host data{{.*}}[hostsync-host-to-device-copy]
    return scale, stats


def save(outputs):
    return outputs.cpu()
    # Nothing here says what outputs is: a tensor's copy, its device unknown.
    # CHECK-DAG: calls.py:[[@LINE-2]]:20: warning: 'cpu' copies a tensor that may be on CUDA{{.*}}device: unknown{{.*}}[hostsync-device-to-host-copy]


def main(dataset):
    device = "cuda"
    model = th.nn.Linear(8, 1).to(device)
    loader = DataLoader(dataset, batch_size=4)
    train(model, device, loader, log=print)
    # CHECK-DAG: calls.py:[[@LINE-1]]:5: note: the call of `train()` waits for the GPU:{{.*}}(cold: in main(){{.*}}device: cuda (its argument `model`: `th.nn.Linear(8, 1).to(device)`{{.*}}[hostsync-item]
    clip(model)
    # CHECK-DAG: calls.py:[[@LINE-1]]:5: note: the call of `clip()` waits for the GPU: 'bool()'{{.*}}[hostsync-item]


def negatives(dataset):
    model = th.nn.Linear(8, 1).cuda()
    host = model.cpu()  # a module's move, once
    t = th.tensor([1.0, 2.0])  # host data, on the host
    u = th.tensor(t, device="cpu")
    return host, u


# Positional arguments stop at *args and the bare *: tail(z, z, z) gives b nothing (the
# last z goes to *rest); a keyword that names no parameter goes to **extra.
def tail(a, *rest, b=None):
    return b.item()
    # CHECK-DAG: calls.py:[[@LINE-1]]:14: warning: 'item' copies a value of a tensor that may be on CUDA{{.*}}[hostsync-item]


def only_kw(a, /, *, c=None, **extra):
    return c.item()
    # CHECK-DAG: calls.py:[[@LINE-1]]:14: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]


def splats():
    z = th.ones(2, device="cuda")
    tail(z, z, z)
    only_kw(z, c=z, d=z)
    # CHECK-DAG: calls.py:[[@LINE-1]]:5: note: the call of `only_kw()` waits for the GPU: 'item'{{.*}}its argument `z`{{.*}}[hostsync-item]
