# RUN: %lint --checks='-*,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}2{{$}}
# A device nobody knows (docs/lint.md): a value of unknown kind moved to a device nothing
# names (both sides unknown) is reported as the C++ front end reports it, device unknown,
# and dropped with --assume-device=cpu as every unknown is. Not a cast: a name that says it
# holds a type (the type-name guess; with it off, the cast reads as a move).
# RUN: %lint --checks='-*,hostsync-host-to-device-copy' --assume-device=cpu %s > %t.cpu; test $? -eq 0
# RUN: FileCheck %s --check-prefix=CPU --allow-empty < %t.cpu
# CPU-NOT: warning:
# RUN: env HOSTSYNC_PYTHON_GUESSES=-type-name %lint --checks='-*,hostsync-host-to-device-copy' %s > %t.off; test $? -eq 1
# RUN: FileCheck %s --check-prefix=OFF < %t.off
import torch


def train(model, batches, device, data_type):
    for inputs, targets in batches:
        inputs = inputs.to(device)
        # CHECK-DAG: unknown-device-copies.py:[[@LINE-1]]:25: warning: 'to' of a value that may be a host tensor copies it to a device that may be CUDA{{.*}}device: unknown{{.*}}[hostsync-host-to-device-copy]
        targets = targets.to(device, non_blocking=True)
        weights = targets.to(data_type)
        # OFF: unknown-device-copies.py:[[@LINE-1]]:27: warning: 'to' of a value that may be a host tensor copies it to a device that may be CUDA{{.*}}[hostsync-host-to-device-copy]
        model.to(device)
        loss = model(inputs, weights)
        cpu = torch.ones(3).to(device)
        # CHECK-DAG: unknown-device-copies.py:[[@LINE-1]]:29: warning: 'to' of a host tensor{{.*}}[hostsync-host-to-device-copy]
        loss.backward()
