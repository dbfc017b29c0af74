# RUN: %lint --checks='-*,hostsync-item,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}27{{$}}
# Library calls that copy to the host inside, flagged at the program's line: torch.save of
# CUDA state (a module, its state_dict, a dict of them, an optimizer's state), torchvision's
# save_image of a CUDA image and its nms of CUDA boxes, TensorBoard's add_scalar / add_histogram / add_audio of a CUDA tensor;
# nn.TransformerEncoder, TransformerDecoder and Transformer given a mask that may be on CUDA
# without is_causal, which they compare with a causal mask on the host at every call.
import torch
import torch.nn as nn
import torchvision
import torchvision.utils as vutils
from torchvision.ops import batched_nms
from torch.utils.tensorboard import SummaryWriter


def train(loader, steps):
    model = torch.nn.Linear(8, 8).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    writer = SummaryWriter()
    for step, (x, y) in enumerate(loader):
        out = model(x.cuda(non_blocking=True))
        loss = torch.nn.functional.mse_loss(out, y.cuda(non_blocking=True))
        writer.add_scalar("loss", loss, step)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:16: warning: TensorBoard's 'add_scalar' of a tensor reads its value with .item() inside{{.*}}(hot: inside a loop; device: cuda{{.*}}[hostsync-item]
        writer.add_histogram("out", out, step)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:16: warning: TensorBoard's 'add_histogram' of a tensor copies it to the host inside{{.*}}[hostsync-device-to-host-copy]
        writer.add_audio("generated", out[0], step, 22050)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:16: warning: TensorBoard's 'add_audio' of a tensor copies it to the host inside{{.*}}[hostsync-device-to-host-copy]
        writer.add_scalar("lr", optimizer.param_groups[0]["lr"], step)  # a float
        writer.add_scalar("loss_value", loss.item(), step)  # read already: the item() is flagged
        # CHECK-DAG: libraries.py:[[@LINE-1]]:46: warning: 'item'{{.*}}[hostsync-item]
        if step % 100 == 0:
            vutils.save_image(out.view(-1, 1, 8, 1), f"out-{step}.png")
            # CHECK-DAG: libraries.py:[[@LINE-1]]:20: warning: torchvision's 'save_image' copies the image tensor to the host{{.*}}(periodic: once every 100 iterations of a loop; device: cuda{{.*}}[hostsync-device-to-host-copy]
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, "ckpt.pt")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    state = model.state_dict()
    torch.save(state, "model.pt")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    checkpoint = {"model": model.state_dict(), "epoch": 3}  # a dict of state, named first
    torch.save(checkpoint, "last.pt")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]


def negatives(images):
    cpu_model = torch.nn.Linear(8, 8)
    torch.save(cpu_model.state_dict(), "cpu.pt")  # on the host already
    torch.save({"epoch": 3, "name": "run"}, "meta.pt")  # no tensors
    meta = {"epoch": 3, "weights": cpu_model.state_dict()}
    torch.save(meta, "meta.pt")  # host state only
    vutils.save_image(images.cpu(), "images.png")  # copied by the .cpu(), not in save_image
    # CHECK-DAG: libraries.py:[[@LINE-1]]:30: warning: 'cpu' copies a tensor that may be on CUDA{{.*}}[hostsync-device-to-host-copy]
    host = torch.zeros(4)
    SummaryWriter().add_scalar("zero", host.sum(), 0)  # a host tensor
    return host


