# RUN: %lint --checks='-*,hostsync-item,hostsync-print-tensor,hostsync-bool-mask-index' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}4{{$}}
# Modules of no class in view: a whole model torch.load read (`model = torch.load(path)`,
# then `model = model.cuda()`, pytorch-retinanet's visualize script), named as a network,
# is a module moved to CUDA, and its call gives CUDA tensors; a method of such a module given
# a tensor (`model.detect_objects(locs, scores)`, a generator's `decode(z)`) gives a tensor where
# the module and that tensor are. Not: a method given no tensor, a checkpoint of another
# name moved.
import torch


def visualize(path, image):
    model = torch.load(path)
    model = model.cuda()
    model.eval()
    scores, classification, anchors = model(image.cuda())
    for j in range(10):
        bbox = anchors[j, :]
        x1 = int(bbox[0])
        # CHECK-DAG: loaded-modules.py:[[@LINE-1]]:14: warning: 'int()' of a CUDA tensor{{.*}}device: cuda (`.cuda()` at line 16){{.*}}[hostsync-item]
        print(bbox)
        # CHECK-DAG: loaded-modules.py:[[@LINE-1]]:9: warning: printing a CUDA tensor{{.*}}[hostsync-print-tensor]
    boxes, labels, kept = model.detect_objects(scores, classification)
    chosen = boxes[labels > 0]
    # CHECK-DAG: loaded-modules.py:[[@LINE-1]]:14: warning: indexing a CUDA tensor with a boolean mask{{.*}}[hostsync-bool-mask-index]
    count = model.num_anchors()
    if count:  # no tensor given: whatever it returns
        print(count)
    state = torch.load(path)
    state = state.cuda()
    return chosen, state


def decode(generator):
    generator = generator.cuda()
    image = generator.decode(torch.randn(4, 8))
    return float(image.mean())
    # CHECK-DAG: loaded-modules.py:[[@LINE-1]]:12: warning: 'float()' of a CUDA tensor{{.*}}[hostsync-item]
