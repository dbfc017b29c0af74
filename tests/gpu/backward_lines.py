"""Backward syncs tied to their forward line (issue 76): the backward of a boolean-mask index
(IndexBackward0: index_put_ with the mask, a nonzero) and of an index_put with a mask
(IndexPutBackward0: the values' gradient is grad[mask], a nonzero) sync on autograd's engine
thread, which runs no Python. The report must name each by the forward line marked below
(check_backward_lines.py).
usage: python3 backward_lines.py [steps]"""
import sys

import torch

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
torch.manual_seed(0)
dev = torch.device("cuda")
x = torch.randn(1 << 20, device=dev, requires_grad=True)
v = torch.randn(1 << 20, device=dev, requires_grad=True)
mask = torch.randn(1 << 20, device=dev) > 0
total = 0.0
for step in range(steps):
    x.grad = v.grad = None
    y = x[mask]  # FORWARD-INDEX
    z = torch.zeros(1 << 20, device=dev)
    z[mask] = v[: int(mask.sum())] * 2  # FORWARD-INDEX-PUT
    loss = (y * y).sum() + z.sum()
    loss.backward()
total = float(x.grad.sum() + v.grad.sum())
print(f"done {steps} steps, gradient sum {total:.3f}")
