import torch
import helpers

device = torch.device("cuda")
model = torch.nn.Linear(4, 4).to(device)


def log_step():
    helpers.wait_all()


for step in range(100):
    x = torch.randn(8, 4, device=device)
    model(x).sum().backward()
    helpers.wait_all()
    total = helpers.gpu_total()
    log_step()
    helpers.log_cpu()
    helpers.gpu_total()  # NOLINT(hostsync-item): suppressed at the call
    helpers.log(total)
