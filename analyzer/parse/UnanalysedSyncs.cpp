#include "parse/UnanalysedSyncs.h"

#include "core/RuleCheck.h"
#include "core/Suppressions.h"
#include "match/CudaCalls.h"
#include "rules/Catalog.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

#include "llvm/ADT/DenseSet.h"
#include "rules/RuleIds.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

using namespace clang;

namespace hostsync {

namespace {

// The directive's line, from its '#'.
std::string directiveAt(const SourceManager &SM, SourceLocation Hash) {
  std::string Line = lineText(SM, Hash);
  size_t Start = Line.find('#');
  Line = Start == std::string::npos ? Line : Line.substr(Start);
  // A comment after it is no part of the condition (`#if 0 // disabled`).
  for (const char *Comment : {"//", "/*"})
    if (size_t At = Line.find(Comment); At != std::string::npos)
      Line.erase(At);
  while (!Line.empty() && (Line.back() == ' ' || Line.back() == '\t' || Line.back() == '\r'))
    Line.pop_back();
  return Line;
}

// Is a block under Condition (or its #else) code of a GPU build only? Each macro named like
// a GPU build (USE_GPU, WITH_CUDA, GPU, HAVE_CUDA, __NVCC__) has a sense: flipped by
// #ifndef, by a '!' before it (`!defined(X)`, `!X`), by the #else, and by a name that
// turns the GPU off (DISABLE_CUDA, NO_GPU, CPU_ONLY). Every such macro must agree that the
// block runs with the GPU; a condition with none, or with mixed senses, is not a GPU
// build's.
bool gpuBuildBlock(const std::string &Condition, bool Else) {
  static const std::regex Gpu("(^|[^A-Za-z0-9_])(_*[A-Z0-9_]*(GPU|CUDA|CUDNN|NCCL|NVCC|CUDACC)"
                              "[A-Z0-9_]*)");
  static const std::regex Off("DISABLE|(^|_)NO(_|$)|NOT_|WITHOUT|CPU_ONLY|SKIP|CPU");
  bool Ifndef = Condition.find("ifndef") != std::string::npos;
  int Senses = 0; // bit 1: a macro reads GPU-on; bit 2: one reads GPU-off
  for (auto It = std::sregex_iterator(Condition.begin(), Condition.end(), Gpu);
       It != std::sregex_iterator(); ++It) {
    const std::smatch &M = *It;
    std::string Name = M[2].str();
    if (Name.find("__CUDA_ARCH__") != std::string::npos)
      return false; // device code, read elsewhere
    // Look back over `defined`, `(` and blanks for a '!'.
    size_t At = static_cast<size_t>(M.position(2));
    std::string Before = Condition.substr(0, At);
    while (!Before.empty()) {
      char C = Before.back();
      if (C == ' ' || C == '\t' || C == '(') {
        Before.pop_back();
      } else if (Before.size() >= 7 && Before.compare(Before.size() - 7, 7, "defined") == 0) {
        Before.resize(Before.size() - 7);
      } else {
        break;
      }
    }
    bool On =
        !(Ifndef ^ (!Before.empty() && Before.back() == '!') ^ Else ^ std::regex_search(Name, Off));
    Senses |= On ? 1 : 2;
  }
  return Senses == 1;
}

class PreprocessedTextCollector : public PPCallbacks {
public:
  PreprocessedTextCollector(const SourceManager &SM, PreprocessedText &Out) : SM(SM), Out(Out) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
    if (MI && MI->isFunctionLike() && !SM.isInSystemHeader(MI->getDefinitionLoc()) &&
        Name.getIdentifierInfo())
      Out.Macros[Name.getIdentifierInfo()->getName().str()].push_back(MI);
  }

  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { open(Loc); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { open(Loc); }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { open(Loc); }
  // Called before the block after #else is skipped (an #endif met while skipping is
  // reported before the skip is).
  void Else(SourceLocation, SourceLocation IfLoc) override {
    auto It = Opened.find(IfLoc.getRawEncoding());
    ElseOf = It == Opened.end() ? "" : It->second;
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
    if (SM.isInSystemHeader(Begin))
      return;
    SkippedBlock B;
    B.Range = Range;
    std::string Directive = directiveAt(SM, Begin);
    bool Else = Directive.rfind("#else", 0) == 0 || Directive.rfind("# else", 0) == 0;
    std::string Condition = Else && !ElseOf.empty() ? ElseOf : Directive;
    B.Condition = Else ? "the #else of `" + Condition + "`" : "`" + Condition + "`";
    bool Negated =
        Condition.find("ifndef") != std::string::npos || Condition.find('!') != std::string::npos;
    B.Commented = std::regex_search(Condition, std::regex("^#\\s*if\\s+(0|false)\\s*$")) ||
                  (Condition.find("__CUDA_ARCH__") != std::string::npos && Negated == Else);
    B.GpuBuild = gpuBuildBlock(Condition, Else);
    Out.Skipped.push_back(B);
  }

private:
  void open(SourceLocation Loc) {
    Opened[Loc.getRawEncoding()] = directiveAt(SM, SM.getExpansionLoc(Loc));
  }

  const SourceManager &SM;
  PreprocessedText &Out;
  std::map<unsigned, std::string> Opened; // each #if's directive, by its location
  std::string ElseOf;                     // the directive of the last #else's #if
};

// Does a template's pattern have instantiations (then they, not the pattern, are what the
// rules analysed)? D: a function in a dependent context.
bool instantiated(const FunctionDecl *D) {
  if (const FunctionTemplateDecl *T = D->getDescribedFunctionTemplate())
    if (!T->specializations().empty())
      return true;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *R = dyn_cast<CXXRecordDecl>(C))
      if (const ClassTemplateDecl *T = R->getDescribedClassTemplate())
        return !T->specializations().empty();
  return false;
}

// Where the AST holds a valid reference to a name: the spelling and the expansion location
// of every reference outside an expression with errors. A template's pattern counts only
// when nothing instantiated it: otherwise a statement its instantiations dropped for an
// error is lost, though the pattern holds it.
class SeenNames : public RecursiveASTVisitor<SeenNames> {
public:
  explicit SeenNames(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    bool Pattern = F && F->isDependentContext() && instantiated(F);
    Patterns += Pattern;
    bool Go = RecursiveASTVisitor::TraverseDecl(D);
    Patterns -= Pattern;
    return Go;
  }

