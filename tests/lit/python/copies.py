# RUN: %lint --checks='-*,hostsync-host-to-device-copy,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}65{{$}}
# Copies between the host and the GPU: a DataLoader's batch moved with .to(device) or
# .cuda() (blocking), non_blocking=True from pageable memory (still blocking), torch.load
# to a checkpoint's device; and copies back with .cpu(), .to("cpu"), .tolist().
import argparse

import torch
from torch.utils.data import DataLoader

# Loaders pinned by a flag (mae's pin_memory=args.pin_mem): as the flag's default says. A help
# string is text: a bracket (ConvNeXt's --opt) or a "default=" in it changes no flag's default.
parser = argparse.ArgumentParser()
parser.add_argument("--pin_mem", action="store_true")
parser.add_argument("--no_pin_mem", action="store_false", dest="pin_mem")
parser.set_defaults(pin_mem=True)
parser.add_argument("--pin-batches", action="store_true")
parser.add_argument("--opt", default="adamw", help='the optimizer (default: "adamw"')  # one ( in its text
parser.add_argument("--device", default="cuda", help="the device (default: cuda)")
parser.add_argument("--cpu-device", type=str, help="not (default=cuda)", default="cpu")


def flag_devices(args):
    # Devices from flags' defaults: CUDA for --device, the host for --cpu-device.
    torch.zeros(3).to(torch.device(args.device))
    # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: 'to' of a host tensor{{.*}}device: cuda (the default of `--device`, "cuda", at line 21)) [hostsync-host-to-device-copy]
    torch.zeros(3).to(args.cpu_device)


def cuda_types(dataset):
    # x.type(torch.cuda.FloatTensor), or of a name holding it (PyTorch-YOLOv3's `Tensor`): a
    # blocking copy to CUDA; a CPU type or a dtype is a cast.
    Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
    for imgs in DataLoader(dataset, pin_memory=True):
        imgs.type(Tensor)
        # CHECK-DAG: copies.py:[[@LINE-1]]:14: warning: 'type' to a CUDA tensor type copies a host tensor{{.*}}[hostsync-host-to-device-copy]
        imgs.type(torch.cuda.HalfTensor)
        # CHECK-DAG: copies.py:[[@LINE-1]]:14: warning: 'type' to a CUDA tensor type{{.*}}[hostsync-host-to-device-copy]
        imgs.type(torch.FloatTensor)
        imgs.type(torch.float16)


def flag_pinned(args, dataset):
    for x in DataLoader(dataset, pin_memory=args.pin_mem):
        x.to("cuda", non_blocking=True)
    for x in DataLoader(dataset, pin_memory=args.pin_batches):
        x.to("cuda", non_blocking=True)
        # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'to(non_blocking=True)' of a host tensor in pageable memory{{.*}}[hostsync-host-to-device-copy]


def train(dataset):
    device = "cuda:0"
    model = torch.nn.Linear(4, 2).to(device)
    loader = DataLoader(dataset, batch_size=32, shuffle=True)
    for step, (images, labels) in enumerate(loader):
        images = images.to(device)
        # CHECK-DAG: copies.py:[[@LINE-1]]:25: warning: 'to' of a host tensor (a batch of `DataLoader` at line 56) to CUDA blocks the host{{.*}}(hot: inside a loop; device: cuda (`"cuda:0"` at line 54)) [hostsync-host-to-device-copy]
        labels = labels.cuda(non_blocking=True)
        # CHECK-DAG: copies.py:[[@LINE-1]]:25: warning: 'cuda(non_blocking=True)' of a host tensor in pageable memory{{.*}}[hostsync-host-to-device-copy]
        loss = model(images).sum()
        history = loss.cpu()
        # CHECK-DAG: copies.py:[[@LINE-1]]:24: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
        values = images.mean(0).tolist()
        # CHECK-DAG: copies.py:[[@LINE-1]]:33: warning: 'tolist' copies a CUDA tensor{{.*}}[hostsync-device-to-host-copy]
        back = images.to(torch.device("cpu"))
        # CHECK-DAG: copies.py:[[@LINE-1]]:23: warning: 'to(cpu)' copies a CUDA tensor{{.*}}[hostsync-device-to-host-copy]
    return history, values, back


