# A script beside the C++ program (exporting a model for it): its own program, on CUDA,
# which does not make the C++ program a CUDA one.
import torch

model = torch.jit.load("model.pt").cuda()
torch.jit.save(model, "model-cuda.pt")
