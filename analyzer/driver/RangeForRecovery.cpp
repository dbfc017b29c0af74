#include "driver/RangeForRecovery.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

using namespace clang;

namespace hostsync {

namespace {
constexpr const char *PreludePath = "/hostsync-recovery/hostsync_opaque_range.h";
// The opaque element converts to any type, so a loop variable with a written type
// (`Example<> &batch`) keeps it; with `auto` it has no members. A loop whose body reads
// `batch.data` or `batch.target` iterates a LibTorch data loader (with the Stack transform):
// its elements are torch::data::Example<>, whose two tensors the body then keeps.
constexpr const char *Prelude = R"(#pragma once
struct hostsync_opaque {
  template <class T> operator T &() const;
  template <class T> operator T &&() const;
};
template <class Element = hostsync_opaque> struct hostsync_opaque_range {
  struct iterator {
    Element &operator*() const;
    iterator &operator++();
    bool operator!=(const iterator &) const;
  };
  iterator begin() const;
  iterator end() const;
};
)";
// A space first: `for (auto &x:input)` must not become `x:::hostsync...`, lexed as `::` `:`.
constexpr const char *OpaqueRange = " ::hostsync_opaque_range<>()";
constexpr const char *ExampleRange = " ::hostsync_opaque_range<::torch::data::Example<>>()";

class ColonCollector : public RecursiveASTVisitor<ColonCollector> {
public:
  explicit ColonCollector(SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return see(S->getColonLoc()); }
  bool VisitForStmt(ForStmt *S) { return see(S->getLParenLoc()); }
  // (file, offset): a range-for's colon, a classic for's opening parenthesis.
  std::set<std::pair<unsigned, unsigned>> Seen;

private:
  bool see(SourceLocation L) {
    L = SM.getFileLoc(L);
    Seen.insert({SM.getFileID(L).getHashValue(), SM.getFileOffset(L)});
    return true;
  }
  SourceManager &SM;
};

struct RawLoop {
  unsigned Key;        // a range-for's colon, a classic for's '(': as the AST records them
  unsigned Begin, End; // what is rewritten: the range expression, or the condition
  bool Classic;
  bool ExampleLike;    // the body reads <loop variable>.data or .target
};

// Does the statement after the loop's `)` (token At) read Var.data or Var.target?
bool readsExampleFields(const std::vector<Token> &Toks, size_t At, llvm::StringRef Var) {
  int Depth = 0;
  for (size_t K = At; K + 2 < Toks.size(); ++K) {
    tok::TokenKind Kind = Toks[K].getKind();
    if (Kind == tok::l_brace)
      ++Depth;
    else if (Kind == tok::r_brace && --Depth <= 0)
      return false;
    else if (Kind == tok::semi && Depth == 0)
      return false;
    if (Toks[K].is(tok::raw_identifier) && Toks[K].getRawIdentifier() == Var &&
        Toks[K + 1].is(tok::period) && Toks[K + 2].is(tok::raw_identifier) &&
        (Toks[K + 2].getRawIdentifier() == "data" || Toks[K + 2].getRawIdentifier() == "target"))
      return true;
  }
  return false;
}

// The for loops a raw lex finds in one file: `for (` ... `:` ... `)` with the colon at the
// parentheses' own depth (a range-for), or `for (` ... `;` ... `;` ... `)`.
std::vector<RawLoop> loopsIn(const SourceManager &SM, FileID F, const LangOptions &LO) {
  std::vector<RawLoop> Out;
  llvm::StringRef Text = SM.getBufferData(F);
  Lexer Lex(SM.getLocForStartOfFile(F), LO, Text.begin(), Text.begin(), Text.end());
  std::vector<Token> Toks;
  for (Token T; !Lex.LexFromRawLexer(T) || T.isNot(tok::eof);) {
    if (T.is(tok::eof))
      break;
    Toks.push_back(T);
  }
  auto Offset = [&](const Token &T) { return SM.getFileOffset(T.getLocation()); };
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    if (!Toks[I].is(tok::raw_identifier) || Toks[I].getRawIdentifier() != "for" ||
        !Toks[I + 1].is(tok::l_paren))
      continue;
    int Depth = 0, Ternary = 0;
    size_t Colon = 0, Semi1 = 0, Semi2 = 0;
    for (size_t J = I + 1; J < Toks.size(); ++J) {
      tok::TokenKind K = Toks[J].getKind();
      if (K == tok::l_paren || K == tok::l_square || K == tok::l_brace)
        ++Depth;
      else if (K == tok::r_paren || K == tok::r_square || K == tok::r_brace) {
        if (--Depth == 0) {
          if (Semi2 && Semi2 > Semi1 + 1) // a condition to stand in for
            Out.push_back({Offset(Toks[I + 1]), Offset(Toks[Semi1]) + 1, Offset(Toks[Semi2]),
                           true, false});
          else if (Colon && !Semi1) {
            const Token &Var = Toks[Colon - 1];
            bool Example = Var.is(tok::raw_identifier) &&
                           readsExampleFields(Toks, J + 1, Var.getRawIdentifier());
            Out.push_back({Offset(Toks[Colon]), Offset(Toks[Colon + 1]), Offset(Toks[J]),
                           false, Example});
          }
          break;
        }
      } else if (Depth == 1 && K == tok::semi) {
        (Semi1 ? Semi2 : Semi1) = J;
      } else if (Depth == 1 && K == tok::question) {
        ++Ternary;
      } else if (Depth == 1 && K == tok::colon) {
        if (Ternary)
          --Ternary;
        else if (!Colon)
          Colon = J;
      }
    }
  }
  return Out;
}
} // namespace

