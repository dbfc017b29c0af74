#include "recovery/Recovery.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace hostsync {

namespace {
class ColonCollector : public RecursiveASTVisitor<ColonCollector> {
public:
  explicit ColonCollector(SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return see(S->getColonLoc()); }
  bool VisitForStmt(ForStmt *S) { return see(S->getLParenLoc()); }
  // `auto x = <what does not compile>;`: x is invalid, and so is every use of it.
  bool VisitVarDecl(VarDecl *V) {
    if (V->isInvalidDecl() && !isa<ParmVarDecl>(V) && V->getDeclName().isIdentifier() &&
        V->getTypeSourceInfo() && V->getTypeSourceInfo()->getType()->getContainedAutoType()) {
      SourceLocation L = SM.getFileLoc(V->getLocation());
      InvalidAuto.insert({SM.getFileID(L).getHashValue(), SM.getFileOffset(L)});
      InvalidNames.insert(V->getName().str());
    }
    return true;
  }
  std::set<std::pair<unsigned, unsigned>> InvalidAuto; // (file, offset of the name)
  std::set<std::string> InvalidNames;
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
  bool ExampleLike; // the body reads <loop variable>.data or .target
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

// The initializer of `name = <init>;` whose name token is at Offset: [after '=', ';').
std::optional<std::pair<unsigned, unsigned>>
initializerAt(const SourceManager &SM, const std::vector<Token> &Toks, unsigned Offset) {
  auto At = [&](const Token &T) { return SM.getFileOffset(T.getLocation()); };
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    if (At(Toks[I]) != Offset)
      continue;
    if (!Toks[I + 1].is(tok::equal))
      return std::nullopt; // direct or list initialization: left as it is
    int Depth = 0;
    for (size_t J = I + 2; J < Toks.size() && Depth >= 0; ++J) {
      tok::TokenKind K = Toks[J].getKind();
      if (K == tok::l_paren || K == tok::l_square || K == tok::l_brace)
        ++Depth;
      else if (K == tok::r_paren || K == tok::r_square || K == tok::r_brace)
        --Depth;
      else if ((K == tok::semi || K == tok::comma) && Depth == 0)
        return std::make_pair(At(Toks[I + 1]) + 1, At(Toks[J]));
    }
    return std::nullopt;
  }
  return std::nullopt;
}

// Does the source range [Range.first, Range.second) name one of Names as a variable? A name
// after `.` or `->` is a member's (`batch.target.lengths` in `auto lengths = ...`), not the
// variable's.
bool namesAny(const SourceManager &SM, const std::vector<Token> &Toks,
              std::pair<unsigned, unsigned> Range, const std::set<std::string> &Names) {
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    unsigned At = SM.getFileOffset(T.getLocation());
    bool Member = I > 0 && Toks[I - 1].isOneOf(tok::period, tok::arrow);
    if (At >= Range.first && At < Range.second && T.is(tok::raw_identifier) && !Member &&
        Names.count(T.getRawIdentifier().str()))
      return true;
  }
  return false;
}

// The for loops a raw lex finds in one file: `for (` ... `:` ... `)` with the colon at the
// parentheses' own depth (a range-for), or `for (` ... `;` ... `;` ... `)`.
std::vector<RawLoop> loopsIn(const SourceManager &SM, const std::vector<Token> &Toks) {
  std::vector<RawLoop> Out;
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
            Out.push_back(
                {Offset(Toks[I + 1]), Offset(Toks[Semi1]) + 1, Offset(Toks[Semi2]), true, false});
          else if (Colon && !Semi1) {
            const Token &Var = Toks[Colon - 1];
            bool Example = Var.is(tok::raw_identifier) &&
                           readsExampleFields(Toks, J + 1, Var.getRawIdentifier());
            Out.push_back(
                {Offset(Toks[Colon]), Offset(Toks[Colon + 1]), Offset(Toks[J]), false, Example});
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

std::vector<Token> rawTokens(const SourceManager &SM, FileID F, const LangOptions &LO) {
  llvm::StringRef Text = SM.getBufferData(F);
  Lexer Lex(SM.getLocForStartOfFile(F), LO, Text.begin(), Text.begin(), Text.end());
  std::vector<Token> Toks;
  for (Token T; !Lex.LexFromRawLexer(T) || T.isNot(tok::eof);) {
    if (T.is(tok::eof))
      break;
    Toks.push_back(T);
  }
  return Toks;
}

void loopRewrites(ASTContext &Ctx, const std::vector<Decl *> &TopLevel, const UserFiles &Files,
                  std::vector<SourceRewrite> &Out) {
  SourceManager &SM = Ctx.getSourceManager();
  ColonCollector Collector(SM);
  for (Decl *D : TopLevel)
    Collector.TraverseDecl(D);
  for (const auto &[F, File] : Files) {
    std::vector<Token> Toks = rawTokens(SM, F, Ctx.getLangOpts());
    for (const RawLoop &L : loopsIn(SM, Toks))
      if (!Collector.Seen.count({F.getHashValue(), L.Key}))
        Out.push_back({File, L.Begin, L.End,
                       L.Classic       ? SourceRewrite::Condition
                       : L.ExampleLike ? SourceRewrite::ExampleRange
                                       : SourceRewrite::Range});
    // Only the first invalid variables of a chain: one whose initializer names another
    // invalid variable may be valid once that one is opaque (`auto w = randn({bs})`); the
    // next parse tells.
    for (const auto &[FileHash, Name] : Collector.InvalidAuto) {
      if (FileHash != F.getHashValue())
        continue;
      auto Init = initializerAt(SM, Toks, Name);
      if (Init && !namesAny(SM, Toks, *Init, Collector.InvalidNames))
        Out.push_back({File, Init->first, Init->second, SourceRewrite::Initializer});
    }
  }
}

} // namespace hostsync
