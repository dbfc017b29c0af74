# RUN: %lint --checks='-*,hostsync-item,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}7{{$}}
# Library calls that copy to the host inside, flagged at the program's line: torch.save of
# CUDA state (a module, its state_dict, a dict of them, an optimizer's state), torchvision's
# save_image of a CUDA image, TensorBoard's add_scalar / add_histogram of a CUDA tensor.
import torch
import torchvision.utils as vutils
from torch.utils.tensorboard import SummaryWriter


def train(loader, steps):
    model = torch.nn.Linear(8, 8).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    writer = SummaryWriter()
    for step, (x, y) in enumerate(loader):
        out = model(x.cuda(non_blocking=True))
        loss = torch.nn.functional.mse_loss(out, y.cuda(non_blocking=True))
        writer.add_scalar("loss", loss, step)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:16: warning: TensorBoard's 'add_scalar' of a tensor reads its value with .item() inside{{.*}}(hot: inside a loop; device: cuda{{.*}}[hostsync-item]
        writer.add_histogram("out", out, step)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:16: warning: TensorBoard's 'add_histogram' of a tensor copies it to the host inside{{.*}}[hostsync-device-to-host-copy]
        writer.add_scalar("lr", optimizer.param_groups[0]["lr"], step)  # a float
        writer.add_scalar("loss_value", loss.item(), step)  # read already: the item() is flagged
        # CHECK-DAG: libraries.py:[[@LINE-1]]:46: warning: 'item'{{.*}}[hostsync-item]
        if step % 100 == 0:
            vutils.save_image(out.view(-1, 1, 8, 1), f"out-{step}.png")
            # CHECK-DAG: libraries.py:[[@LINE-1]]:20: warning: torchvision's 'save_image' copies the image tensor to the host{{.*}}(periodic: once every 100 iterations of a loop; device: cuda{{.*}}[hostsync-device-to-host-copy]
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, "ckpt.pt")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    state = model.state_dict()
    torch.save(state, "model.pt")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]


def negatives(images):
    cpu_model = torch.nn.Linear(8, 8)
    torch.save(cpu_model.state_dict(), "cpu.pt")  # on the host already
    torch.save({"epoch": 3, "name": "run"}, "meta.pt")  # no tensors
    vutils.save_image(images.cpu(), "images.png")  # copied by the .cpu(), not in save_image
    # CHECK-DAG: libraries.py:[[@LINE-1]]:30: warning: 'cpu' copies a tensor that may be on CUDA{{.*}}[hostsync-device-to-host-copy]
    host = torch.zeros(4)
    SummaryWriter().add_scalar("zero", host.sum(), 0)  # a host tensor
    return host
