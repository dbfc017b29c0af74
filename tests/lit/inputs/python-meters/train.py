import torch
from meters import AverageMeter


def train(loader):
    top1 = AverageMeter()
    losses = AverageMeter()
    model = torch.nn.Linear(3, 3).cuda()
    for inp in loader:
        output = model(inp.cuda())
        top1.update(output.sum(), inp.size(0))
        losses.update(output.sum().item(), inp.size(0))
        print("Prec {top1.val:.3f} ({top1.avg:.3f})".format(top1=top1))
        print("Loss {loss.val:.3f} ({loss.avg:.3f})".format(loss=losses))
        print("Count {top1.count}".format(top1=top1))