def mask_on_host(t):
    m = torch.ones(4).to("cuda")
    # CHECK-DAG: copies.py:[[@LINE-1]]:23: warning: 'to' of a host tensor (made on the CPU by `torch.ones(4)` at line [[@LINE-1]] (no device=)){{.*}}(cold: in mask_on_host(), not reached from a loop or forward(){{.*}}[hostsync-host-to-device-copy]
    return m


def negatives(dataset):
    loader = DataLoader(dataset, batch_size=32, pin_memory=True)
    for x, y in loader:
        x = x.to("cuda", non_blocking=True)  # pinned: the copy does not wait
        y = y.pin_memory().cuda(non_blocking=True)
        z = x.to("cuda")  # already there: no copy
        h = x.to(torch.float16)  # a dtype cast, on the GPU
        w = torch.zeros(3).cpu()  # already on the host
        n = torch.zeros(3).numpy()  # a host tensor's memory, no copy
    return z, h, w, n


def checkpoints(path, rank):
    # torch.load puts each tensor back where it was saved from, or where map_location says.
    state = torch.load(path)
    # CHECK-DAG: copies.py:[[@LINE-1]]:19: warning: 'torch.load' copies each tensor it reads to the device it was saved from: a copy to CUDA blocks the host{{.*}}device: unknown{{.*}}[hostsync-host-to-device-copy]
    gpu = torch.load(path, map_location=torch.device("cuda", rank))
    # CHECK-DAG: copies.py:[[@LINE-1]]:17: warning: 'torch.load' copies each tensor it reads to the device it was saved from or map_location names{{.*}}device: cuda{{.*}}[hostsync-host-to-device-copy]
    on_gpu = torch.load(path, map_location=lambda storage, loc: storage.cuda(rank))
    # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: 'torch.load' copies{{.*}}[hostsync-host-to-device-copy]
    # To the host: no copy to the GPU.
    torch.load(path, map_location="cpu")
    torch.load(path, map_location=torch.device("cpu"))
    torch.load(path, map_location=lambda storage, loc: storage)
    torch.load(path, map_location={"cuda:0": "cpu"})
    return state, gpu, on_gpu


def resume(path, make_model):
    # load_state_dict copies each saved tensor into the module's parameters, where the module
    # is: into a CUDA module, from the host, each copy blocks.
    model = torch.nn.Linear(4, 4)
    model.load_state_dict(torch.load(path, map_location="cpu"))  # on the host yet: no copy
    model = model.cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA: from host tensors, each copy blocks the host{{.*}}device: cuda{{.*}}[hostsync-host-to-device-copy]
    optimizer.load_state_dict(state["optimizer"])  # built here: where its parameters are
    # CHECK-DAG: copies.py:[[@LINE-1]]:15: warning: 'load_state_dict' of an optimizer{{.*}}[hostsync-host-to-device-copy]
    other = make_model()
    other.load_state_dict(state["model"])  # what `other` is, nothing says: no finding
    model.load_state_dict(torch.load(path, map_location="cuda"))  # torch.load's copy
    # CHECK-DAG: copies.py:[[@LINE-1]]:33: warning: 'torch.load' copies{{.*}}[hostsync-host-to-device-copy]
    return model, optimizer, other


