// Precompiled once for every lit test (tests/CMakeLists.txt).
#include <torch/torch.h>
#include <iostream>
