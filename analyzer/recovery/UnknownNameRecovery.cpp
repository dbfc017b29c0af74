#include "recovery/Recovery.h"

#include "compat/LLVMCompat.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
// COLOR_BGR2GRAY, INTER_LINEAR, CV_PI: spelled as a constant (ORB and CLAHE are spelled so
// too, and are classes: the uses decide, see Use::TypeLike).
bool spelledAsConstant(llvm::StringRef Name) {
  bool Letter = false;
  for (char C : Name) {
    if (C >= 'a' && C <= 'z')
      return false;
    Letter |= C >= 'A' && C <= 'Z';
  }
  return Letter && Name.size() > 1;
}

// Is Toks[L] (a `<`) the start of template arguments followed by a call: `.as<size_t>()`,
// `.get<std::vector<int>>(k)`? Only type-like tokens may come between the brackets, so a
// comparison (`img.rows < 10 && x > (y)`) is not taken for one.
bool templateArgsThenCall(const std::vector<Token> &Toks, size_t L) {
  int Depth = 0;
  for (size_t K = L; K < Toks.size() && K < L + 24; ++K) {
    const Token &T = Toks[K];
    if (T.is(tok::less))
      ++Depth;
    else if (T.is(tok::greater))
      --Depth;
    else if (T.is(tok::greatergreater))
      Depth -= 2;
    else if (!T.isOneOf(tok::raw_identifier, tok::coloncolon, tok::comma, tok::star, tok::amp,
                        tok::numeric_constant))
      return false;
    if (Depth < 0)
      return false;
    if (Depth == 0)
      return K + 1 < Toks.size() && Toks[K + 1].is(tok::l_paren);
  }
  return false;
}

// How the user's text uses one qualified name of an unknown namespace.
struct Use {
  bool Leaf = false;      // `cv::Mat img`: names something
  bool Scope = false;     // `cv::Mat::zeros`: qualifies another name
  bool Template = false;  // `cv::Ptr<...>`
  bool TypeLike = false;  // declares or is a template argument: `cv::ORB x`, `Ptr<cv::CLAHE>`
  bool NotCalled = false; // some use is not followed by `(`: not only a function
};

// Names the user's files declare at namespace scope (a global `device`, a class), which a
// stand-in's members must not hide inside a user class derived from a stand-in.
void namespaceScopeNames(const DeclContext *DC, std::set<std::string> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *N = dyn_cast<NamedDecl>(D); N && N->getIdentifier())
      Out.insert(N->getName().str());
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      namespaceScopeNames(NS, Out);
  }
}
} // namespace

