#include "analysis/HotPath.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <deque>

using namespace clang;

namespace hostsync {

namespace {

bool isModuleForward(const FunctionDecl *F) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (!M || !M->getIdentifier() || M->getName() != "forward")
    return false;
  const CXXRecordDecl *RD = M->getParent();
  if (!RD || !RD->hasDefinition())
    return false;
  bool IsModule = false;
  RD->forallBases([&](const CXXRecordDecl *Base) {
    if (Base->getQualifiedNameAsString() == "torch::nn::Module")
      IsModule = true;
    return true;
  });
  return IsModule;
}

std::string describe(const FunctionDecl *F) { return F->getQualifiedNameAsString() + "()"; }

struct CallSite {
  const FunctionDecl *Caller;
  const FunctionDecl *Callee;
  bool InLoop;
};

// Walks function bodies, noting every call and whether a loop encloses it.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  std::vector<CallSite> Calls;
  std::vector<const FunctionDecl *> Forwards;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    return withFunction(F, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    return withFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(F); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *F) {
    return withFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(F); });
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    // A lambda defined in a loop runs in it; its body is its own function otherwise.
    bool SavedLoop = LoopDepth > 0;
    const FunctionDecl *Outer = Current;
    Current = L->getCallOperator();
    if (SavedLoop && Outer)
      Calls.push_back({Outer, Current, true});
    int SavedDepth = LoopDepth;
    LoopDepth = 0;
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    LoopDepth = SavedDepth;
    Current = Outer;
    return R;
  }
  bool TraverseForStmt(ForStmt *S) {
    TraverseStmt(S->getInit());
    return inLoop([&] {
      TraverseStmt(S->getCond());
      TraverseStmt(S->getInc());
      return TraverseStmt(S->getBody());
    });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    TraverseStmt(S->getRangeInit());
    return inLoop([&] { return TraverseStmt(S->getBody()); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseDoStmt(S); });
  }
  bool VisitCallExpr(CallExpr *C) {
    if (!Current)
      return true;
    const FunctionDecl *Callee = C->getDirectCallee();
    // module->forward(x) and module(x) reach forward() through operator() templates;
    // the Module subclass's forward is seeded as hot separately.
    if (Callee)
      Calls.push_back({Current, Callee->getCanonicalDecl(), LoopDepth > 0});
    return true;
  }

private:
  template <typename Fn> bool withFunction(FunctionDecl *F, Fn Body) {
    if (!F->doesThisDeclarationHaveABody())
      return true;
    if (isModuleForward(F))
      Forwards.push_back(F->getCanonicalDecl());
    const FunctionDecl *Outer = Current;
    int SavedDepth = LoopDepth;
    Current = F->getCanonicalDecl();
    LoopDepth = 0;
    bool R = Body();
    Current = Outer;
    LoopDepth = SavedDepth;
    return R;
  }
  template <typename Fn> bool inLoop(Fn Body) {
    ++LoopDepth;
    bool R = Body();
    --LoopDepth;
    return R;
  }
  const FunctionDecl *Current = nullptr;
  int LoopDepth = 0;
};

} // namespace

HotPath::HotPath(ASTContext &Ctx, const std::vector<Decl *> &TopLevel) : Ctx(Ctx) {
  CallCollector C;
  for (Decl *D : TopLevel)
    C.TraverseDecl(D);
  llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>> Callees;
  std::deque<const FunctionDecl *> Work;
  auto MarkHot = [&](const FunctionDecl *F, std::string Reason) {
    if (HotReason.count(F))
      return;
    HotReason[F] = std::move(Reason);
    Work.push_back(F);
  };
  for (const FunctionDecl *F : C.Forwards)
    MarkHot(F, "in " + describe(F) + " of a torch::nn::Module");
  for (const CallSite &S : C.Calls) {
    Callees[S.Caller].push_back(S.Callee);
    if (S.InLoop)
      MarkHot(S.Callee, "called in a loop in " + describe(S.Caller));
  }
  while (!Work.empty()) {
    const FunctionDecl *F = Work.front();
    Work.pop_front();
    for (const FunctionDecl *Callee : Callees.lookup(F))
      MarkHot(Callee, "called from " + describe(F) + ", which is hot");
  }
}

const FunctionDecl *HotPath::enclosingFunction(const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 512; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    N = Parents[0];
    if (const auto *L = N.get<LambdaExpr>())
      return L->getCallOperator();
    if (const auto *F = N.get<FunctionDecl>())
      return F;
  }
  return nullptr;
}

bool HotPath::inLoop(const Stmt *S) {
  DynTypedNode Child = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 512; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      return false;
    const Stmt *C = Child.get<Stmt>();
    if (const auto *F = P.get<ForStmt>())
      return C != F->getInit() || inLoop(F);
    if (const auto *R = P.get<CXXForRangeStmt>()) {
      if (C == R->getBody())
        return true;
    } else if (P.get<WhileStmt>() || P.get<DoStmt>())
      return true;
    Child = P;
  }
  return false;
}

RankResult HotPath::rankOf(const Stmt *S) {
  if (inLoop(S))
    return {Rank::Hot, "inside a loop"};
  if (const FunctionDecl *F = enclosingFunction(S)) {
    auto It = HotReason.find(F->getCanonicalDecl());
    if (It != HotReason.end())
      return {Rank::Hot, It->second};
    return {Rank::Cold, "in " + describe(F) + ", not reached from a loop or forward()"};
  }
  return {Rank::Cold, "outside any function"};
}

} // namespace hostsync
