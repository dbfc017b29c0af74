# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}8{{$}}
# Library objects whose calls read the GPU inside, flagged at the program's line: timm's
# NativeScaler (its __call__ steps a GradScaler), ReduceLROnPlateau.step of a tensor metric
# (float() inside), apex's LARC.step (norms compared with 0 on the host) and amp.scale_loss
# (its overflow flag read with .item()), and wandb.log (or a run's log()) of tensors. Not: a scheduler given a
# Python number, another scheduler's step, the optimizer LARC wraps, wandb.log of numbers.
# A scaler a helper builds (`optimizer, scaler = init_opt(...)`), by its name where the file
# scales a loss with it: its step and state_dict read the GPU, device unknown. Not a scaler
# that scales nothing here (a scikit-learn one).
import torch
import wandb
from apex import amp
from apex.parallel.LARC import LARC
from timm.utils import NativeScaler


def train(loader, base):
    model = torch.nn.Linear(8, 8).cuda()
    loss_scaler = NativeScaler()
    optimizer = LARC(optimizer=base, trust_coefficient=0.001, clip=False)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(base, "min")
    steps = torch.optim.lr_scheduler.StepLR(base, 30)
    run = wandb.init(project="demo")
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss_scaler(loss, optimizer, parameters=model.parameters())
        # CHECK-DAG: library-objects.py:[[@LINE-1]]:9: warning: timm's 'NativeScaler' steps a GradScaler inside{{.*}}(hot: inside a loop; device: cuda (`NativeScaler()` at line 22)) [hostsync-item]
        with amp.scale_loss(loss, optimizer) as scaled:
            # CHECK-DAG: library-objects.py:[[@LINE-1]]:18: warning: apex's 'amp.scale_loss' reads whether the gradients overflowed{{.*}}[hostsync-item]
            scaled.backward()
        optimizer.step()
        # CHECK-DAG: library-objects.py:[[@LINE-1]]:19: warning: apex's 'LARC.step' compares each parameter's norm{{.*}}[hostsync-item]
        base.step()
        wandb.log({"loss": loss, "lr": 0.1})
        # CHECK-DAG: library-objects.py:[[@LINE-1]]:15: warning: 'wandb.log' of a tensor reads its value on the host{{.*}}device: cuda{{.*}}[hostsync-item]
        wandb.log({"epoch": 1, "lr": 0.1})
        run.log({"loss": loss})
        # CHECK-DAG: library-objects.py:[[@LINE-1]]:13: warning: 'wandb.log' of a tensor reads its value on the host{{.*}}[hostsync-item]
        run.log({"loss": 0.5})
    plateau.step(loss)
    # CHECK-DAG: library-objects.py:[[@LINE-1]]:13: warning: 'ReduceLROnPlateau.step' reads its metric with float(){{.*}}[hostsync-item]
    total = 0.0
    plateau.step(total / 4)
    steps.step()


def train_amp(loader, model, init_opt, features):
    optimizer, scaler = init_opt(model)
    for x in loader:
        loss = model(x.cuda()).sum()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        # CHECK-DAG: library-objects.py:[[@LINE-1]]:16: warning: 'GradScaler.step' reads whether the gradients hold an inf or a NaN{{.*}}device: unknown{{.*}}[hostsync-item]
        scaler.update()
    std_scaler = features.scaler()
    std_scaler.step(features)
    return scaler.state_dict()
    # CHECK-DAG: library-objects.py:[[@LINE-1]]:19: warning: 'GradScaler.state_dict' reads the loss scale from the GPU{{.*}}[hostsync-item]
