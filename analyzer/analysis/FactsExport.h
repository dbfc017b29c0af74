// What one translation unit contributes to the project's device facts (model/DeviceFacts.h):
// the devices its calls pass to the project's functions, what its functions return, what it
// stores into data members, the functions whose address it takes, and its program evidence
// (whether it names CUDA, whether it defines main(): ProgramEvidence.h). Read after the rules
// have run, from the same TensorFacts (its summaries are reused).
#pragma once

#include "analysis/TUIndex.h"
#include "analysis/TensorFacts.h"
#include "model/DeviceFacts.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace hostsync {

// A traced query's answer as the project pass reads it: CUDA, or what it is here (unknown
// becomes the CPU in a CPU-only program) combined with the keys other files decide.
OpenDevice openValueOf(const DeviceTrace &T, bool CpuOnlyProgram);

// CpuOnlyProgram: this TU defines main() and names no CUDA, so what it cannot tell is on
// the CPU (ProgramEvidence.h).
TUFacts exportFacts(clang::ASTContext &Ctx, const TUIndex &Index, TensorFacts &Facts,
                    bool CpuOnlyProgram);

} // namespace hostsync
