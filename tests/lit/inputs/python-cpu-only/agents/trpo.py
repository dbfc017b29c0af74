import torch


def line_search(model, f, x, fullstep, expected_improve_rate):
    fval = f(True).data
    print("fval before", fval.item())
    for stepfrac in 0.5 ** torch.arange(10):
        xnew = x + stepfrac * fullstep
        newfval = f(True).data
        actual_improve = fval - newfval
        ratio = actual_improve / (expected_improve_rate * stepfrac)
        if ratio.item() > 0.1 and actual_improve.item() > 0:
            return True, xnew
    return False, x