def targets_on_device(n, labels):
    # A Python range or list as an index of a CUDA tensor is a host index tensor copied to
    # the device; a host tensor written into a CUDA tensor is copied there. A number
    # written is a fill, a slice or an int index copies nothing, and a host tensor indexed
    # with a list stays on the host.
    t = torch.zeros(n, 4, device="cuda")
    t[range(n), labels] = 1
    # CHECK-DAG: copies.py:[[@LINE-1]]:7: warning: indexing a CUDA tensor with a Python range makes a host index tensor and copies it to the device{{.*}}[hostsync-host-to-device-copy]
    gain = torch.ones(7, device="cuda")
    gain[2:6] = torch.tensor([3, 2, 3, 2])
    # CHECK-DAG: copies.py:[[@LINE-1]]:5: warning: writing a host tensor (made on the CPU by `torch.tensor([3, 2, 3, 2])` at line [[@LINE-1]] (no device=)) into a CUDA tensor copies it to the device{{.*}}[hostsync-host-to-device-copy]
    picked = t[[0, 2]]
    # CHECK-DAG: copies.py:[[@LINE-1]]:16: warning: indexing a CUDA tensor with a Python list{{.*}}[hostsync-host-to-device-copy]
    t[0] = 5
    t[0:2] = t[2:4]
    rows, cols = torch.arange(2, device="cuda"), torch.arange(2, device="cuda")
    t[[rows, cols]] = 1  # a list of CUDA tensors: a tuple of indices, no host tensor made
    host = torch.zeros(4)
    host[[0, 1]] = 1
    return picked, host[[2, 3]], t[[rows, cols]]


def decoded(vae, z):
    # .to("cpu") of a value of unknown type (a library model's output): a copy of a tensor
    # that may be on CUDA, as .cpu() of one is.
    return vae.decode(z).sample.to("cpu", dtype=torch.uint8)
    # CHECK-DAG: copies.py:[[@LINE-1]]:33: warning: 'to(cpu)' copies a tensor that may be on CUDA{{.*}}device: unknown{{.*}}[hostsync-device-to-host-copy]


def beam_step(next_words, end):
    # A list comprehension of enumerate's positions is a Python list of numbers: indexing a
    # CUDA tensor with it copies it to the device. A list of the elements (tensors or values
    # of unknown type) is not one, nor is its length.
    seqs = torch.zeros(4, 3, device="cuda")
    incomplete = [ind for ind, word in enumerate(next_words) if word != end]
    kept = seqs[incomplete]
    # CHECK-DAG: copies.py:[[@LINE-1]]:17: warning: indexing a CUDA tensor with a Python list{{.*}}[hostsync-host-to-device-copy]
    words = [word for ind, word in enumerate(next_words)]
    return kept, seqs[words], seqs[len(incomplete)]


def sample_rays(coords, n):
    # An index that is a NumPy array, or a host tensor a factory here makes, is copied to the
    # CUDA tensor's device. One NumPy number (np.random.choice(n) without a size) and a
    # 0-dim element of a host tensor (perm[0]) are read as numbers: no copy.
    import numpy as np

    coords = torch.zeros(n, 2, device="cuda")
    picked = coords[np.random.choice(n, size=[8], replace=False)]
    # CHECK-DAG: copies.py:[[@LINE-1]]:31: warning: indexing a CUDA tensor with a NumPy array copies the index to the device{{.*}}[hostsync-host-to-device-copy]
    shuffled = coords[torch.randperm(n)[:4]]
    # CHECK-DAG: copies.py:[[@LINE-1]]:23: warning: indexing a CUDA tensor with a host tensor copies the index to the device{{.*}}[hostsync-host-to-device-copy]
    perm = torch.randperm(n)
    one = coords[np.random.choice(n)]
    swapped = coords[perm]
    # CHECK-DAG: copies.py:[[@LINE-1]]:22: warning: indexing a CUDA tensor with a host tensor copies the index to the device{{.*}}[hostsync-host-to-device-copy]
    on_device = coords[perm.cuda()]
    # CHECK-DAG: copies.py:[[@LINE-1]]:29: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
    j = perm[1]
    first_k = torch.randperm(n)[:4]
    few = coords[first_k]
    # CHECK-DAG: copies.py:[[@LINE-1]]:18: warning: indexing a CUDA tensor with a host tensor copies the index to the device{{.*}}[hostsync-host-to-device-copy]
    for i in torch.randperm(n):
        one = coords[i]
    a, b = perm[:2]
    return picked, shuffled, one, coords[perm[0]], swapped, on_device, coords[j], few, coords[a]


def kept_rows(words):
    # A list comprehension of positions as the data of a CUDA tensor type: host data copied.
    kept = torch.cuda.LongTensor([i for i, w in enumerate(words) if w])
    # CHECK-DAG: copies.py:[[@LINE-1]]:23: warning: 'torch.cuda.LongTensor' of host data{{.*}}[hostsync-host-to-device-copy]
    return kept


