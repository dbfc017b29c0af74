#include "analysis/TUIndex.h"
#include "analysis/DeclKeys.h"
#include "analysis/LoopShapes.h"

#include "analysis/PeriodicGuards.h"
#include "compat/LLVMCompat.h"
#include "match/Modules.h"
#include "match/LibraryCalls.h"
#include "match/TensorOps.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hostsync {

namespace {

// The plain name of a declaration; "" for operators, conversions and the like.
StringRef nameOf(const NamedDecl *D) {
  return D->getDeclName().isIdentifier() ? D->getName() : StringRef();
}

bool inCudaNamespace(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(C); N && N->getName() == "cuda")
      return true;
  return false;
}

// A string that can name a device: "cuda", "cuda:1", "CUDA" (a flag's default, a
// torch::Device's name). Words in a message ("CUDA available: ") name none.
bool namesCudaDevice(StringRef S) {
  std::string L = S.trim().lower();
  StringRef Rest(L);
  if (!Rest.consume_front("cuda"))
    return false;
  return Rest.empty() || (Rest.consume_front(":") && !Rest.empty() &&
                          Rest.find_first_not_of("0123456789") == StringRef::npos);
}

// Questions about the machine (torch::cuda::is_available(), device_count()): a CPU-only
// program asks them too, to print them or to pick the CPU; the answer puts no tensor on CUDA.
bool onlyAsksAboutCuda(const Decl *D) {
  const auto *F = dyn_cast<FunctionDecl>(D);
  if (!F || !F->getIdentifier())
    return false;
  StringRef N = F->getName();
  return N == "is_available" || N == "device_count" || N == "cudnn_is_available";
}

// Something of a cuda namespace that can put work on CUDA (a stream, a guard, synchronize).
bool usesCudaNamespace(const Decl *D) { return inCudaNamespace(D) && !onlyAsksAboutCuda(D); }

// `torch::Device device(torch::kCUDA);` that nothing reads: it places nothing anywhere.
bool deviceNothingReads(const VarDecl *V) {
  const CXXRecordDecl *R = V->getType()->getAsCXXRecordDecl();
  return V->isLocalVarDecl() && !V->isReferenced() && R && nameOf(R) == "Device";
}

// torch::Device(name) / torch::Device(type) from a value that is not a constant: CUDA may
// come in through it (argv, a flag, a ternary, a variable...).
bool computedDevice(const CXXConstructExpr *E) {
  const CXXRecordDecl *R = E->getConstructor()->getParent();
  if (!R || nameOf(R) != "Device" || E->getNumArgs() == 0)
    return false;
  const Expr *Arg = E->getArg(0)->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Arg))
    Arg = M->getSubExpr()->IgnoreParenImpCasts();
  if (Arg->getType()->getAsCXXRecordDecl() == R)
    return false;              // a copy: the original's construction is looked at where it is
  if (isa<StringLiteral>(Arg)) // a literal names CUDA itself, or not (VisitStringLiteral)
    return false;
  if (const auto *C = dyn_cast<CXXConstructExpr>(Arg)) // std::string("cpu")
    if (C->getNumArgs() && isa<StringLiteral>(C->getArg(0)->IgnoreParenImpCasts()))
      return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg))
    if (nameOf(Ref->getDecl()) == "kCPU")
      return false;
  return true;
}

// Methods that hand out a tensor's device memory to a kernel.
bool givesData(StringRef N) { return libraryCallIs(N, LibraryUse::GivesDeviceData); }
} // namespace

bool TUIndex::isModuleForward(const FunctionDecl *F) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
  return M && M->getIdentifier() && M->getName() == "forward" && asUserModule(M->getParent());
}

