"""Ground truth for hostsync-trace on Python: every sync on a line marked with a SYNC comment,
each after a 5 ms kernel so that it stalls well past the threshold. Nothing else in the
program synchronizes. Each part runs REPS + 1 times: the first round loads kernels (lazily),
which can absorb its stall. check_python_sync_lines.py reads the trace.
usage: python_sync_lines.py [REPS]"""
import sys
import threading

import torch
from torch.utils.data import DataLoader, TensorDataset

import python_sync_helpers as helpers

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
x = torch.randn(4096, device="cuda")
y = x.clone()  # torch.equal(x, y) answers without the GPU: same tensor
mask = x > 0
# torch.cuda._sleep spins for a number of GPU cycles: about 5 ms at the GPU's clock.
SPIN = int(torch.cuda.get_device_properties(0).clock_rate * 5)


def busy():
    torch.cuda._sleep(SPIN)


def step():
    busy(); idx = torch.nonzero(x)  # SYNC: hostsync-nonzero aten::nonzero
    busy(); value = x.sum().item()  # SYNC: hostsync-item aten::_local_scalar_dense
    busy(); picked = x[mask]  # SYNC: hostsync-bool-mask-index aten::index
    busy(); host = x.cpu()  # SYNC: hostsync-device-to-host-copy aten::copy_
    busy(); listed = x[:4].tolist()  # SYNC: hostsync-device-to-host-copy aten::copy_
    busy(); same = torch.equal(x, y)  # SYNC: hostsync-equal aten::equal
    busy(); helpers.count_positive(x)
    return idx, value, picked, host, listed, same


def on_a_thread():
    for _ in range(REPS + 1):
        busy(); value = x.max().item()  # SYNC: hostsync-item aten::_local_scalar_dense


def loader_loop():
    data = TensorDataset(torch.randn(8 * (REPS + 1), 64))
    for (batch,) in DataLoader(data, batch_size=8, num_workers=0):
        batch = batch.pin_memory().cuda(non_blocking=True)  # MAYSYNC: hostsync-host-to-device-copy
        busy(); total = batch.sum().item()  # SYNC: hostsync-item aten::_local_scalar_dense


for _ in range(REPS + 1):
    step()
worker = threading.Thread(target=on_a_thread)
worker.start()
worker.join()
loader_loop()
busy(); torch.cuda.synchronize()  # SYNC(once): hostsync-explicit-sync