def resume(path):
    # An optimizer built in view is where its parameters are: loading host state into it
    # copies the state to them. A scheduler's load_state_dict copies nothing.
    model = torch.nn.Linear(4, 4).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    ckpt = torch.load(path, map_location="cpu")
    optimizer.load_state_dict(ckpt["optimizer"])
    # CHECK-DAG: copies.py:[[@LINE-1]]:15: warning: 'load_state_dict' of an optimizer moves the saved state{{.*}}device: cuda{{.*}}[hostsync-host-to-device-copy]
    sched.load_state_dict(ckpt["sched"])
    host = torch.optim.SGD(torch.nn.Linear(4, 4).parameters(), lr=0.1)
    host.load_state_dict(ckpt["optimizer"])
    return optimizer, sched, host


def sample(val_loader):
    # next(iter(loader)) is a batch, a host one: its copy to CUDA is one, its .item() none.
    imgs = next(iter(torch.utils.data.DataLoader(range(5), batch_size=5)))
    real = imgs["A"].type(torch.cuda.FloatTensor)
    # CHECK-DAG: copies.py:[[@LINE-1]]:22: warning: 'type' to a CUDA tensor type copies a host tensor{{.*}}[hostsync-host-to-device-copy]
    return real, imgs["B"].sum().cpu()


def eval_copy(model_cuda):
    # A CUDA model's state loaded into a module built on the host copies each tensor to the
    # host; host state into a host module copies nothing.
    model = torch.nn.Linear(4, 4).cuda()
    for epoch in range(2):
        eval_model = torch.nn.Linear(4, 4)
        eval_model.load_state_dict(model.state_dict())
        # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: 'load_state_dict' copies each CUDA tensor of the state into the module's parameters and buffers, on the host{{.*}}[hostsync-device-to-host-copy]
        eval_model.cuda()
        host = torch.nn.Linear(4, 4)
        host.load_state_dict(torch.nn.Linear(4, 4).state_dict())


def empty_outputs(scores):
    # An empty tensor's copy moves nothing (retinanet's `torch.Tensor([]).long()` made, then
    # `.cuda()`): no finding; a tensor with elements is one.
    indexes = torch.Tensor([]).long()
    none = torch.zeros(0)
    some = torch.zeros(3)
    if torch.cuda.is_available():
        indexes = indexes.cuda()
        none = none.cuda()
        some = some.cuda()
        # CHECK-DAG: copies.py:[[@LINE-1]]:21: warning: 'cuda' of a host tensor (made on the CPU by `torch.zeros(3)`{{.*}}[hostsync-host-to-device-copy]
    return indexes, none, some


def resume_on_device(path, config):
    # State a torch.load put on a device (as saved, or where map_location names), then loaded
    # into the CUDA model: the load's copy is reported, the load_state_dict's device-to-device
    # copy is none (ddim's `states = torch.load(path)`, `model.load_state_dict(states[0])`).
    model = torch.nn.Linear(4, 4).cuda()
    states = torch.load(path)
    # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    model.load_state_dict(states[0])
    mapped = torch.load(path, map_location=config.device)
    # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: 'torch.load' copies each tensor it reads to the device it was saved from or map_location names{{.*}}[hostsync-host-to-device-copy]
    model.load_state_dict(mapped["model"])
    # On the host: each copy into the CUDA model is one.
    host = torch.load(path, map_location="cpu")
    model.load_state_dict(host["model"])
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA{{.*}}[hostsync-host-to-device-copy]
    return model


def progress(args, train_loader_size):
    # A progress bar over a loader, named first (ViT-pytorch's `epoch_iterator =
    # tqdm(train_loader, desc=...)`, then `enumerate(epoch_iterator)`): its batches are the
    # loader's, pinned ones too, moved without non_blocking: a blocking copy.
    from tqdm import tqdm
    loader = torch.utils.data.DataLoader(range(train_loader_size), batch_size=2, pin_memory=True)
    epoch_iterator = tqdm(loader, desc="Training")
    for step, batch in enumerate(epoch_iterator):
        batch = tuple(t.to(args.device) for t in batch)
        # CHECK-DAG: copies.py:[[@LINE-1]]:25: warning: 'to' of a host tensor (a batch of `torch.utils.data.DataLoader`{{.*}}[hostsync-host-to-device-copy]
    return batch