// The one walk. Function context (the caller, loops, periodic guards) is tracked while
// walking, so that the call graph needs no parent map.
class TUWalk : public RecursiveASTVisitor<TUWalk> {
public:
  TUWalk(ASTContext &Ctx, TUIndex &Out) : Ctx(Ctx), Out(Out), Stores(Out.Containers) {}
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
  bool TraverseClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D) {
    return instantiated(D->getSpecializationKind() != TSK_ExplicitSpecialization, [&] {
      return RecursiveASTVisitor::TraverseClassTemplateSpecializationDecl(D);
    });
  }
  bool TraverseVarTemplateSpecializationDecl(VarTemplateSpecializationDecl *D) {
    return instantiated(D->getSpecializationKind() != TSK_ExplicitSpecialization, [&] {
      return RecursiveASTVisitor::TraverseVarTemplateSpecializationDecl(D);
    });
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    // A lambda defined in a loop runs in it; its body is its own function otherwise.
    const FunctionDecl *Outer = Caller;
    const FunctionDecl *OuterBody = Body;
    Caller = canonical(L->getCallOperator());
    Body = L->getCallOperator();
    Out.WalkedBodies.insert(Body);
    if (LoopDepth > 0 && Outer)
      Out.Calls.push_back({nullptr, Outer, Caller, true, period(), Instantiating > 0});
    int SavedDepth = LoopDepth;
    std::vector<const Expr *> SavedPeriods = std::move(Periods);
    LoopDepth = 0;
    Periods.clear();
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    LoopDepth = SavedDepth;
    Periods = std::move(SavedPeriods);
    Caller = Outer;
    Body = OuterBody;
    return R;
  }
  bool TraverseForStmt(ForStmt *S) {
    TraverseStmt(S->getInit());
    return inLoop([&] {
      if (VarDecl *V = S->getConditionVariable())
        TraverseDecl(V);
      TraverseStmt(S->getCond());
      TraverseStmt(S->getInc());
      return TraverseStmt(S->getBody());
    });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    Stores.forRange(S);
    TraverseStmt(S->getInit());
    TraverseStmt(S->getLoopVarStmt());
    TraverseStmt(S->getRangeInit());
    return inLoop([&] { return TraverseStmt(S->getBody()); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    if (runsOnce(S))
      return RecursiveASTVisitor::TraverseDoStmt(S);
    return inLoop([&] { return RecursiveASTVisitor::TraverseDoStmt(S); });
  }
  // Periodic guards (PeriodicGuards.h): a guard counts only inside a loop.
  bool TraverseIfStmt(IfStmt *S) {
    TraverseStmt(S->getInit());
    TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    underGuard(S->getCond() ? periodWhenTrue(S->getCond()) : nullptr,
               [&] { return TraverseStmt(S->getThen()); });
    return underGuard(S->getCond() ? periodWhenFalse(S->getCond()) : nullptr,
                      [&] { return TraverseStmt(S->getElse()); });
  }
  bool TraverseCompoundStmt(CompoundStmt *S) {
    size_t Guards = Periods.size();
    for (Stmt *Child : S->body()) {
      TraverseStmt(Child);
      if (const auto *If = dyn_cast<IfStmt>(Child);
          If && LoopDepth > 0 && !If->getElse() && isContinue(If->getThen()))
        if (const Expr *N = periodWhenFalse(If->getCond()))
          Periods.push_back(N); // what follows runs once every N iterations
    }
    Periods.resize(Guards);
    return true;
  }

  bool TraverseVarDecl(VarDecl *V) {
    if (!deviceNothingReads(V))
      return RecursiveASTVisitor::TraverseVarDecl(V);
    ++UnreadDevice;
    bool R = RecursiveASTVisitor::TraverseVarDecl(V);
    --UnreadDevice;
    return R;
  }

  bool VisitCallExpr(CallExpr *C) {
    Stores.call(C);
    const FunctionDecl *Callee = C->getDirectCallee();
    Out.Calls.push_back({C, Caller, canonical(Callee), LoopDepth > 0, period(), Instantiating > 0});
    if (Instantiating)
      return true;
    if (Callee)
      if (const auto *R = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
        CalleeRefs.insert(R);
    storesThroughReferences(C, Callee);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    Stores.construct(C);
    Out.Calls.push_back(
        {C, Caller, canonical(C->getConstructor()), LoopDepth > 0, period(), Instantiating > 0});
    if (!Instantiating && computedDevice(C))
      namesCuda();
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (Instantiating)
      return true;
    const ValueDecl *D = R->getDecl();
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      FunctionRefs.push_back({R, canonical(F)});
    StringRef Name = nameOf(D);
    if (Name == "kCUDA" || usesCudaNamespace(D) || (isa<EnumConstantDecl>(D) && Name == "CUDA") ||
        (isa<FunctionDecl>(D) && Name.lower().rfind("cuda", 0) == 0))
      namesCuda();
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (!Instantiating &&
        (nameOf(E->getMemberDecl()) == "cuda" || usesCudaNamespace(E->getMemberDecl())))
      namesCuda();
    return true;
  }
  bool VisitStringLiteral(StringLiteral *S) {
    if (!Instantiating && S->getCharByteWidth() == 1 && namesCudaDevice(S->getString()))
      namesCuda();
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (Instantiating || !F->doesThisDeclarationHaveABody())
      return true;
    Out.DefinesMain |= F->isMain();
    if (!F->isDependentContext())
      Out.Bodies.push_back(F);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    if (Body)
      Out.Returns[Body].push_back(R->getRetValue());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    Stores.memberCall(Call);
    if (Instantiating)
      return true;
    addedToMember(Call);
    const CXXMethodDecl *M = Call->getMethodDecl();
    if (M && M->getIdentifier() && isLibTorchDecl(M) &&
        compat::isOneOf(M->getName(), {"to", "cuda"}) && calledModule(Call))
      Out.ModuleMoves.push_back(Call);
    return true;
  }
  bool VisitCXXRecordDecl(CXXRecordDecl *R) {
    if (!Instantiating && R->isThisDeclarationADefinition() && asUserModule(R))
      Out.ModuleMoves.push_back(R);
    return true;
  }

  // Stores into data members (TUIndex::fieldStores).
  bool VisitCXXConstructorDecl(CXXConstructorDecl *C) {
    if (!Instantiating)
      for (const CXXCtorInitializer *I : C->inits())
        if (I->isMemberInitializer() && I->isWritten())
          Out.FieldStores[I->getMember()].push_back(I->getInit());
    return true;
  }
  bool VisitFieldDecl(FieldDecl *F) {
    if (!Instantiating)
      if (const Expr *Init = F->getInClassInitializer())
        Out.FieldStores[F].push_back(Init);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    Stores.varDecl(V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    Stores.binaryOperator(B);
    if (B->getOpcode() == BO_Assign && !Instantiating)
      storedInto(B->getLHS(), B->getRHS());
    if (B->isAssignmentOp())
      assigned(B->getLHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2 && !Instantiating)
      storedInto(C->getArg(0), C->getArg(1));
    if (C->isAssignmentOp() && C->getNumArgs() == 2)
      assigned(C->getArg(0));
    return true;
  }
  // Aggregate initialization (`return {out, mu, log_var};` into a struct of tensors) stores
  // each member its value, in declaration order: read in the semantic form, where the values
  // line up with the members (the visitor sees the syntactic one, or the only one).
  bool VisitInitListExpr(InitListExpr *Written) {
    const InitListExpr *IL = Written->isSemanticForm() ? Written : Written->getSemanticForm();
    if (Instantiating || !Written->isSyntacticForm() || !IL || IL->getType().isNull())
      return true;
    const auto *R = IL->getType()->getAsCXXRecordDecl();
    if (!R || R->isUnion() || !R->isAggregate() || isLibTorchDecl(R) || R->isInStdNamespace())
      return true;
    unsigned I = R->getNumBases(); // C++17: the bases come first
    for (const FieldDecl *F : R->fields()) {
      if (I >= IL->getNumInits())
        break;
      const Expr *Init = IL->getInit(I++);
      if (carriesTensors(F->getType()) && !isa<ImplicitValueInitExpr>(Init) &&
          !isa<CXXDefaultInitExpr>(Init)) // a default member initializer: VisitFieldDecl
        Out.FieldStores[F].push_back(Init);
    }
    return true;
  }

  // Kernel launches (CUDA only): the data calls in their arguments.
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    for (const Expr *A : K->arguments())
      dataCalls(A);
    return true;
  }

  // Every reference to a function that is not the callee of a call takes its address.
  void finish() {
    for (const auto &[Ref, F] : FunctionRefs)
      if (!CalleeRefs.count(Ref))
        Out.AddressTaken.insert(F);
  }

private:
  void namesCuda() {
    if (!UnreadDevice)
      Out.NamesCuda = true;
  }
  template <typename Fn> bool withFunction(FunctionDecl *F, Fn Walk) {
    if (!F->doesThisDeclarationHaveABody())
      return Walk();
    if (TUIndex::isModuleForward(F))
      Out.Forwards.push_back(canonical(F));
    const FunctionDecl *Outer = Caller;
    const FunctionDecl *OuterBody = Body;
    int SavedDepth = LoopDepth;
    std::vector<const Expr *> SavedPeriods = std::move(Periods);
    Caller = canonical(F);
    Body = F;
    Out.WalkedBodies.insert(F);
    LoopDepth = 0;
    Periods.clear();
    bool R = instantiated(F->isTemplateInstantiation(), Walk);
    Caller = Outer;
    Body = OuterBody;
    LoopDepth = SavedDepth;
    Periods = std::move(SavedPeriods);
    return R;
  }
  template <typename Fn> bool instantiated(bool Is, Fn Walk) {
    Instantiating += Is;
    bool R = Walk();
    Instantiating -= Is;
    return R;
  }
  template <typename Fn> bool underGuard(const Expr *N, Fn Walk) {
    bool Counts = N && LoopDepth > 0;
    if (Counts)
      Periods.push_back(N);
    bool R = Walk();
    if (Counts)
      Periods.pop_back();
    return R;
  }
  template <typename Fn> bool inLoop(Fn Walk) {
    ++LoopDepth;
    bool R = Walk();
    --LoopDepth;
    return R;
  }
  const Expr *period() const { return Periods.empty() ? nullptr : Periods.back(); }

  // A store into a data member through `this`, or into a member of tensors of any object of
  // a user class: the member's values are the class's, whatever the object.
  void storedInto(const Expr *LHS, const Expr *RHS) {
    // `buffer_[i] = t` of a member container: a store of one of its tensors.
    if (const auto *Sub = dyn_cast<CXXOperatorCallExpr>(LHS->IgnoreParenImpCasts());
        Sub && Sub->getOperator() == OO_Subscript && !isTensorType(Sub->getArg(0)->getType()))
      LHS = Sub->getArg(0);
    if (const auto *M = dyn_cast<MemberExpr>(LHS->IgnoreParenImpCasts()))
      if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()))
        if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) ||
            (!isLibTorchDecl(F->getParent()) && carriesTensors(F->getType())))
          Out.FieldStores[F].push_back(RHS);
  }
  // `agent->actions.push_back(t)` into a member container of tensors of a user class: the
  // tensor is one of the member's values. Another call that adds elements (`emplace_back`
  // with constructor arguments, `insert` of a range) stands for a value read as unknown.
  void addedToMember(const CXXMemberCallExpr *C) {
    const auto *M = dyn_cast<MemberExpr>(C->getImplicitObjectArgument()->IgnoreParenImpCasts());
    const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
    const CXXMethodDecl *Method = C->getMethodDecl();
    if (!F || !Method || !Method->getIdentifier() || isTensorType(F->getType()) ||
        !carriesTensors(F->getType()) || isLibTorchDecl(F->getParent()))
      return;
    StringRef N = Method->getName();
    if (libraryCallIs(N, LibraryUse::AddsElement) && C->getNumArgs() == 1 &&
        isTensorType(C->getArg(0)->getType()))
      Out.FieldStores[F].push_back(C->getArg(0));
    else if (libraryCallIs(N, LibraryUse::AddsElement) ||
             libraryCallIs(N, LibraryUse::PutsElements))
      Out.FieldStores[F].push_back(C);
  }
  // A member passed to a non-const reference parameter (`archive.read("x", g.x)`,
  // `torch::load(g.x, path)`): the call may store anything into it. The call stands for the
  // value stored, which the analysis reads as unknown.
  void storesThroughReferences(const CallExpr *C, const FunctionDecl *Callee) {
    if (!Callee || isa<CXXOperatorCallExpr>(C))
      return;
    for (unsigned I = 0; I < C->getNumArgs() && I < Callee->getNumParams(); ++I) {
      QualType P = Callee->getParamDecl(I)->getType();
      if (P->isLValueReferenceType() && !P.getNonReferenceType().isConstQualified())
        storedInto(C->getArg(I), C);
    }
  }
  // Every `v.data_ptr<T>()` (and the like) inside a kernel argument.
  void dataCalls(const Stmt *S) {
    if (!S)
      return;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (M && M->getIdentifier() && givesData(M->getName()) &&
          isTensorType(MC->getImplicitObjectArgument()->getType()))
        if (const DeclRefExpr *R = asVarRef(MC->getImplicitObjectArgument()))
          Out.Launched.try_emplace(cast<VarDecl>(R->getDecl()->getCanonicalDecl()), MC);
    }
    for (const Stmt *Child : S->children())
      dataCalls(Child);
  }
  void assigned(const Expr *LHS) {
    if (Ctx.getLangOpts().CUDA)
      if (const DeclRefExpr *R = asVarRef(LHS))
        Out.Reassigned.insert(cast<VarDecl>(R->getDecl()->getCanonicalDecl()));
  }

  ASTContext &Ctx;
  TUIndex &Out;
  const FunctionDecl *Caller = nullptr; // canonical, as the call graph keys functions
  const FunctionDecl *Body = nullptr;   // the declaration whose body is walked
  int LoopDepth = 0;
  int Instantiating = 0;
  int UnreadDevice = 0;              // inside the initializer of a torch::Device that nothing reads
  std::vector<const Expr *> Periods; // the guards around the walk, innermost last
  llvm::DenseSet<const DeclRefExpr *> CalleeRefs;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> FunctionRefs;
  ContainerStoreRecorder Stores; // container stores, written and instantiated
};

TUIndex::TUIndex(ASTContext &Ctx, const std::vector<Decl *> &TopLevel) {
  TUWalk Walk(Ctx, *this);
  for (Decl *D : TopLevel)
    Walk.TraverseDecl(D);
  Walk.finish();
}

const std::vector<const Expr *> *TUIndex::returnsOf(const FunctionDecl *F) const {
  auto It = Returns.find(F);
  if (It != Returns.end())
    return &It->second;
  static const std::vector<const Expr *> None;
  // A walked body with no return statement has none; one not walked is not known.
  return WalkedBodies.count(F) ? &None : nullptr;
}

const ContainerStores *TUIndex::containerStores(const VarDecl *V) const {
  if (auto It = Containers.find(V->getCanonicalDecl()); It != Containers.end())
    return &It->second;
  static const ContainerStores None;
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return F && WalkedBodies.count(F) ? &None : nullptr;
}

const Expr *TUIndex::launchedWith(const VarDecl *V) const {
  if (!V || !V->getParentFunctionOrMethod())
    return nullptr;
  V = V->getCanonicalDecl();
  if (Reassigned.count(V))
    return nullptr;
  auto It = Launched.find(V);
  return It == Launched.end() ? nullptr : It->second;
}

} // namespace hostsync
