# RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}1{{$}}
# An object's attribute moved to the device of the data (score_sde's noise schedules, made
# on the host by another module's class and moved at each step): a copy that may be from the
# host. Not a network's attribute, nor self's (a module's buffers are where it is), nor a
# move to the device of a network.
import torch


def ancestral_step(sde, x, t, model):
    sigma = sde.discrete_sigmas.to(t.device)[t.long()]
    # CHECK-DAG: schedules.py:[[@LINE-1]]:33: warning: 'to' of a value that may be a host tensor copies it to the device of a tensor that may be on CUDA{{.*}}[hostsync-host-to-device-copy]
    weight = model.embedding.to(x.device)
    other = sde.alphas.to(model.device)
    return x * sigma, weight, other


class Schedule(torch.nn.Module):
    def forward(self, x):
        return x * self.betas.to(x.device)
