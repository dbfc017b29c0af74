# RUN: %lint --checks='-*,hostsync-bool-mask-index,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}10{{$}}
# A function called through a name that holds it (`spline_fn = unconstrained_spline if
# tails else spline`, vits' transforms): each function the name may hold is called with the
# arguments given, and its syncs are the call's. Not: a name also given something that is
# none of the file's functions.
import torch


def spline(inputs, widths):
    if (inputs < -1).any():
        # CHECK-DAG: function-aliases.py:[[@LINE-1]]:22: warning: testing the truth of a CUDA tensor{{.*}}(hot: called from transform(), which is hot; device: cuda{{.*}}[hostsync-item]
        raise ValueError("outside")
    return inputs * widths


def unconstrained_spline(inputs, widths):
    inside = (inputs >= -1) & (inputs <= 1)
    outputs = torch.zeros_like(inputs)
    outputs[inside], widths[inside] = spline(inputs[inside], widths[inside])
    # CHECK-DAG: function-aliases.py:[[@LINE-1]]:5: warning: writing a tensor through a boolean mask of a CUDA tensor{{.*}}(hot: called from transform(), which is hot{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: function-aliases.py:[[@LINE-2]]:22: warning: writing a tensor through a boolean mask of a CUDA tensor{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: function-aliases.py:[[@LINE-3]]:46: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: function-aliases.py:[[@LINE-4]]:62: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: function-aliases.py:[[@LINE-5]]:39: note: the call of `spline()` waits for the GPU: 'bool()'{{.*}}[hostsync-item]
    return outputs, widths


def transform(inputs, widths, tails=None):
    spline_fn = spline if tails is None else unconstrained_spline
    return spline_fn(inputs=inputs, widths=widths)
    # CHECK-DAG: function-aliases.py:[[@LINE-1]]:12: note: the call of `unconstrained_spline()` waits for the GPU: 't[mask] = tensor'{{.*}}[hostsync-bool-mask-index]
    # CHECK-DAG: function-aliases.py:[[@LINE-2]]:12: note: the call of `spline()` waits for the GPU: 'bool()'{{.*}}[hostsync-item]


def checked(inputs, widths):
    if (inputs > 0).all():
        return inputs
    return widths


def given(inputs, widths, spline_fn):
    return spline_fn(inputs, widths)  # a parameter: what the caller passes, not the module's


spline_fn = checked  # a module-level name holding a function, hidden by the parameter above


def unknown(inputs, widths, fn=None):
    fn = fn or checked  # fn may be the caller's: not only the file's
    return fn(inputs, widths)


class Flow(torch.nn.Module):
    def forward(self, x, w):
        return transform(x, w, tails="linear"), unknown(x, w), given(x, w, torch.add)
        # CHECK-DAG: function-aliases.py:[[@LINE-1]]:16: note: the call of `transform()` waits for the GPU: the call of `spline()`{{.*}}[hostsync-item]


def main():
    flow = Flow().cuda()
    x = torch.randn(8, device="cuda")
    for _ in range(10):
        flow(x, x)
        # CHECK-DAG: function-aliases.py:[[@LINE-1]]:9: note: the call of `Flow.forward()` waits for the GPU: the call of `transform()`{{.*}}[hostsync-item]
