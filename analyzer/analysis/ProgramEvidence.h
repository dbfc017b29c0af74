// "Can a CUDA device appear in this program at all?" A translation unit that defines
// main() and whose own code (its file and the project headers it includes, never LibTorch's)
// never names CUDA is a CPU-only program: its tensors of unknown device live on the CPU.
// Naming CUDA is: kCUDA / DeviceType::CUDA, anything of a cuda namespace (c10::cuda
// streams, torch::cuda::synchronize), a call of .cuda(), a string that is a CUDA device's
// name ("cuda", "cuda:0": torch::Device("cuda:0"), a flag's default), a torch::Device built
// from a string or device type that is not a constant, a CUDA runtime call, or being a .cu
// file. Not naming it: asking about the machine (torch::cuda::is_available(),
// device_count()), words in a message ("CUDA available: "), and a local torch::Device that
// nothing reads (`torch::Device d(torch::kCUDA);` left unused).
// (TUIndex's walk gathers the evidence.)
//
// The same evidence, exported with each TU's device facts, decides across files: when no
// analysed file names CUDA and one defines main(), the project is a CPU-only program, and a
// file without main() (a helper's .cpp) gets the CPU for what it cannot tell
// (ProjectFacts::cpuOnlyProgram, model/DeviceFacts.h).
#pragma once

#include "analysis/TUIndex.h"

#include "clang/AST/ASTContext.h"

namespace hostsync {

bool isCpuOnlyProgram(clang::ASTContext &Ctx, const TUIndex &Index);

} // namespace hostsync
