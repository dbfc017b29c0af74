#include "cache/SkipHeaderBodies.h"

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"

namespace hostsync {

namespace {

// Decides which bodies are skipped; MultiplexConsumer skips one only when every consumer
// agrees, and the others keep ASTConsumer's default (skip all that the option allows).
class SystemHeaderBodies : public clang::ASTConsumer {
public:
  explicit SystemHeaderBodies(const clang::SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }

private:
  const clang::SourceManager &SM;
};

} // namespace

std::unique_ptr<clang::ASTConsumer>
skippingHeaderBodies(clang::CompilerInstance &CI, std::unique_ptr<clang::ASTConsumer> Consumer) {
  // Read by ASTFrontendAction::ExecuteAction, after the consumer is made.
  CI.getFrontendOpts().SkipFunctionBodies = true;
  std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
  Both.push_back(std::move(Consumer));
  Both.push_back(std::make_unique<SystemHeaderBodies>(CI.getSourceManager()));
  return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
}

} // namespace hostsync
