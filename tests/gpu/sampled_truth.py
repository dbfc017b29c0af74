"""A training-like loop whose GPU figures are steady, for the sampled mode's GPU check
(run_sampled_checks.sh): STEPS steps, each a 3 ms kernel (torch.cuda._sleep) and 50 small
kernels, then loss.item() on the line marked ITEM (it waits for them), then 1 ms of host work
while the GPU is idle; every fifth step also a 2 ms kernel, a .cpu() on the line marked CPU,
and 4 ms of host work. Run whole and sampled, the two traces are compared by
check_sampled.py: the same syncs, and the sampled estimates' intervals holding the whole run's
busy time and idle after each line's syncs.
usage: sampled_truth.py STEPS"""
import sys
import time

import torch

steps = int(sys.argv[1])
khz = torch.cuda.get_device_properties(0).clock_rate  # cycles per ms of torch.cuda._sleep
x = torch.randn(1024, device="cuda")


def spin(ms):
    torch.cuda._sleep(int(khz * ms))


def host_work(seconds):  # the host busy, launching nothing: the GPU idles
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


for step in range(steps):
    spin(3)
    for _ in range(50):
        x.mul_(0.999)
    loss = x.sum().item()  # ITEM
    host_work(0.001)
    if step % 5 == 4:
        spin(2)
        head = x[:4].cpu()  # CPU
        host_work(0.004)
torch.cuda.synchronize()
print(f"sampled_truth: {steps} steps")