  bool TraverseStmt(Stmt *S) {
    if (const auto *E = dyn_cast_or_null<Expr>(S); E && E->containsErrors())
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  // A declaration's name is no call (a CPU shim that defines cudaDeviceSynchronize), in a
  // template's pattern too.
  bool VisitNamedDecl(NamedDecl *D) { return note(D->getLocation(), true); }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return note(E->getLocation()); }
  bool VisitMemberExpr(MemberExpr *E) { return note(E->getMemberLoc()); }
  bool VisitOverloadExpr(OverloadExpr *E) { return note(E->getNameLoc()); }
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    return note(E->getLocation());
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    return note(E->getMemberLoc());
  }

  bool seen(SourceLocation Loc) const { return At.count(Loc.getRawEncoding()) != 0; }

private:
  bool note(SourceLocation Loc, bool InPatterns = false) {
    if (Loc.isInvalid() || (Patterns > 0 && !InPatterns))
      return true;
    At.insert(SM.getSpellingLoc(Loc).getRawEncoding());
    At.insert(SM.getExpansionLoc(Loc).getRawEncoding());
    return true;
  }
  const SourceManager &SM;
  llvm::DenseSet<unsigned> At;
  unsigned Patterns = 0; // inside instantiated templates' patterns
};

// One op read from the text.
struct TextOp {
  std::string Rule, Op, What;
  bool DeviceKnown = true; // syncs on CUDA whatever its input (else: the GPU build's tensor)
};

class TextReader {
public:
  TextReader(const SourceManager &SM, const LangOptions &Lang, const PreprocessedText &Text)
      : SM(SM), Lang(Lang), Text(Text) {}

