# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}19{{$}}
# Reading a tensor's value on the host (hostsync-item): .item(), float()/int()/bool(), and
# the truth of a tensor in if, while, assert, and, or, not.
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def positives(param):
    x = torch.randn(8, device=device)
    a = x.sum().item()
    # CHECK-DAG: values.py:[[@LINE-1]]:17: warning: 'item' copies a value of a CUDA tensor to the host{{.*}}device: cuda (`torch.randn(8, device=device)` at line 14)) [hostsync-item]
    b = float(x.mean())
    # CHECK-DAG: values.py:[[@LINE-1]]:9: warning: 'float()' of a CUDA tensor copies its value{{.*}}[hostsync-item]
    if x.max() > 0:
        # CHECK-DAG: values.py:[[@LINE-1]]:8: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
        pass
    assert not torch.isnan(x).any(), "NaN"
    # CHECK-DAG: values.py:[[@LINE-1]]:31: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
    while x.sum() > 1 and a > 0:
        # CHECK-DAG: values.py:[[@LINE-1]]:11: warning: testing the truth{{.*}}(hot: inside a loop;{{.*}}[hostsync-item]
        x = x / 2
    # A parameter's device is unknown: still reported, as "unknown".
    p = param.mean().item()
    # CHECK-DAG: values.py:[[@LINE-1]]:22: warning: 'item' copies a value of a tensor that may be on CUDA{{.*}}device: unknown (nothing in view says where the tensor is)) [hostsync-item]
    return int(x.argmax())
    # CHECK-DAG: values.py:[[@LINE-1]]:12: warning: 'int()' of a CUDA tensor{{.*}}[hostsync-item]


def legacy_variable(batch, device):
    # torch.autograd.Variable(t) (PyTorch before 0.4) is t itself.
    y = torch.autograd.Variable(torch.ones(3, device="cuda"))
    y.mean().item()
    # CHECK-DAG: values.py:[[@LINE-1]]:14: warning: 'item' copies a value of a CUDA tensor{{.*}}[hostsync-item]


def wrapped(flag, convert):
    # A wrapper (DistributedDataParallel) of a module the analysis cannot place is a module
    # of unknown place, not one built on the CPU; of a module on the CPU it stays there.
    # (Converted on one path only, it would stay the CUDA module: module-methods.py.)
    model = torch.nn.Linear(3, 3).cuda()
    model = convert(model)
    model = torch.nn.parallel.DistributedDataParallel(model)
    for p in model.parameters():
        p.grad.norm().item()
        # CHECK-DAG: values.py:[[@LINE-1]]:23: warning: 'item' copies a value of a tensor that may be on CUDA{{.*}}device: unknown{{.*}}[hostsync-item]
    host = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(3, 3))
    for p in host.parameters():
        p.grad.norm().item()


def negatives(n, items):
    t = torch.zeros(4)  # made on the CPU: no sync, no finding (--report-cpu shows them)
    v = t.sum().item()
    f = float(n)  # not a tensor
    if n > 0 and items:  # numbers and lists
        pass
    if t is None or x_is_set():  # identity, not a value
        pass
    w = torch.ones(3, device="cpu")
    # equal() and allclose() return Python bools (hostsync-equal's, not a tensor's truth).
    g = torch.ones(3, device="cuda")
    assert g.equal(g) and g.allclose(g)
    return bool(w.any()), int(len(items)), v, f


def x_is_set():
    return True


def casts(n):
    # .type(dtype) keeps the device; .type(torch.cuda.FloatTensor) makes a CUDA copy.
    on_cpu = torch.zeros(n).type(torch.int64)
    on_gpu = torch.zeros(n).type(torch.cuda.FloatTensor)
    return on_cpu.sum().item(), on_gpu.sum().item()
    # CHECK-DAG: values.py:[[@LINE-1]]:46: warning: 'item' copies a value of a CUDA tensor to the host{{.*}}device: cuda (`torch.zeros(n).type(torch.cuda.FloatTensor)` at line [[@LINE-2]]