def resume_reassigned(path, ckpt, resume):
    # Suppressed only where every assignment before the call is such a load: state loaded,
    # then replaced by host state; a parameter; a load mapped to the host on one branch.
    model = torch.nn.Linear(4, 4).cuda()
    state = torch.load(path)
    # CHECK-DAG: copies.py:[[@LINE-1]]:19: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    state = torch.nn.Linear(4, 4).state_dict()
    model.load_state_dict(state)
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA{{.*}}[hostsync-host-to-device-copy]
    if ckpt is None:
        ckpt = torch.load(path)
        # CHECK-DAG: copies.py:[[@LINE-1]]:22: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    model.load_state_dict(ckpt)
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA{{.*}}[hostsync-host-to-device-copy]
    if resume:
        either = torch.load(path, map_location="cpu")
    else:
        either = torch.load(path)
        # CHECK-DAG: copies.py:[[@LINE-1]]:24: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    model.load_state_dict(either)
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA{{.*}}[hostsync-host-to-device-copy]
    return model


def restore(model_s):
    # A module appended to a list not moved whole keeps its own place: not the host's, so no
    # copy to the host from CUDA state (RepDistiller's module_list[0]).
    teacher = torch.nn.Linear(4, 4).cuda()
    module_list = torch.nn.ModuleList([])
    module_list.append(model_s.cuda())
    student = module_list[0]
    student.load_state_dict(teacher.state_dict())
    return student


def phases(datasets):
    # Loaders held in a dict comprehension (the transfer-learning tutorial's `dataloaders =
    # {x: DataLoader(...) for x in ["train", "val"]}`): `dataloaders[phase]` is a loader; a
    # loop over the dict gives its keys.
    dataloaders = {x: torch.utils.data.DataLoader(datasets[x], batch_size=4) for x in ["train", "val"]}
    for phase in ["train", "val"]:
        for inputs, labels in dataloaders[phase]:
            inputs = inputs.cuda()
            # CHECK-DAG: copies.py:[[@LINE-1]]:29: warning: 'cuda' of a host tensor (a batch of `torch.utils.data.DataLoader`{{.*}}[hostsync-host-to-device-copy]
    for name in dataloaders:
        name = name.cuda()
    return inputs, name


def resume_named(args, optimizer, opt_d, scheduler, scaler):
    # An optimizer no call in view builds, by its name (a library's factory made it, a caller
    # passed it): its state goes where its parameters are, which nothing here says. State a
    # torch.load mapped to a device is there already: no copy (a device held in a name, a
    # "cuda:{}".format(gpu), a helper's return); a scheduler's and a scaler's hold numbers.
    ckpt = torch.load(args.resume, map_location="cpu")
    optimizer.load_state_dict(ckpt["optimizer"])
    # CHECK-DAG: copies.py:[[@LINE-1]]:15: warning: 'load_state_dict' of an optimizer moves the saved state (its moments, its step counts) to its parameters' device: from host tensors to CUDA parameters{{.*}}device: unknown{{.*}}[hostsync-host-to-device-copy]
    opt_d.load_state_dict(ckpt["opt_d"])
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' of an optimizer{{.*}}[hostsync-host-to-device-copy]
    scheduler.load_state_dict(ckpt["scheduler"])
    scaler.load_state_dict(ckpt["scaler"])
    loc = "cuda:{}".format(args.gpu)
    mapped = torch.load(args.resume, map_location=loc)
    # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    optimizer.load_state_dict(mapped["optimizer"])
    on_device = load_on(args.resume, torch.device("cuda"))
    optimizer.load_state_dict(on_device["optimizer"])
    return optimizer


def load_on(path, device):
    return torch.load(path, map_location=device)
    # CHECK-DAG: copies.py:[[@LINE-1]]:18: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]