  // The raw tokens of [Begin, End) of a file.
  std::vector<Token> tokens(FileID File, unsigned Begin, unsigned End) const {
    std::vector<Token> Out;
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid || Begin >= Buffer.size())
      return Out;
    End = std::min<unsigned>(End, Buffer.size());
    SourceLocation Start = SM.getLocForStartOfFile(File);
    Lexer L(Start, Lang, Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
    L.SetCommentRetentionState(false);
    Token T;
    while (!L.LexFromRawLexer(T) && SM.getFileOffset(T.getLocation()) < End)
      Out.push_back(T);
    if (T.isNot(tok::eof) && SM.getFileOffset(T.getLocation()) < End)
      Out.push_back(T);
    return Out;
  }

  // The op the tokens at I begin, if any: a call of a CUDA wait or blocking copy, a Thrust
  // algorithm under a device policy, a macro of the project's whose body holds one; with
  // Tensors, also LibTorch's moves and reads.
  std::optional<TextOp> opAt(const std::vector<Token> &Tokens, size_t I, bool Tensors) const {
    std::string Name = ident(Tokens, I);
    if (I > 0 && (Tokens[I - 1].is(tok::period) || Tokens[I - 1].is(tok::arrow)))
      return tensorOpAt(Tokens, I, Tensors);
    if (Name.empty() || !punct(Tokens, I + 1, tok::l_paren))
      return std::nullopt;
    if (auto Op = apiCall(Tokens, I))
      return Op;
    if (Name == "thrust" && punct(Tokens, I + 1, tok::coloncolon))
      return std::nullopt;
    if (Name == "synchronize" && I >= 2 && punct(Tokens, I - 1, tok::coloncolon) &&
        ident(Tokens, I - 2) == "cuda")
      return TextOp{rule::ExplicitSync, "torch::cuda::synchronize",
                    "blocks the host until the GPU has finished the work queued before it"};
    return macroCall(Name, 0);
  }

  // thrust::ALG(thrust::device, ...) or thrust::cuda::par: at I, the `thrust` token.
  std::optional<TextOp> thrustAt(const std::vector<Token> &Tokens, size_t I) const {
    if (ident(Tokens, I) != "thrust" || !punct(Tokens, I + 1, tok::coloncolon) ||
        !punct(Tokens, I + 3, tok::l_paren) || ident(Tokens, I + 4) != "thrust" ||
        !punct(Tokens, I + 5, tok::coloncolon))
      return std::nullopt;
    std::string Policy = ident(Tokens, I + 6);
    if (Policy == "cuda" && punct(Tokens, I + 7, tok::coloncolon))
      Policy = ident(Tokens, I + 8) == "par" ? "device" : "";
    if (Policy != "device")
      return std::nullopt;
    std::string Qualified = "::thrust::" + ident(Tokens, I + 2);
    auto In = [&](const std::vector<llvm::StringRef> &Names) {
      return std::find(Names.begin(), Names.end(), Qualified) != Names.end();
    };
    std::string Op = Qualified.substr(2);
    if (In(thrustValueAlgorithms()) || In(thrustLengthAlgorithms()))
      return TextOp{rule::ThrustHostResult, Op,
                    "on device data returns its result to the host, after the kernels"};
    if (In(thrustDeviceAlgorithms()))
      return TextOp{rule::ThrustSyncPolicy, Op,
                    "with a synchronous execution policy waits for the GPU before it returns"};
    return std::nullopt;
  }

private:
  std::string ident(const std::vector<Token> &Tokens, size_t I) const {
    if (I >= Tokens.size() || !Tokens[I].is(tok::raw_identifier))
      return "";
    return Tokens[I].getRawIdentifier().str();
  }
  static bool punct(const std::vector<Token> &Tokens, size_t I, tok::TokenKind K) {
    return I < Tokens.size() && Tokens[I].is(K);
  }
  // The identifiers and strings up to the parenthesis that closes the one at Open.
  std::vector<std::string> arguments(const std::vector<Token> &Tokens, size_t Open) const {
    std::vector<std::string> Out;
    int Depth = 0;
    for (size_t I = Open; I < Tokens.size(); ++I) {
      if (Tokens[I].is(tok::l_paren))
        ++Depth;
      else if (Tokens[I].is(tok::r_paren) && --Depth == 0)
        break;
      else if (Tokens[I].is(tok::raw_identifier))
        Out.push_back(Tokens[I].getRawIdentifier().str());
      else if (Tokens[I].isLiteral() && Tokens[I].getLiteralData())
        Out.emplace_back(Tokens[I].getLiteralData(), Tokens[I].getLength());
    }
    return Out;
  }
  static bool has(const std::vector<std::string> &Words, const std::string &W) {
    return std::find(Words.begin(), Words.end(), W) != Words.end();
  }

