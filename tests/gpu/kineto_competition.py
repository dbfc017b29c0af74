"""A traced PyTorch program that also starts torch.profiler (Kineto), a second CUPTI client.
hostsync-trace must name it, and the program must run to its normal end either way."""
import torch

x = torch.randn(2048, 2048, device="cuda")
with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU,
                                        torch.profiler.ProfilerActivity.CUDA]) as prof:
    total = 0.0
    for _ in range(5):
        total += (x @ x).sum().item()
print(f"profiler events: {len(prof.events())}, checksum {total:.3g}")
