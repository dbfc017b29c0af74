import torch


def load_weights(model, path):
    # model is a module the caller moved to CUDA (through a package's re-exported
    # build_model): loading host tensors into it copies each to the device.
    model.load_state_dict(torch.load(path, map_location="cpu"))
