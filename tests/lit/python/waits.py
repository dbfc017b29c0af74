# RUN: %lint --checks='-*,hostsync-explicit-sync,hostsync-equal,hostsync-linalg-check-errors,hostsync-print-tensor,hostsync-clip-grad-norm' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note: {{.*}}[hostsync' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}16{{$}}
# Explicit waits, comparisons that return a Python bool, linalg ops that check their
# result on the host, and tensors printed or formatted.
import torch


def positives(a, b):
    x = torch.randn(4, 4, device="cuda")
    torch.cuda.synchronize()
    # CHECK-DAG: waits.py:[[@LINE-1]]:16: note: 'torch.cuda.synchronize()' blocks the host{{.*}}device: cuda (the op syncs on CUDA whatever its input)) [hostsync-explicit-sync]
    stream = torch.cuda.Stream()
    stream.synchronize()
    # CHECK-DAG: waits.py:[[@LINE-1]]:12: note: 'stream.synchronize()'{{.*}}[hostsync-explicit-sync]
    done = torch.cuda.Event()
    done.synchronize()
    # CHECK-DAG: waits.py:[[@LINE-1]]:10: note: 'done.synchronize()'{{.*}}[hostsync-explicit-sync]
    same = torch.equal(x, x.t())
    # CHECK-DAG: waits.py:[[@LINE-1]]:18: warning: 'equal' returns a Python bool: it copies the comparison of a CUDA tensor{{.*}}[hostsync-equal]
    close = x.allclose(x * 2)
    # CHECK-DAG: waits.py:[[@LINE-1]]:15: warning: 'allclose'{{.*}}[hostsync-equal]
    inv = torch.linalg.inv(x)
    # CHECK-DAG: waits.py:[[@LINE-1]]:24: warning: 'torch.linalg.inv' checks its result for errors on the host{{.*}}[hostsync-linalg-check-errors]
    chol = torch.linalg.cholesky(x @ x.T)
    # CHECK-DAG: waits.py:[[@LINE-1]]:25: warning: 'torch.linalg.cholesky'{{.*}}[hostsync-linalg-check-errors]
    print("x is", x)
    # CHECK-DAG: waits.py:[[@LINE-1]]:5: warning: printing a CUDA tensor copies its values{{.*}}[hostsync-print-tensor]
    message = f"norm {x.norm()}"
    # CHECK-DAG: waits.py:[[@LINE-1]]:22: warning: formatting a CUDA tensor into a string{{.*}}[hostsync-print-tensor]
    # a.equal(b) on tensors nothing places: reported, device unknown.
    unknown = torch.equal(torch.as_tensor(a).cuda(), b)
    # CHECK-DAG: waits.py:[[@LINE-1]]:21: warning: 'equal'{{.*}}[hostsync-equal]
    return same, close, inv, chol, message, unknown


def negatives(values):
    x = torch.randn(4, 4, device="cuda")
    torch.mps.synchronize()  # not CUDA
    h = torch.eye(3)
    ok = torch.equal(h, h)  # on the host
    inv = torch.linalg.inv_ex(x)  # the non-checking variant
    solution = torch.linalg.solve_ex(x, x)
    print("shape", x.shape, len(values))  # metadata, not values
    message = f"{x.shape} {x.dtype} {x.device}"
    print(f"{x.sum().item():.3f}")  # the item() is hostsync-item's, not disabled here
    return ok, inv, solution, message


def release():
    # empty_cache() frees cached blocks with cudaFree, which waits for the device.
    torch.cuda.empty_cache()
    # CHECK-DAG: waits.py:[[@LINE-1]]:16: note: 'torch.cuda.empty_cache()' frees the allocator's cached blocks with cudaFree{{.*}}[hostsync-explicit-sync]


def clipping(model):
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0, error_if_nonfinite=True)
    # CHECK-DAG: waits.py:[[@LINE-1]]:27: warning: 'clip_grad_norm_' with error_if_nonfinite=True reads the total norm on the host{{.*}}[hostsync-clip-grad-norm]
    quiet = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # no check: no sync
    return norm, quiet


def percent_format(step):
    # %-formatting reads each tensor it formats, alone or in a tuple; numbers and strings
    # read nothing.
    loss = torch.ones(1, device="cuda").sum()
    line = "loss %.4f" % loss
    # CHECK-DAG: waits.py:[[@LINE-1]]:12: warning: formatting a CUDA tensor into a string with % copies its values to the host{{.*}}[hostsync-print-tensor]
    both = "%d: %.4f" % (step, loss)
    # CHECK-DAG: waits.py:[[@LINE-1]]:12: warning: formatting a CUDA tensor into a string with %{{.*}}[hostsync-print-tensor]
    plain = "%d: %s" % (step, "done")
    return line, both, plain


def decompositions(features):
    # svd, eigh and what uses them check convergence on the host, with no _ex form; a host
    # matrix's check reads nothing from the GPU.
    x = torch.randn(8, 8, device="cuda")
    u, s, v = torch.svd(x)
    # CHECK-DAG: waits.py:[[@LINE-1]]:21: warning: 'torch.svd' checks its convergence on the host, and no _ex form skips the check{{.*}}[hostsync-linalg-check-errors]
    w, q = torch.linalg.eigh(x @ x.T)
    # CHECK-DAG: waits.py:[[@LINE-1]]:25: warning: 'torch.linalg.eigh' checks its convergence{{.*}}[hostsync-linalg-check-errors]
    host = torch.linalg.svdvals(torch.randn(8, 8))
    return u, s, v, w, q, host


def synchronize():
    # The project's own synchronize (detectron2's comm.synchronize, YOLOX's): a
    # torch.distributed barrier, linted here, not torch.cuda.synchronize at its calls.
    import torch.distributed as dist

    if dist.is_available() and dist.is_initialized():
        dist.barrier()


def evaluate(model):
    synchronize()
    # An installed library's module (detectron2's comm), a name no value of the file holds.
    from detectron2.utils import comm

    comm.synchronize()
    return model
