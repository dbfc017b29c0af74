"""A small training script run the ways jobs are launched (issue 49's launcher checks,
tests/gpu/run_launcher_checks.sh): plain, by a bash wrapper, under torchrun (one rank or
two, DDP-style all-reduce of the gradients), with DataLoader workers started by spawn, with
a CPU-only helper process, and with a rank killed half way. Its syncs are on the marked
lines: the report must name them.
usage: python3 launch_train.py [--steps N] [--workers W --context spawn|fork] [--helper]
                               [--kill-rank R]"""
import argparse
import os
import signal
import subprocess
import sys
import time

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, Dataset


class Batches(Dataset):
    """Host tensors made by the workers, as a real dataset's __getitem__ does"""

    def __len__(self):
        return 1 << 20

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        return torch.randn(64, generator=g), torch.randint(0, 4, (), generator=g)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--context", default=None)
    ap.add_argument("--helper", action="store_true")
    ap.add_argument("--kill-rank", type=int, default=-1)
    a = ap.parse_args()
    ranked = "RANK" in os.environ
    if ranked:
        dist.init_process_group("nccl")
        torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    rank = dist.get_rank() if ranked else 0
    if a.helper:  # a CPU-only helper process (a tokenizer, a metrics writer): no CUDA call
        subprocess.run([sys.executable, "-c", "print(sum(range(3_000_000)))"], check=True)
    model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 4)).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    loader = DataLoader(Batches(), batch_size=256, num_workers=a.workers,
                        multiprocessing_context=a.context if a.workers else None)
    start = time.time()
    for step, (x, y) in enumerate(loader):
        if step == a.steps:
            break
        x, y = x.cuda(), y.cuda()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        if ranked:
            for p in model.parameters():
                dist.all_reduce(p.grad)
        opt.step()
        if loss.item() > 100:  # SYNC-ITEM
            print("diverged")
        hard = (model(x).argmax(1) != y).nonzero()  # SYNC-NONZERO
        if step % 20 == 0:
            print(f"rank {rank} step {step}: {hard.shape[0]} misclassified", flush=True)
        # Killed without warning half way, after the tracer's first periodic write.
        if rank == a.kill_rank and step == a.steps // 2:
            while time.time() - start < float(os.environ.get("HOSTSYNC_WRITE_S", "10")) + 2:
                time.sleep(0.1)
            os.kill(os.getpid(), signal.SIGKILL)
    torch.cuda.synchronize()
    if ranked:
        dist.destroy_process_group()
    print(f"rank {rank}: done")


if __name__ == "__main__":
    main()
