import torch
from metrics import accuracy, scaled, chained, count, norm, pick

model = torch.nn.Linear(4, 3).cuda()
best = 0.0
for step in range(100):
    inputs = torch.randn(8, 4, device="cuda")
    target = torch.randint(0, 3, (8,), device="cuda")
    output = model(inputs)
    acc1, acc2 = accuracy(output, target, topk=(1, 2))
    if acc1 > best:
        best = acc1
    print(f"step {step}: {acc2}")
    if scaled(output, 0.5).sum():
        break
    if chained(output):
        break
    unit = norm(output)
    if unit.mean() > 0:
        break
    # Host values: a CPU tensor's accuracy, a count of a list.
    host, = accuracy(torch.randn(8, 3), torch.randint(0, 3, (8,)))
    if host > 50:
        break
    if count([inputs, target]) > 3:
        break
    if pick(torch.ones(1), output):
        break
