// Two LibTorch headers of a few lines: one under the include root, one only under the api
// directory (torch/csrc/api/include), so that a header search can be checked without a
// whole <torch/torch.h> parse (cli/torch-headers.test).
#include <c10/macros/Macros.h>
#include <torch/version.h>
int libtorch_major() { return TORCH_VERSION_MAJOR; }