std::vector<RangeRewrite> droppedRangeFors(ASTContext &Ctx,
                                           const std::vector<Decl *> &TopLevel) {
  SourceManager &SM = Ctx.getSourceManager();
  ColonCollector Collector(SM);
  std::set<FileID> Files; // the user's files that hold a top-level declaration
  for (Decl *D : TopLevel) {
    Collector.TraverseDecl(D);
    SourceLocation L = SM.getFileLoc(D->getLocation());
    if (L.isValid())
      Files.insert(SM.getFileID(L));
  }
  std::vector<RangeRewrite> Out;
  for (FileID F : Files) {
    for (const RawLoop &L : loopsIn(SM, F, Ctx.getLangOpts())) {
      if (Collector.Seen.count({F.getHashValue(), L.Key}))
        continue;
      // The path the parse opened the file by, absolute: the rewrite must shadow it.
      llvm::SmallString<256> Path(SM.getFilename(SM.getLocForStartOfFile(F)));
      SM.getFileManager().makeAbsolutePath(Path);
      Out.push_back({std::string(Path.str()), L.Begin, L.End, L.Classic, L.ExampleLike});
    }
  }
  return Out;
}

std::vector<std::string> addRangeRewrites(llvm::vfs::InMemoryFileSystem &FS,
                                          const std::vector<RangeRewrite> &Rewrites) {
  std::map<std::string, std::vector<const RangeRewrite *>> ByFile;
  for (const RangeRewrite &R : Rewrites)
    ByFile[R.File].push_back(&R);
  for (auto &[File, List] : ByFile) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      continue;
    std::string Text = (*Buf)->getBuffer().str();
    // Back to front, so earlier offsets stay valid; a multi-line range keeps its line
    // breaks, so every finding keeps its line.
    std::sort(List.begin(), List.end(),
              [](const RangeRewrite *A, const RangeRewrite *B) { return A->Begin > B->Begin; });
    for (const RangeRewrite *R : List) {
      if (R->End > Text.size() || R->Begin >= R->End)
        continue;
      std::string Old = Text.substr(R->Begin, R->End - R->Begin);
      std::string New = (R->Classic ? " true" : R->ExampleLike ? ExampleRange : OpaqueRange) +
                        std::string(std::count(Old.begin(), Old.end(), '\n'), '\n');
      Text.replace(R->Begin, R->End - R->Begin, New);
    }
    FS.addFile(File, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, File));
  }
  FS.addFile(PreludePath, 0, llvm::MemoryBuffer::getMemBuffer(Prelude, PreludePath));
  return {"-include", PreludePath};
}

} // namespace hostsync