  // A CUDA runtime wait, or a blocking copy that is not device-to-device.
  std::optional<TextOp> apiCall(const std::vector<Token> &Tokens, size_t I) const {
    std::string Name = ident(Tokens, I);
    const RuleInfo *Waits = Catalog::embedded().find(rule::ExplicitSync);
    if (Waits &&
        std::find(Waits->Runtime.begin(), Waits->Runtime.end(), Name) != Waits->Runtime.end())
      return TextOp{Waits->Id, Name,
                    "blocks the host until the GPU has finished the work queued before it"};
    const RuleInfo *Copies = Catalog::embedded().find(rule::CudaBlockingCopy);
    if (Copies &&
        std::find(Copies->Runtime.begin(), Copies->Runtime.end(), Name) != Copies->Runtime.end()) {
      std::vector<std::string> Args = arguments(Tokens, I + 1);
      if (has(Args, "cudaMemcpyDeviceToDevice") || has(Args, "cudaMemcpyHostToHost"))
        return std::nullopt;
      return TextOp{Copies->Id, Name, "is a blocking copy: the host waits for the GPU"};
    }
    return std::nullopt;
  }

  // A function-like macro of the user's whose body (one of its definitions) calls one of
  // the above.
  std::optional<TextOp> macroCall(const std::string &Name, int Depth) const {
    auto Defined = Text.Macros.find(Name);
    if (Depth > 3 || Defined == Text.Macros.end())
      return std::nullopt;
    for (const MacroInfo *MI : Defined->second)
      if (std::optional<TextOp> Op = macroBodyCall(Name, *MI, Depth))
        return Op;
    return std::nullopt;
  }

  std::optional<TextOp> macroBodyCall(const std::string &Name, const MacroInfo &MI,
                                      int Depth) const {
    std::vector<Token> Body(MI.tokens_begin(), MI.tokens_end());
    for (Token &T : Body)
      if (T.is(tok::identifier) && T.getIdentifierInfo()) {
        // Lexed tokens: give apiCall the raw spelling it reads.
        std::string S = T.getIdentifierInfo()->getName().str();
        Token Raw;
        Raw.startToken();
        Raw.setKind(tok::raw_identifier);
        Raw.setRawIdentifierData(T.getIdentifierInfo()->getNameStart());
        Raw.setLength(S.size());
        T = Raw;
      }
    for (size_t I = 0; I < Body.size(); ++I) {
      std::string Inner = ident(Body, I);
      if (Inner.empty() || !punct(Body, I + 1, tok::l_paren))
        continue;
      std::optional<TextOp> Op = apiCall(Body, I);
      if (!Op && Inner != Name)
        Op = macroCall(Inner, Depth + 1);
      if (Op) {
        Op->Op = Name + "(" + Op->Op + ")";
        return Op;
      }
    }
    return std::nullopt;
  }

