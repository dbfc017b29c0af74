# RUN: %lint --checks='-*,hostsync-device-to-host-copy' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}4{{$}}
# What hifi-gan's inference.py shows: a module-level name set to None, then assigned in
# main() under `global device`, is that device in the other functions (the functions run
# after the module's statements); a name a function assigns without `global` is its own.
# And what a function returns when its result comes through its parameters (a spectrogram
# of its input): placed at each call by what that call passes, a CUDA tensor in infer(), a
# host tensor in dataset_item(), not the merge of both.
import torch

device = None


def spectrogram(y):
    return torch.stft(y, 16, return_complex=True).abs()


def dataset_item():
    audio = torch.FloatTensor([0.0] * 64)
    return spectrogram(audio)  # a host tensor's


def infer(wav):
    x = spectrogram(wav.to(device))
    x.cpu()
    # CHECK-DAG: globals.py:[[@LINE-1]]:7: warning: 'cpu' copies a CUDA tensor to the host{{.*}}device: cuda (`wav.to(device)` at line [[@LINE-2]])) [hostsync-device-to-host-copy]
    y = dataset_item()
    y.cpu()  # a host tensor: no copy
    return x


def other():
    device = "cpu"  # its own name, not the module's
    return device


def main():
    global device
    if torch.cuda.is_available():
        device = torch.device("cuda")
    else:
        device = torch.device("cpu")
    out = infer(torch.zeros(64))
    # CHECK-DAG: globals.py:[[@LINE-1]]:11: note: the call of `infer()` waits for the GPU: 'cpu' at globals.py:27 syncs in it{{.*}}[hostsync-device-to-host-copy]
    return out.cpu()
    # CHECK-DAG: globals.py:[[@LINE-1]]:16: warning: 'cpu' copies a CUDA tensor to the host{{.*}}[hostsync-device-to-host-copy]


if __name__ == "__main__":
    main()
    # CHECK-DAG: globals.py:[[@LINE-1]]:5: note: the call of `main()` waits for the GPU{{.*}}[hostsync-device-to-host-copy]
