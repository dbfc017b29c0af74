# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}5{{$}}
# PyTorch 0.3's `loss.data[0]`, its spelling of loss.item(): a 0-dim loss indexed gave a
# Python number (since 0.4 it raises). Of a value named as a loss not known to be on the host;
# not in the old branch of a test of the version (the branch 0.4 and later never take), nor
# of a row of another tensor's data.
import torch


def train(loader, model, criterion, version, self_loss_weights=None):
    total = 0.0
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        loss_G = criterion(model(x), y)
        total += loss_G.data[0]
        # CHECK-DAG: old-spellings.py:[[@LINE-1]]:18: warning: 'loss_G.data[0]' reads the value of a tensor that may be on CUDA on the host (PyTorch 0.3's item()){{.*}}hot{{.*}}[hostsync-item]
        print("loss %s" % loss_G.data[0])
        # CHECK-DAG: old-spellings.py:[[@LINE-1]]:27: warning: 'loss_G.data[0]' reads the value{{.*}}[hostsync-item]
        seen = float(loss_G.data[0]) + "{:.3f}".format(loss_G.data[0])
        # CHECK-DAG: old-spellings.py:[[@LINE-1]]:22: warning: 'loss_G.data[0]' reads the value{{.*}}[hostsync-item]
        # CHECK-DAG: old-spellings.py:[[@LINE-2]]:56: warning: 'loss_G.data[0]' reads the value{{.*}}[hostsync-item]
        if int(version[0]) > 0 or int(version[2]) > 3:
            running = loss_G.detach()
        else:
            running = loss_G.data[0]
        first_row = model.weight.data[0]
        weight_row = self_loss_weights.data[0]
        host_loss = torch.zeros(1)
        host_value = host_loss.data[0]
    return total, running, first_row, host_value


class Logger:
    def log(self, losses):
        for loss_name in losses:
            self.losses[loss_name] = losses[loss_name].data[0]
            # CHECK-DAG: old-spellings.py:[[@LINE-1]]:38: warning: 'losses[loss_name].data[0]' reads the value{{.*}}[hostsync-item]