  // In a GPU build's block: x.to(kCUDA) / .cuda() (to the device), x.to(kCPU) / .cpu()
  // (to the host), x.item(). At I, a name after `.` or `->`.
  std::optional<TextOp> tensorOpAt(const std::vector<Token> &Tokens, size_t I, bool Tensors) const {
    if (!Tensors)
      return std::nullopt;
    std::string Name = ident(Tokens, I);
    if (Name == "item" && (punct(Tokens, I + 1, tok::l_paren) || punct(Tokens, I + 1, tok::less)))
      return TextOp{rule::Item, "item", "copies one value to the host", false};
    if (!punct(Tokens, I + 1, tok::l_paren))
      return std::nullopt;
    if (Name == "cpu")
      return TextOp{rule::DeviceToHostCopy, "cpu", "copies the tensor to the host", false};
    if (Name == "cuda")
      return TextOp{rule::HostToDeviceCopy, "cuda", "copies a host tensor to the GPU, blocking",
                    false};
    if (Name != "to")
      return std::nullopt;
    std::vector<std::string> Args = arguments(Tokens, I + 1);
    auto Says = [&](const char *Word) {
      for (const std::string &A : Args)
        if (A.find(Word) != std::string::npos)
          return true;
      return false;
    };
    if ((Says("kCUDA") || Says("\"cuda")) && !has(Args, "true"))
      return TextOp{rule::HostToDeviceCopy, "to(kCUDA)",
                    "copies a host tensor to the GPU, blocking", false};
    if (Says("kCPU") || Says("\"cpu"))
      return TextOp{rule::DeviceToHostCopy, "to(kCPU)", "copies the tensor to the host", false};
    return std::nullopt;
  }

  const SourceManager &SM;
  const LangOptions &Lang;
  const PreprocessedText &Text;
};

// The last token of the directive whose '#' is at I: its logical line (continued by a
// backslash, as a macro's body often is).
size_t directiveEnd(const std::vector<Token> &Tokens, size_t I) {
  while (I + 1 < Tokens.size() && !Tokens[I + 1].isAtStartOfLine())
    ++I;
  return I;
}

// The user's files of the translation unit, once each.
std::vector<FileID> userFiles(const SourceManager &SM) {
  std::vector<FileID> Out;
  std::set<std::string> Names;
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile() || E.getFile().getFileCharacteristic() != SrcMgr::C_User)
      continue;
    SourceLocation Start = SourceLocation::getFromRawEncoding(E.getOffset());
    FileID File = SM.getFileID(Start);
    const FileEntry *Entry = SM.getFileEntryForID(File);
    if (Entry && Names.insert(SM.getFilename(Start).str()).second)
      Out.push_back(File);
  }
  return Out;
}

} // namespace

std::unique_ptr<PPCallbacks> preprocessedTextCollector(const SourceManager &SM,
                                                       PreprocessedText &Out) {
  return std::make_unique<PreprocessedTextCollector>(SM, Out);
}

