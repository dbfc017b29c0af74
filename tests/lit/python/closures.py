# RUN: %lint --checks='-*,hostsync-item,hostsync-print-tensor,hostsync-host-to-device-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}4{{$}}
# What pytorch/examples' imagenet validate() shows: a model chosen by name from
# torchvision's table and moved in place (model.cuda(), no assignment); a function defined
# inside another reading the enclosing function's variables (a closure); a list that
# res.append(t) fills with CUDA tensors, returned and unpacked (acc1, acc5 = ...); a value
# that is a CUDA tensor on one path and a float on another (tolist()) may be a tensor.
import torch
import torchvision.models as models


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        _, pred = output.topk(max(topk), 1, True, True)
        correct = pred.t().eq(target.view(1, -1))
        res = []
        for k in topk:
            res.append(correct[:k].reshape(-1).float().sum(0, keepdim=True))
        if res:  # a list's truth is its length: no sync
            return res
        return res


def validate(loader, arch):
    model = models.__dict__[arch]()
    model.cuda()

    def run_validate(batches):
        for images, target in batches:
            output = model(images.cuda(non_blocking=True))
            acc1, acc5 = accuracy(output, target.cuda(non_blocking=True), topk=(1, 5))
            print(acc1)
            # CHECK-DAG: closures.py:[[@LINE-1]]:13: warning: printing a CUDA tensor{{.*}}(hot: inside a loop; device: cuda (`.cuda()` at line 28)) [hostsync-print-tensor]
            print("Acc@5 {:.3f}".
                  format(acc5))  # a call split over lines: the same str.format
            # CHECK-DAG: closures.py:[[@LINE-1]]:19: warning: formatting a CUDA tensor into a string with str.format{{.*}}[hostsync-print-tensor]
            total = acc5
            if distributed():
                total = acc5.tolist()
            print(f"{total}")
            # CHECK-DAG: closures.py:[[@LINE-1]]:21: warning: formatting a CUDA tensor into a string{{.*}}[hostsync-print-tensor]

    run_validate(loader)
    # CHECK-DAG: closures.py:[[@LINE-1]]:5: note: the call of `run_validate()` waits for the GPU: 'print' at closures.py:34 syncs in it (cold: in validate(){{.*}}[hostsync-print-tensor]


def distributed():
    return False


def negatives(loader):
    model = torch.nn.Linear(4, 2)
    model.cpu()  # on the host
    out = model(torch.zeros(2, 4))
    print(out)  # a host tensor
    return out
