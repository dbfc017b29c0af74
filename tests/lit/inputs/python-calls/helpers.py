import torch


def wait_all():
    torch.cuda.synchronize()


def gpu_total():
    return torch.ones(3, device="cuda").sum().item()


def norm_of(t):
    # Its device comes from the caller: a call gets no finding of its own (another call
    # may pass a CPU tensor); the .item() here has its own.
    return t.norm().item()


def log_cpu():
    return torch.zeros(3).sum().item()


def log(value, sync=False):
    # A flag of the caller guards the wait: a call gets no finding of its own.
    if sync:
        torch.cuda.synchronize()
    return value


def get_grad_norm(parameters, norm_type=2):
    # Its device comes from the caller, through a module's parameters: a call that passes
    # a CUDA module's gets a finding (model.parameters()), one that passes a CPU tensor none.
    parameters = list(filter(lambda p: p.grad is not None, parameters))
    total = 0.0
    for p in parameters:
        total += p.grad.data.norm(norm_type).item() ** norm_type
    return total ** (1.0 / norm_type)


def clipped_norm(model):
    # clip_grad_norm_ returns the norm where the parameters are.
    return torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0).item()


class ScalerWrapper:
    # A project's wrapper of a GradScaler, built and called in another module: its
    # state_dict() syncs at every call (the scaler is its own, on CUDA); its __call__ only
    # when `update`, off by default, says so, which the caller decides.
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer, update=False):
        self._scaler.scale(loss).backward()
        if update:
            self._scaler.step(optimizer)
            self._scaler.update()

    def state_dict(self):
        return self._scaler.state_dict()


class StepWrapper:
    # The same with `update` on by default: its step runs unless a caller turns it off, as
    # most leave it, so a call of it syncs.
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer, update=True):
        loss.backward()
        if update:
            self._scaler.step(optimizer)
