"""Eight training-like steps, each marked with an NVTX range named "step": the GPU spins for
about a millisecond, then the host copies a result of a size unique to the step
(4 KiB << step) back, waiting for the spin: one long stall per step, so the trace shows which
steps it kept. Run under hostsync-trace --skip-steps N."""
import torch

x = torch.ones(1 << 20, device="cuda")
for step in range(8):
    torch.cuda.nvtx.range_push("step")
    torch.cuda._sleep(2_000_000)  # ~1 ms of GPU time
    y = (x[: 1 << (10 + step)] * 2).cpu()  # 4 KiB << step, a blocking copy
    torch.cuda.nvtx.range_pop()
print("steps done")
