#include "analysis/ProgramEvidence.h"

namespace hostsync {

bool isCpuOnlyProgram(clang::ASTContext &Ctx, const TUIndex &Index) {
  return !Ctx.getLangOpts().CUDA && !Index.namesCuda() && Index.definesMain();
}

} // namespace hostsync