def distributed(rank, student, teacher, checkpoint):
    # A device named by a string built from the rank ('cuda:{:d}'.format(rank), "cuda:" +
    # str(rank)) is CUDA; the module a wrapper holds (DDP(...).module) and a model whose
    # batch norms convert_sync_batchnorm swaps are where the model is.
    gpu = torch.device("cuda:{:d}".format(rank))
    other = torch.device("cuda:" + str(rank))
    model = torch.nn.Linear(4, 4).to(gpu)
    model = torch.nn.SyncBatchNorm.convert_sync_batchnorm(model)
    wrapped = torch.nn.parallel.DistributedDataParallel(model, device_ids=[rank])
    out = wrapped.module(torch.zeros(2, 4))
    print(torch.ones(1, device=other).item())
    # CHECK-DAG: values.py:[[@LINE-1]]:39: warning: 'item' copies a value of a CUDA tensor{{.*}}device: cuda{{.*}}[hostsync-item]
    return out.sum().item()
    # CHECK-DAG: values.py:[[@LINE-1]]:22: warning: 'item' copies a value of a CUDA tensor{{.*}}device: cuda (`torch.nn.Linear(4, 4).to(gpu)` at line 89)) [hostsync-item]


def slices_and_lists():
    y = torch.randn(2, 3, 8, device="cuda")
    lengths = torch.tensor([5, 7]).cuda()
    head = y[0, :, : lengths[0]]
    # CHECK-DAG: values.py:[[@LINE-1]]:22: warning: using a CUDA tensor as a slice bound reads its value on the host{{.*}}[hostsync-item]
    tail = y[0, :, 2:4]  # numbers
    host = y[0, :, : torch.tensor(3)]  # a host tensor: read on the host, no wait
    if torch.cat([y, y]).sum():  # a list written out: where its tensors are
        # CHECK-DAG: values.py:[[@LINE-1]]:26: warning: testing the truth of a CUDA tensor{{.*}}[hostsync-item]
        pass
    steps = torch.arange(lengths.max(), device="cuda")
    # CHECK-DAG: values.py:[[@LINE-1]]:34: warning: 'torch.arange' reads a CUDA tensor given as a number on the host (item()){{.*}}[hostsync-item]
    fixed = torch.arange(8, device="cuda") + torch.zeros(3, 4, device="cuda").sum()  # numbers
    return head, tail, host, steps, fixed, positions(lengths), positions(3)


def positions(pos):
    if isinstance(pos, (int, float)):
        pos = torch.arange(pos)  # a number under the test: no finding
    return pos


def summarize(writer, step, scalars):
    # A dict written out with CUDA tensors in it, handed to a helper that logs each value:
    # its values are where its tensors are (TensorBoard's add_scalar reads each).
    for name, value in scalars.items():
        writer.add_scalar(name, value, step)
        # CHECK-DAG: values.py:[[@LINE-1]]:16: warning: TensorBoard's 'add_scalar' of a tensor{{.*}}device: cuda{{.*}}[hostsync-item]


def log_losses(writer):
    loss = torch.randn(4, device="cuda").sum()
    summarize(writer, 0, {"loss": loss, "lr": 0.1})
    # CHECK-DAG: values.py:[[@LINE-1]]:5: note: the call of `summarize()` waits for the GPU: 'add_scalar'{{.*}}[hostsync-item]
    # torch.is_tensor() and torch.is_floating_point() are Python bools: no truth of a tensor.
    if torch.is_tensor(loss) and not torch.is_floating_point(loss):
        return None
    return loss


def modules_by_name():
    # A dict of modules only: its values are modules, whose truth reads nothing.
    nets = {"G": torch.nn.Linear(4, 4).cuda(), "D": torch.nn.Linear(4, 1).cuda()}
    for name, net in nets.items():
        if net:
            return name


def log_epoch(logger, writer, epoch):
    # tensorboard_logger's log_value reads its value with float(); TensorBoard's add_scalars a
    # dict of them with .item().
    acc = torch.randn(8, device="cuda").mean()
    logger.log_value("train_acc", acc, epoch)
    # CHECK-DAG: values.py:[[@LINE-1]]:12: warning: tensorboard_logger's 'log_value' of a tensor{{.*}}[hostsync-item]
    writer.add_scalars("acc", {"train": acc, "val": 0.5}, epoch)
    # CHECK-DAG: values.py:[[@LINE-1]]:12: warning: TensorBoard's 'add_scalars' of a tensor{{.*}}[hostsync-item]
    logger.log_value("epoch", epoch, epoch)


def numpy_items(path, shape):
    # .item() of a NumPy value (a pickled dict np.load returns, a product of sizes) reads no
    # tensor.
    import numpy as np

    features = np.load(path, allow_pickle=True).item()
    n = np.prod(shape).item()
    return features, n