class LM(nn.Module):
    def __init__(self, layer):
        super().__init__()
        self.encoder = nn.TransformerEncoder(layer, 2)
        self.decoder = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2), 2)
        self.both = nn.Transformer(8, 2)
        self.mask = None

    def forward(self, src, memory, key):
        if self.mask is None:
            self.mask = nn.Transformer.generate_square_subsequent_mask(len(src)).to(src.device)
        out = self.encoder(src, self.mask)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:20: warning: nn.TransformerEncoder given 'mask' without 'is_causal' compares the mask with a causal one{{.*}}(hot: in LM.forward() of an nn.Module;{{.*}}[hostsync-item]
        out = self.decoder(out, memory, tgt_mask=self.mask)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:20: warning: nn.TransformerDecoder given 'tgt_mask' without 'tgt_is_causal'{{.*}}[hostsync-item]
        out = self.both(src, out, None, self.mask)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:20: warning: nn.Transformer given 'tgt_mask' without 'tgt_is_causal'{{.*}}[hostsync-item]
        # Told, not given one, given None, or given a host mask: nothing to check.
        out = self.encoder(src, self.mask, is_causal=True)
        out = self.encoder(src, src_key_padding_mask=key)
        out = self.both(src, out, None, None)
        return self.encoder(out, mask=torch.ones(4, 4).bool())


class TransformerLM(nn.Transformer):
    # nn.Transformer's __init__ builds self.encoder; this __init__ replaces self.decoder.
    def __init__(self, ntoken):
        super().__init__(d_model=8, nhead=2)
        self.decoder = nn.Linear(8, ntoken)
        self.src_mask = None

    def forward(self, src):
        self.src_mask = torch.tril(torch.ones(len(src), len(src))).to(src.device)
        out = self.encoder(src, mask=self.src_mask)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:20: warning: nn.TransformerEncoder given 'mask' without 'is_causal'{{.*}}[hostsync-item]
        return self.decoder(out, self.src_mask)


def detect(model, images, nms):
    # torchvision's nms (by its module's name, or imported from torchvision.ops) of CUDA
    # boxes; a function passed in as nms is not known to be torchvision's.
    for image in images:
        boxes, scores, labels = model(image.cuda(non_blocking=True))
        keep = torchvision.ops.nms(boxes, scores, 0.5)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:32: warning: torchvision's 'nms' of CUDA boxes copies its mask of kept boxes to the host{{.*}}(hot: inside a loop;{{.*}}[hostsync-device-to-host-copy]
        keep = batched_nms(boxes, scores, labels, 0.5)
        # CHECK-DAG: libraries.py:[[@LINE-1]]:16: warning: torchvision's 'batched_nms' of CUDA boxes{{.*}}[hostsync-device-to-host-copy]
        keep = nms(boxes, scores, 0.5)  # the caller's function
        keep = torchvision.ops.nms(boxes.cpu(), scores.cpu(), 0.5)  # host boxes
        # CHECK-DAG: libraries.py:[[@LINE-1]]:42: warning: 'cpu'{{.*}}[hostsync-device-to-host-copy]
        # CHECK-DAG: libraries.py:[[@LINE-2]]:56: warning: 'cpu'{{.*}}[hostsync-device-to-host-copy]
    return keep


def main(images):
    detect(torch.nn.Linear(4, 4).cuda(), images, None)
    # CHECK-DAG: libraries.py:[[@LINE-1]]:5: note: the call of `detect()` waits for the GPU: 'nms'{{.*}}[hostsync-device-to-host-copy]


def own_nms(dets):
    from utils import cpu_ops

    return cpu_ops.nms(dets, 0.5)  # a project's module, not torchvision's


def postprocess(boxes, scores):
    # Boxes nothing in view places: nms's argument is a tensor, of unknown device.
    return torchvision.ops.nms(boxes, scores, 0.5)
    # CHECK-DAG: libraries.py:[[@LINE-1]]:28: warning: torchvision's 'nms'{{.*}}device: unknown{{.*}}[hostsync-device-to-host-copy]


def ctc(text, length, use_ctc):
    # nn.CTCLoss and F.ctc_loss of CUDA log-probabilities copy lengths to the host and
    # offsets back inside; a criterion that is CTCLoss or CrossEntropyLoss by a flag is of
    # neither class (nothing flagged), and a host one copies nothing.
    preds = torch.randn(5, 2, 3, device="cuda").log_softmax(2)
    criterion = torch.nn.CTCLoss(zero_infinity=True).cuda()
    sizes = torch.IntTensor([preds.size(0)] * preds.size(1))
    cost = criterion(preds, text, sizes, length)
    # CHECK-DAG: libraries.py:[[@LINE-1]]:12: warning: CTC loss of log-probabilities on CUDA{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    cost = cost + torch.nn.functional.ctc_loss(preds, text, sizes, length)
    # CHECK-DAG: libraries.py:[[@LINE-1]]:39: warning: CTC loss of log-probabilities on CUDA{{.*}}[hostsync-device-to-host-copy]
    either = torch.nn.CTCLoss() if use_ctc else torch.nn.CrossEntropyLoss()
    cost = cost + either(preds, text, sizes, length)
    host = torch.zeros(5, 2, 3).log_softmax(2)
    return cost + torch.nn.functional.ctc_loss(host, text, sizes, length)


class Recognizer:
    # A project's own ctc_loss is not PyTorch's: no finding.
    def ctc_loss(self, logits, targets):
        return 0

    def step(self, x, y):
        return self.ctc_loss(x.cuda(), y)


def snapshot(step):
    # A list of states (ddim's `states = [model.state_dict(), optimizer.state_dict(), epoch,
    # step]`) holds CUDA tensors: saving it copies them; a list of numbers copies nothing.
    model = torch.nn.Linear(2, 2).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    states = [model.state_dict(), optimizer.state_dict(), step]
    torch.save(states, "ckpt.pth")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    torch.save([step, step + 1], "steps.pth")
    torch.save((model.state_dict(), step), "pair.pth")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]


def checkpoint(epoch):
    # A dict built with dict(...) keywords, or filled entry by entry (`outdict[name] =
    # module.state_dict()`), holds CUDA state as the dict written out does; a dict of
    # numbers copies nothing.
    model = torch.nn.Linear(2, 2).cuda()
    state = dict(epoch=epoch, model=model.state_dict())
    torch.save(state, "state.pth")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    outdict = {}
    outdict["model"] = model.state_dict()
    torch.save(outdict, "outdict.pth")
    # CHECK-DAG: libraries.py:[[@LINE-1]]:11: warning: 'torch.save' copies the tensors it writes to the host{{.*}}device: cuda{{.*}}[hostsync-device-to-host-copy]
    meta = dict(epoch=epoch)
    meta["best"] = epoch + 1
    torch.save(meta, "meta.pth")


def project_save_image(x):
    # A function of the file's own named save_image (writing a NumPy image with PIL) is not
    # torchvision's; saving a network's state after moving it to the host is no D2H finding at
    # the move (`network.cpu()`, a module's own move); a tensor named after its network
    # (`encoder_out`) is a tensor.
    image = torch.ones(3, 8, 8, device="cuda")
    save_image(image, "a.png")
    return image


def save_image(image_numpy, path):
    return image_numpy, path


def save_network(network, path, encoder_out):
    torch.save(network.cpu().state_dict(), path)
    copied = encoder_out.cpu()
    # CHECK-DAG: libraries.py:[[@LINE-1]]:26: warning: 'cpu' copies a tensor that may be on CUDA to the host{{.*}}[hostsync-device-to-host-copy]
    return copied


def networks_named_by_their_last_word(mask_decoder, decoder_mask):
    # `mask_decoder` is a network (its last word): moving it is a module's move; a
    # `decoder_mask` is what a network made, a tensor.
    mask_decoder.cpu()
    moved = decoder_mask.cpu()
    # CHECK-DAG: libraries.py:[[@LINE-1]]:26: warning: 'cpu' copies a tensor that may be on CUDA to the host{{.*}}[hostsync-device-to-host-copy]
    return moved
