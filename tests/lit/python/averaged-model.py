# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}3{{$}}
# torch.optim.swa_utils.AveragedModel(model, device=d) keeps its count of averages on d and
# update_parameters compares it with 0 in Python (measured: bench/library-syncs). Through
# torch.compile and a function's parameter too. Not: AveragedModel(model) without device=
# (the count stays on the host), nor device="cpu".
import torch
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn


def build(model, device, compiled):
    if compiled:
        ema = AveragedModel(model, device=device, avg_fn=None)
        ema = torch.compile(ema)
    else:
        ema = None
    return model, ema


def train(model, ema_model, loader, device):
    plain = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.999))
    host = AveragedModel(model, device="cpu")
    local = AveragedModel(model, device=device)
    for batch in loader:
        if ema_model is not None:
            ema_model.update_parameters(model)
            # CHECK-DAG: averaged-model.py:[[@LINE-1]]:23: warning: 'AveragedModel.update_parameters' compares its count of averages{{.*}}hot{{.*}}[hostsync-item]
        local.update_parameters(model)
        # CHECK-DAG: averaged-model.py:[[@LINE-1]]:15: warning: 'AveragedModel.update_parameters'{{.*}}hot{{.*}}[hostsync-item]
        plain.update_parameters(model)
        host.update_parameters(model)


def main(net, loader):
    device = torch.device("cuda", 0)
    model, ema = build(net.to(device), device, True)
    train(model, ema, loader, device)
    # CHECK-DAG: averaged-model.py:[[@LINE-1]]:5: note: the call of `train()` waits for the GPU: 'AveragedModel.update_parameters' at averaged-model.py:28 syncs in it{{.*}}[hostsync-item]
