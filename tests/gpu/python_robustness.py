"""Python programs the tracer must run through without a crash or a hang, with their exit
code and output kept: torch.compile'd code, DataLoader workers (forked processes) and Python
threads that sync at once. usage: python_robustness.py compile|workers|threads"""
import sys
import threading

import torch
from torch.utils.data import DataLoader, TensorDataset

what = sys.argv[1]
x = torch.randn(1024, 64, device="cuda")
if what == "compile":
    @torch.compile
    def step(t):
        return torch.nn.functional.relu(t @ t.T).sum()
    for _ in range(5):
        print("loss", round(step(x).item(), 3) > 0)
elif what == "workers":
    data = TensorDataset(torch.randn(256, 64))
    total = 0.0
    for (batch,) in DataLoader(data, batch_size=32, num_workers=2):
        total += batch.cuda().sum().item()
    print("batches done", total != 0)
elif what == "threads":
    def work():
        for _ in range(50):
            torch.nonzero(x > 0)
            (x * 2).sum().item()
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("threads done")
sys.exit(3)  # the exit code must come through the tracer unchanged
