import torch
import nets

device = torch.device("cuda")
model = nets.Detector().to(device)
for step in range(100):
    x = torch.randn(8, 4, device=device)
    out = model(x, x[:, 0] > 0)
