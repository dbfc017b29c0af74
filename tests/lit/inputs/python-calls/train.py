import torch
import helpers
from loading import load_weights
from nets import build_model

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
    helpers.norm_of(x)
    helpers.norm_of(torch.zeros(3))
    helpers.get_grad_norm(model.parameters())
    helpers.get_grad_norm([torch.zeros(3)])
    helpers.clipped_norm(model)

scaler = helpers.ScalerWrapper()
for step in range(10):
    scaler(model(torch.randn(8, 4, device=device)).sum(), None, update=step % 4 == 0)
    scale = scaler.state_dict()

net = build_model()
net.cuda()
load_weights(net, "net.pth")

stepper = helpers.StepWrapper()
for step in range(10):
    stepper(model(torch.randn(8, 4, device=device)).sum(), None, update=step % 4 == 0)