std::vector<Finding> unanalysedSyncs(ASTContext &Ctx, const std::vector<Decl *> &TopLevel,
                                     const PreprocessedText &Text,
                                     const std::vector<Finding> &Found,
                                     const std::vector<std::string> &EnabledRules) {
  std::vector<Finding> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Errors = Ctx.getDiagnostics().hasErrorOccurred();
  if (Text.Skipped.empty() && !Errors)
    return Out;
  std::set<std::pair<std::string, unsigned>> Taken;
  for (const Finding &F : Found)
    Taken.insert({F.File, F.Line});
  TextReader Reader(SM, Ctx.getLangOpts(), Text);
  std::map<FileID, std::unique_ptr<SuppressionIndex>> Nolint;

  auto Report = [&](const TextOp &Op, SourceLocation Loc, const std::string &Why,
                    const std::string &Evidence) {
    if (std::find(EnabledRules.begin(), EnabledRules.end(), Op.Rule) == EnabledRules.end())
      return;
    const RuleInfo *Rule = Catalog::embedded().find(Op.Rule);
    PresumedLoc P = SM.getPresumedLoc(Loc);
    if (!Rule || P.isInvalid())
      return;
    Finding F;
    F.Rule = Rule->Id;
    F.Level = Severity::Note;
    F.ReadFromText = true;
    F.File = findingPath(SM.getFileManager(), P.getFilename());
    F.Line = P.getLine();
    F.Column = P.getColumn();
    if (!Taken.insert({F.File, F.Line}).second)
      return;
    F.Op = Op.Op;
    F.Device = DeviceConfidence::Cuda;
    F.DeviceReason = Op.DeviceKnown ? "the op syncs on CUDA whatever its input" : Evidence;
    F.RankReason = "not analysed: " + Why;
    F.Message = "'" + Op.Op + "' " + Op.What + "; read from the text of code that was not analysed";
    F.Fix = Rule->FixSummary;
    F.SourceLine = lineText(SM, Loc);
    FileID File = SM.getFileID(Loc);
    auto &Index = Nolint[File];
    if (!Index) {
      bool Invalid = false;
      StringRef Text = SM.getBufferData(File, &Invalid);
      Index = std::make_unique<SuppressionIndex>(Invalid ? std::string() : Text.str());
    }
    if (auto S = Index->find(F.Rule, F.Line)) {
      F.Suppressed = true;
      F.SuppressionReason = S->Reason;
    }
    Out.push_back(std::move(F));
  };

  // What the preprocessor left out. A GPU build's tensors are taken to be on the GPU.
  std::set<std::pair<FileID, unsigned>> InSkipped; // (file, offset) of skipped tokens
  for (const SkippedBlock &B : Text.Skipped) {
    std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(SM.getExpansionLoc(B.Range.getBegin()));
    std::pair<FileID, unsigned> End = SM.getDecomposedLoc(SM.getExpansionLoc(B.Range.getEnd()));
    if (Begin.first != End.first)
      continue;
    std::string Why = B.Condition + " leaves it out of this build";
    std::vector<Token> Tokens = Reader.tokens(Begin.first, Begin.second, End.second);
    // Every skipped token is kept from the pass over code that did not compile below, the
    // blocks not read (#if 0, device code) too.
    for (const Token &T : Tokens)
      InSkipped.insert({Begin.first, SM.getFileOffset(T.getLocation())});
    if (B.Commented)
      continue;
    for (size_t I = 0; I < Tokens.size(); ++I) {
      // A directive's own line (#define X ..., #include) is no call.
      if (Tokens[I].is(tok::hash) && Tokens[I].isAtStartOfLine()) {
        I = directiveEnd(Tokens, I);
        continue;
      }
      std::optional<TextOp> Op = Reader.thrustAt(Tokens, I);
      size_t At = Op ? I + 2 : I; // a Thrust algorithm's finding is at its name
      if (!Op)
        Op = Reader.opAt(Tokens, I, B.GpuBuild);
      if (Op)
        Report(*Op, Tokens[At].getLocation(), Why, "in a GPU build's code");
    }
  }
  if (!Errors)
    return Out;

  // What did not compile: the calls the user's text names where the AST holds no valid
  // reference.
  SeenNames Seen(SM);
  for (Decl *D : TopLevel)
    Seen.TraverseDecl(D);
  for (FileID File : userFiles(SM)) {
    std::vector<Token> Tokens = Reader.tokens(File, 0, ~0u);
    for (size_t I = 0; I < Tokens.size(); ++I) {
      if (Tokens[I].is(tok::hash) && Tokens[I].isAtStartOfLine()) {
        I = directiveEnd(Tokens, I);
        continue;
      }
      SourceLocation Loc = Tokens[I].getLocation();
      if (InSkipped.count({File, SM.getFileOffset(Loc)}))
        continue;
      std::optional<TextOp> Op = Reader.thrustAt(Tokens, I);
      if (!Op)
        Op = Reader.opAt(Tokens, I, false);
      // The name itself: thrust's algorithm two tokens on.
      SourceLocation Name =
          Op && Op->Rule.rfind("hostsync-thrust", 0) == 0 ? Tokens[I + 2].getLocation() : Loc;
      if (Op && !Seen.seen(Name))
        Report(*Op, Name, "it did not compile here: the file has compiler errors", "");
    }
  }
  return Out;
}

} // namespace hostsync