void unknownNames(ASTContext &Ctx, const std::vector<Decl *> &TopLevel, const UserFiles &Files,
                  const std::set<std::string> &Undeclared, LostParts &Out) {
  if (Undeclared.empty())
    return;
  SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto Macro = [&](llvm::StringRef Name) { return Ctx.Idents.get(Name).hadMacroDefinition(); };
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
  auto Word = [](const Token &T, llvm::StringRef W) {
    return T.is(tok::raw_identifier) && T.getRawIdentifier() == W;
  };
  std::map<std::string, Use> Uses;
  std::set<std::string> Members, MemberTemplates;
  for (const auto &[F, File] : Files) {
    std::vector<Token> Toks = rawTokens(SM, F, LO);
    for (size_t I = 0; I < Toks.size(); ++I) {
      // Member names read anywhere (`img.data`, `frame->rows`): every stand-in has them;
      // `vm["lr"].as<float>()` calls a member template.
      if (I > 0 && Toks[I - 1].isOneOf(tok::period, tok::arrow) && Identifier(Toks[I])) {
        bool Template =
            I + 1 < Toks.size() && Toks[I + 1].is(tok::less) && templateArgsThenCall(Toks, I + 1);
        (Template ? MemberTemplates : Members).insert(Toks[I].getRawIdentifier().str());
      }
      // `using namespace cv;`, `using cv::Mat;`: the first parse ignored them (errors);
      // active, they would make unqualified names (`max`, `sort`) ambiguous with std's.
      if (Word(Toks[I], "using")) {
        size_t K = I + 1;
        if (K < Toks.size() && Word(Toks[K], "namespace"))
          ++K;
        if (K < Toks.size() && Toks[K].is(tok::coloncolon))
          ++K;
        if (K < Toks.size() && Identifier(Toks[K]) && Unknown(Toks[K].getRawIdentifier())) {
          size_t E = K;
          while (E < Toks.size() && E - K < 64 && !Toks[E].isOneOf(tok::semi, tok::l_brace))
            ++E;
          if (E < Toks.size() && Toks[E].is(tok::semi)) {
            Out.Rewrites.push_back({File, SM.getFileOffset(Toks[I].getLocation()),
                                    SM.getFileOffset(Toks[E].getLocation()) + 1,
                                    SourceRewrite::Erased});
            I = E;
            continue;
          }
        }
      }
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
      size_t Start = I > 0 && Toks[I - 1].is(tok::coloncolon) ? I - 1 : I;
      std::string Path = Toks[I].getRawIdentifier().str();
      size_t J = I;
      while (J + 2 < Toks.size() && Toks[J + 1].is(tok::coloncolon) && Identifier(Toks[J + 2])) {
        if (J > I)
          Uses[Path].Scope = true;
        Path += "::" + Toks[J + 2].getRawIdentifier().str();
        J += 2;
      }
      size_t End = J + 1; // the token after the chain
      I = J;
      if (Path.find("::") == std::string::npos)
        continue;
      // `namespace dnn = cv::dnn;`: a namespace, not a name in it.
      if (Start > 2 && Toks[Start - 1].is(tok::equal) && Word(Toks[Start - 3], "namespace"))
        continue;
      Use &U = Uses[Path];
      U.Leaf = true;
      const Token *Next = End < Toks.size() ? &Toks[End] : nullptr;
      U.Template |= Next && Next->is(tok::less);
      U.NotCalled |= !Next || !Next->is(tok::l_paren);
      U.TypeLike |= (Next && (Identifier(*Next) ||
                              Next->isOneOf(tok::greater, tok::amp, tok::ampamp, tok::star))) ||
                    (Start > 0 && Toks[Start - 1].is(tok::less));
    }
  }
  std::set<std::string> Declared;
  for (const Decl *D : TopLevel)
    if (const auto *N = dyn_cast<NamedDecl>(D); N && N->getIdentifier())
      Declared.insert(N->getName().str());
  for (const Decl *D : TopLevel)
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      namespaceScopeNames(NS, Declared);
  size_t Before = Out.Names.size();
  for (const auto &[Path, U] : Uses) {
    if (!U.Leaf)
      continue; // a namespace: its names declare it
    llvm::StringRef Scope = llvm::StringRef(Path).rsplit("::").first;
    llvm::StringRef Leaf = llvm::StringRef(Path).rsplit("::").second;
    if (Macro(Leaf))
      continue;
    // `cv::Mat` is a type and `cv::Mat::zeros` a member of it; a name deeper under a type
    // is left alone (declaring it would make the type a namespace too).
    bool UnderType = false, UnderParent = false;
    for (llvm::StringRef A = Scope; A.contains("::"); A = A.rsplit("::").first) {
      auto It = Uses.find(A.str());
      if (It != Uses.end() && It->second.Leaf) {
        UnderType = true;
        UnderParent = A == Scope;
      }
    }
    if (UnderType) {
      if (UnderParent)
        Members.insert(Leaf.str());
      continue;
    }
    UnknownName::Kind What = UnknownName::Type;
    if (U.Template)
      What = UnknownName::Template;
    else if (!U.Scope && !U.TypeLike && spelledAsConstant(Leaf))
      What = UnknownName::Value;
    else if (!U.Scope && !U.NotCalled && Leaf.front() >= 'a' && Leaf.front() <= 'z')
      What = UnknownName::Function; // `cv::imread(p)`; as a class, `cv::f(n);` declares n
    Out.Names.push_back({Path, What});
  }
  if (Out.Names.size() == Before)
    return;
  auto Free = [&](const std::string &M) {
    return !compat::startsWith(M, "hostsync_") && !compat::startsWith(M, "Hostsync") && !Macro(M) &&
           !Declared.count(M) &&
           Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&Ctx.Idents.get(M))).empty();
  };
  // A name read both ways is the template: `x.as` alone is rarer than `x.as<T>()`.
  for (const std::string &M : MemberTemplates)
    if (Free(M))
      Out.Names.push_back({M, UnknownName::MemberTemplate});
  for (const std::string &M : Members)
    if (Free(M) && !MemberTemplates.count(M))
      Out.Names.push_back({M, UnknownName::Member});
}

} // namespace hostsync
