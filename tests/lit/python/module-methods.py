# RUN: %lint --checks='-*,hostsync-item,hostsync-bool-mask-index,hostsync-print-tensor' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note: the call' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}11{{$}}
# A module of one of the file's module classes is called like an object of one of its
# classes: model(x) binds forward's parameters, model.m(x) those of its method m, and a
# method's result is read where the call's arguments place it. A module a test builds and
# calls with CPU tensors reads CPU tensors: no finding there.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SSD(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, mask):
        # CHECK-DAG: [[@LINE+1]]:24: warning: indexing a CUDA tensor with a boolean mask{{.*}}(hot: in SSD.forward() of an nn.Module; device: cuda
        return self.fc(x[mask])

    def detect_objects(self, scores, min_score):
        scores = F.softmax(scores, dim=1)
        above = scores > min_score
        # CHECK-DAG: [[@LINE+1]]:25: warning: 'item' copies a value of a CUDA tensor{{.*}}(hot: reached from a call at module-methods.py:[[#@LINE+15]]
        n = above.sum().item()
        return scores[:, 0] * n

    def score(self, x):
        return self.fc(x).sum()


device = torch.device("cuda")
model = SSD().to(device)
for step in range(10):
    x = torch.randn(2, 4, device=device)
    # CHECK-DAG: [[@LINE+1]]:11: note: the call of `SSD.forward()` waits for the GPU: 't[mask]'{{.*}}(hot: inside a loop
    out = model(x, x > 0)
    # CHECK-DAG: [[@LINE+1]]:11: note: the call of `SSD.detect_objects()` waits for the GPU: 'item'{{.*}}(hot: inside a loop
    det = model.detect_objects(out, 0.2)
    # score()'s result is where its module's input is: a CUDA tensor.
    # CHECK-DAG: [[@LINE+1]]:26: warning: 'item' copies a value of a CUDA tensor{{.*}}(hot: inside a loop; device: cuda
    print(model.score(x).item())

host = SSD()
host_out = host(torch.randn(2, 4), torch.ones(2, dtype=torch.bool))


# A model a branch hands to a library's wrapper is still the model: moved to CUDA after,
# its output is a CUDA tensor (merged with a value of unknown type, a module stays one).
def build(sync_bn):
    net = SSD()
    if sync_bn:
        net = apex.parallel.convert_syncbn_model(net)
    net = net.cuda()
    return net


wrapped = build(False)
for step in range(10):
    # CHECK-DAG: [[@LINE+1]]:9: note: the call of `SSD.forward()` waits for the GPU: 't[mask]'{{.*}}(hot: inside a loop
    y = wrapped(torch.randn(2, 4, device=device), None)
    # CHECK-DAG: [[@LINE+1]]:13: warning: formatting a CUDA tensor{{.*}}(hot: inside a loop; device: cuda
    print(f"{y}")


# An nn.ModuleList of one of the file's module classes: a loop over it, or [i], gives that
# class's module, so a layer's call binds its forward's parameters.
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x, keep):
        # CHECK-DAG: [[@LINE+1]]:16: warning: indexing a CUDA tensor with a boolean mask{{.*}}(hot: in Block.forward() of an nn.Module; device: cuda
        return self.fc(x)[keep]


class Stack(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.layers = nn.ModuleList([Block(d) for _ in range(n)])

    def forward(self, x, keep):
        for layer in self.layers:
            # CHECK-DAG: [[@LINE+1]]:17: note: the call of `Block.forward()` waits for the GPU: 't[mask]'{{.*}}(hot: inside a loop
            x = layer(x, keep)
        return x


stack = Stack(4, 2).cuda()
for step in range(10):
    x = torch.randn(2, 4, device=device)
    # CHECK-DAG: [[@LINE+1]]:9: note: the call of `Stack.forward()` waits for the GPU: the call of `Block.forward()`{{.*}}(hot: inside a loop
    y = stack(x, x > 0)


def distill(x):
    # A module taken from a container of modules (RepDistiller's `module_list.append(model_s)`,
    # moved with `module_list.cuda()`, then `module_list[0]`): a module where the container
    # is, its output on CUDA.
    module_list = nn.ModuleList([])
    module_list.append(nn.Linear(4, 4))
    module_list.append(nn.Linear(4, 2))
    module_list.cuda()
    student = module_list[0]
    logit = student(x)
    print(logit)
    # CHECK-DAG: module-methods.py:[[@LINE-1]]:5: warning: printing a CUDA tensor{{.*}}[hostsync-print-tensor]
    return logit
