// "Can a CUDA device appear in this program at all?" A translation unit that defines
// main() and whose own code (its file and the project headers it includes, never LibTorch's)
// never names CUDA is a CPU-only program: its tensors of unknown device live on the CPU.
// Naming CUDA is: kCUDA / DeviceType::CUDA, anything of a cuda namespace
// (torch::cuda::is_available, c10::cuda streams), a call of .cuda(), a string that mentions
// "cuda" (torch::Device("cuda:0"), a flag's default), a torch::Device built from a string
// or device type that is not a constant, a CUDA runtime call, or being a .cu file.
// (TUIndex's walk gathers the evidence.)
#pragma once

#include "analysis/TUIndex.h"

#include "clang/AST/ASTContext.h"

namespace hostsync {

bool isCpuOnlyProgram(clang::ASTContext &Ctx, const TUIndex &Index);

} // namespace hostsync
