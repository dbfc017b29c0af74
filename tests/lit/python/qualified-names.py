# RUN: %lint --checks='-*,hostsync-item,hostsync-explicit-sync,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note: {{.*}}[hostsync-' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}3{{$}}
# One resolver for the names a file imports (python/PythonQualifiedNames.h): a library's
# function called by the name an import gave it meets the same knowledge as its qualified
# name. `from torch import save`, `import wandb as wb`, `from torch.cuda import synchronize
# as sync_all`. Not: the project's own function of a similar name, nor a name imported from
# the project (`from utils import save`: the project's, whatever it does).
import torch
import wandb as wb
from torch import save
from torch.cuda import synchronize as sync_all
from utils import save as save_checkpoint


def save_model(state, path):  # the project's own: no library behind the name
    print(path, len(state))


def train(model, loader, opt):
    device = torch.device("cuda")
    model = model.to(device)
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x.to(device, non_blocking=True)),
                                            y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        wb.log({"loss": loss})
        # CHECK-DAG: qualified-names.py:[[@LINE-1]]:12: warning: 'wandb.log' of a tensor reads its value on the host{{.*}}hot{{.*}}[hostsync-item]
        sync_all()
        # CHECK-DAG: qualified-names.py:[[@LINE-1]]:9: note: 'torch.cuda.synchronize()' blocks the host{{.*}}[hostsync-explicit-sync]
        save(model.state_dict(), "last.pt")
        # CHECK-DAG: qualified-names.py:[[@LINE-1]]:9: warning: 'torch.save' copies the tensors it writes to the host{{.*}}[hostsync-device-to-host-copy]
        save_model(model.state_dict(), "last.pt")
        save_checkpoint(model.state_dict(), "last.pt")