def queue_or_new(path, resume):
    # What torch.load read gives way to a tensor a path makes (swav's `queue =
    # torch.load(queue_path)["queue"]`, else a new CUDA queue).
    queue = None
    if resume:
        queue = torch.load(path)["queue"]
        # CHECK-DAG: copies.py:[[@LINE-1]]:23: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    if queue is None:
        queue = torch.zeros(4, 8, device="cuda")
    torch.save(queue, path)
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    return queue


def save_on_master(*args, **kwargs):
    # A wrapper that passes its arguments on (deit's, ConvNeXt's): *args is what its callers
    # pass, a CUDA model's state here.
    torch.save(*args, **kwargs)
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]


def checkpoint(path, epoch):
    model = torch.nn.Linear(4, 4).cuda()
    save_on_master({"model": model.state_dict(), "epoch": epoch}, path)
    # CHECK-DAG: copies.py:[[@LINE-1]]:5: note: the call of `save_on_master()` waits for the GPU: 'torch.save' at copies.py:{{[0-9]+}} syncs in it


def extract(model, multi):
    # A CUDA tensor written into a host tensor is a copy to the host (Person_reID's
    # `features[start:end, :] = ff`); a batch's element replaced by its own copy is no write
    # into a tensor (moco's `images[0] = images[0].cuda(...)`). A dict of loaders made in
    # each branch is still one.
    if multi:
        loaders = {x: torch.utils.data.DataLoader(x) for x in ["gallery", "query", "multi"]}
    else:
        loaders = {x: torch.utils.data.DataLoader(x) for x in ["gallery", "query"]}
    features = torch.zeros(100, 8)
    for images, _ in loaders["gallery"]:
        ff = model(images.cuda())
        # CHECK-DAG: copies.py:[[@LINE-1]]:27: warning: 'cuda' of a host tensor (a batch of `torch.utils.data.DataLoader`{{.*}}[hostsync-host-to-device-copy]
        features[0:4, :] = ff
        # CHECK-DAG: copies.py:[[@LINE-1]]:9: warning: writing a CUDA tensor into a host tensor (made on the CPU by `torch.zeros(100, 8)`{{.*}}[hostsync-device-to-host-copy]
        images[0] = images[0].cuda()
        # CHECK-DAG: copies.py:[[@LINE-1]]:31: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
    return features


def moved(x, model, path):
    # A value of unknown kind moved to CUDA is there: a tensor, or a module by its name.
    x = x.to(torch.device("cuda"))
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'to' of a value that may be a host tensor copies it to CUDA{{.*}}[hostsync-host-to-device-copy]
    y = x.cpu()
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
    model = model.cuda()
    model.load_state_dict(torch.load(path, map_location="cpu"))
    # CHECK-DAG: copies.py:[[@LINE-1]]:11: warning: 'load_state_dict' copies each saved tensor into the module's parameters and buffers, on CUDA{{.*}}[hostsync-host-to-device-copy]
    return y


def survival(p):
    # .to(var.device) of a tensor the file knows: where var is. Of a host var, no copy
    # (pytorch-cifar100's stochastic depth); of a CUDA one, a copy to it.
    var = torch.bernoulli(torch.tensor(p).float())
    same = torch.tensor(1).float().to(var.device)
    on_gpu = torch.ones(3).cuda()
    # CHECK-DAG: copies.py:[[@LINE-1]]:28: warning: 'cuda' of a host tensor{{.*}}[hostsync-host-to-device-copy]
    moved = torch.tensor(1).float().to(on_gpu.device)
    # CHECK-DAG: copies.py:[[@LINE-1]]:37: warning: 'to' of a host tensor (made on the CPU by `torch.tensor(1)`{{.*}}[hostsync-host-to-device-copy]
    return same, moved


