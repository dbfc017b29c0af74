#include "recovery/Recovery.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
// COLOR_BGR2GRAY, INTER_LINEAR, CV_PI: a constant, not a type.
bool looksLikeConstant(llvm::StringRef Name) {
  bool Letter = false;
  for (char C : Name) {
    if (C >= 'a' && C <= 'z')
      return false;
    Letter |= C >= 'A' && C <= 'Z';
  }
  return Letter && Name.size() > 1;
}

// How the user's text uses one qualified name of an unknown namespace.
struct Use {
  bool Leaf = false;     // `cv::Mat img`: names something
  bool Scope = false;    // `cv::Mat::zeros`: qualifies another name
  bool Template = false; // `cv::Ptr<...>`
};
} // namespace

void unknownNames(ASTContext &Ctx, const UserFiles &Files, const std::set<std::string> &Undeclared,
                  std::vector<UnknownName> &Out) {
  if (Undeclared.empty())
    return;
  SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // A namespace the parse reported undeclared, that no declaration of the translation unit
  // names, and that no macro spells (a macro's expansion is not the user's text).
  auto Unknown = [&](llvm::StringRef Name) {
    if (!Undeclared.count(Name.str()))
      return false;
    IdentifierInfo &II = Ctx.Idents.get(Name);
    return !II.hadMacroDefinition() && !II.isKeyword(LO) &&
           Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&II)).empty();
  };
  auto Identifier = [&](const Token &T) {
    return T.is(tok::raw_identifier) && !Ctx.Idents.get(T.getRawIdentifier()).isKeyword(LO);
  };
  std::map<std::string, Use> Uses;
  std::set<std::string> Members;
  for (const auto &[F, File] : Files) {
    std::vector<Token> Toks = rawTokens(SM, F, LO);
    for (size_t I = 0; I < Toks.size(); ++I) {
      // Member names read anywhere (`img.data`, `frame->rows`): every stand-in has them.
      if (I > 0 && Toks[I - 1].isOneOf(tok::period, tok::arrow) && Identifier(Toks[I]))
        Members.insert(Toks[I].getRawIdentifier().str());
      // A chain `ns::A::B` whose first name is an unknown namespace, not itself qualified
      // nor a member (`x.ns::`, `a::ns::`).
      if (!Identifier(Toks[I]) || I + 2 >= Toks.size() || !Toks[I + 1].is(tok::coloncolon) ||
          !Unknown(Toks[I].getRawIdentifier()))
        continue;
      if (I > 0 && Toks[I - 1].isOneOf(tok::period, tok::arrow))
        continue;
      if (I > 1 && Toks[I - 1].is(tok::coloncolon) &&
          (Identifier(Toks[I - 2]) || Toks[I - 2].is(tok::greater)))
        continue;
      std::string Path = Toks[I].getRawIdentifier().str();
      size_t J = I;
      while (J + 2 < Toks.size() && Toks[J + 1].is(tok::coloncolon) && Identifier(Toks[J + 2])) {
        if (J > I)
          Uses[Path].Scope = true;
        Path += "::" + Toks[J + 2].getRawIdentifier().str();
        J += 2;
      }
      if (J == I)
        continue;
      Use &U = Uses[Path];
      U.Leaf = true;
      U.Template |= J + 1 < Toks.size() && Toks[J + 1].is(tok::less);
      I = J;
    }
  }
  for (const auto &[Path, U] : Uses) {
    if (!U.Leaf)
      continue; // a namespace: its names declare it
    // `cv::Mat` is a type and `cv::Mat::zeros` a member of it; a name under a type is
    // never a type of its own.
    llvm::StringRef Scope = llvm::StringRef(Path).rsplit("::").first;
    auto Enclosing = Uses.find(Scope.str());
    if (Enclosing != Uses.end() && Enclosing->second.Leaf) {
      Members.insert(llvm::StringRef(Path).rsplit("::").second.str());
      continue;
    }
    llvm::StringRef Leaf = llvm::StringRef(Path).rsplit("::").second;
    Out.push_back({Path, U.Template             ? UnknownName::Template
                         : looksLikeConstant(Leaf) ? UnknownName::Value
                                                   : UnknownName::Type});
  }
  if (Out.empty())
    return;
  for (const std::string &M : Members)
    if (!llvm::StringRef(M).startswith("hostsync_") && !llvm::StringRef(M).startswith("Hostsync"))
      Out.push_back({M, UnknownName::Member});
}

} // namespace hostsync
