"""A Python program calling a C++ extension that syncs: the site is the extension's C++ line
(built with -g), and the Python caller stays in the stack. Prints the extension's source
path for check_python_extension.py. usage: python_extension.py"""
import torch
from torch.utils.cpp_extension import load_inline

SOURCE = """
#include <torch/extension.h>
double read_total(torch::Tensor t) {
  return t.sum().item<double>();  // SYNC: the extension's line
}
"""
ext = load_inline("hostsync_sync_ext", cpp_sources=SOURCE, functions=["read_total"],
                  extra_cflags=["-g", "-O1"], verbose=False)
x = torch.randn(4096, device="cuda")
spin = int(torch.cuda.get_device_properties(0).clock_rate * 5)
for _ in range(6):
    torch.cuda._sleep(spin)
    total = ext.read_total(x)  # PYCALLER
print("extension source:", ext.__file__)