def loaders(ds, use_cuda):
    # pin_memory given through **kwargs (barlowtwins' `kwargs = dict(..., pin_memory=True)`,
    # pytorch/examples' `{'pin_memory': True} if use_cuda else {}`): pinned batches, whose
    # non-blocking copies do not wait; a dict without it pins nothing.
    kwargs = dict(batch_size=4, num_workers=2, pin_memory=True)
    for x, _ in torch.utils.data.DataLoader(ds, **kwargs):
        x = x.cuda(non_blocking=True)
    kw = {"num_workers": 1, "pin_memory": True} if use_cuda else {}
    for x, _ in torch.utils.data.DataLoader(ds, **kw):
        x = x.cuda(non_blocking=True)
    for x, _ in torch.utils.data.DataLoader(ds, **{"num_workers": 1}):
        x = x.cuda(non_blocking=True)
        # CHECK-DAG: copies.py:[[@LINE-1]]:15: warning: 'cuda(non_blocking=True)' of a host tensor in pageable memory{{.*}}[hostsync-host-to-device-copy]
    return x


def batchify(data, args, net, batch):
    # A name of unknown kind moved to CUDA is a host tensor as often as not (TCN's `if
    # args.cuda: data = data.cuda()` in a helper its callers give corpora): a copy that may be
    # one. Not of a module (by its name, self, or a call's result: `Net(...).to(device)`),
    # nor non_blocking (its pinning unknown).
    if args.cuda:
        data = data.cuda()
        # CHECK-DAG: copies.py:[[@LINE-1]]:21: warning: 'cuda' of a value that may be a host tensor copies it to CUDA{{.*}}device: unknown{{.*}}[hostsync-host-to-device-copy]
    net = net.cuda()
    built = torch.nn.Sequential(net).to("cuda")
    batch = batch.to("cuda", non_blocking=True)
    return data, net, built, batch


def new_tensors(values):
    # x.new_tensor(data) copies host data to x's device; onto a host tensor, or with another
    # device named, no copy to CUDA.
    x = torch.zeros(4, device="cuda")
    one = x.new_tensor(100)
    # CHECK-DAG: copies.py:[[@LINE-1]]:13: warning: 'new_tensor' of host data (a list, a number, an array) copies it to the device of a CUDA tensor{{.*}}[hostsync-host-to-device-copy]
    listed = x.new_tensor([1.0, 2.0])
    # CHECK-DAG: copies.py:[[@LINE-1]]:16: warning: 'new_tensor' of host data{{.*}}[hostsync-host-to-device-copy]
    host = torch.zeros(4).new_tensor(values)
    named = x.new_tensor(values, device="cpu")
    return one, listed, host, named


def list_index_of_unknown_place(log_ps, device, batch_size):
    # A tensor of unknown place (made on a device a parameter names) indexed by a Python
    # range or list: the index is copied to the device if it is CUDA; device unknown. Not a
    # host tensor's.
    probs = torch.zeros(batch_size, 4, device=device)
    picked = probs[range(batch_size), 0]
    # CHECK-DAG: copies.py:[[@LINE-1]]:20: warning: indexing a tensor that may be on CUDA with a Python range{{.*}}device: unknown{{.*}}[hostsync-host-to-device-copy]
    host = torch.zeros(batch_size, 4)[range(batch_size), 0]
    return picked, host


def lists_added_to(n):
    # `ims += [t]` adds t to the list as ims.append(t) does: a stack of host copies is on the
    # host (no copy at its .cpu()); a stack of CUDA tensors is on CUDA.
    ims, gpu = [], []
    for j in range(n):
        ims += [torch.ones(4).float()]
        gpu += [torch.ones(4, device="cuda")]
    host = torch.stack(ims).cpu()
    cuda = torch.stack(gpu).cpu()
    # CHECK-DAG: copies.py:[[@LINE-1]]:29: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]
    return host, cuda


class SpectrogramDataset(torch.utils.data.Dataset):
    # A dataset's files hold host tensors (its workers cannot use CUDA when forked): its
    # torch.load copies nothing to the device; nor does a load read as a NumPy array at once.
    def __init__(self, paths):
        self.paths = paths

    def __getitem__(self, i):
        spec = torch.load(self.paths[i])
        return spec


def load_image(filename):
    return torch.load(filename).numpy()


def resume(path):
    state = torch.load(path)
    # CHECK-DAG: copies.py:[[@LINE-1]]:19: warning: 'torch.load' copies each tensor it reads{{.*}}[hostsync-host-to-device-copy]
    return state

