#include "recovery/Recovery.h"

#include "common/Lines.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <optional>

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
  template <class T> operator T &() const; // one conversion only: two would be ambiguous
};
hostsync_opaque hostsync_opaque_value();
// Compared and combined with anything (a loop bound, a learning rate), without the
// ambiguity of converting to every arithmetic type; arithmetic keeps the other operand's
// type, so `loss * lr` stays a tensor.
// Two stand-ins of unknown types (UnknownNameRecovery.cpp) derive from hostsync_opaque: the
// templates leave them to the last overload, which would otherwise be ambiguous.
template <bool, class R> struct hostsync_if {};
template <class R> struct hostsync_if<true, R> { using type = R; };
#define HOSTSYNC_OTHER(T, R) typename hostsync_if<!__is_base_of(hostsync_opaque, T), R>::type
#define HOSTSYNC_OPAQUE_OP(R, op)                                                            \
  template <class T> HOSTSYNC_OTHER(T, R) operator op(const T &, const hostsync_opaque &);  \
  template <class T> HOSTSYNC_OTHER(T, R) operator op(const hostsync_opaque &, const T &);  \
  R operator op(const hostsync_opaque &, const hostsync_opaque &);
HOSTSYNC_OPAQUE_OP(bool, ==) HOSTSYNC_OPAQUE_OP(bool, !=) HOSTSYNC_OPAQUE_OP(bool, <)
HOSTSYNC_OPAQUE_OP(bool, >) HOSTSYNC_OPAQUE_OP(bool, <=) HOSTSYNC_OPAQUE_OP(bool, >=)
#undef HOSTSYNC_OPAQUE_OP
#define HOSTSYNC_OPAQUE_ARITH(op)                                                            \
  template <class T> HOSTSYNC_OTHER(T, T) operator op(const T &, const hostsync_opaque &);  \
  template <class T> HOSTSYNC_OTHER(T, T) operator op(const hostsync_opaque &, const T &);  \
  hostsync_opaque operator op(const hostsync_opaque &, const hostsync_opaque &);
HOSTSYNC_OPAQUE_ARITH(+) HOSTSYNC_OPAQUE_ARITH(-) HOSTSYNC_OPAQUE_ARITH(*)
HOSTSYNC_OPAQUE_ARITH(/) HOSTSYNC_OPAQUE_ARITH(%)
#undef HOSTSYNC_OPAQUE_ARITH
#undef HOSTSYNC_OTHER
template <class Stream> Stream &operator<<(Stream &, const hostsync_opaque &); // printing
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
constexpr const char *OpaqueValue = " ::hostsync_opaque_value()";

// Is [A.Begin, A.End) inside [B.Begin, B.End) of the same file?
bool inside(const SourceRewrite &A, const SourceRewrite &B) {
  return A.File == B.File && A.Begin >= B.Begin && A.End <= B.End;
}
} // namespace

LostParts recoveryRewrites(ASTContext &Ctx, const std::vector<Decl *> &TopLevel,
                           const std::set<std::string> &Undeclared) {
  SourceManager &SM = Ctx.getSourceManager();
  UserFiles Files;
  for (Decl *D : TopLevel) {
    SourceLocation L = SM.getFileLoc(D->getLocation());
    if (L.isInvalid() || Files.count(SM.getFileID(L)))
      continue;
    FileID F = SM.getFileID(L);
    llvm::SmallString<256> Path(SM.getFilename(SM.getLocForStartOfFile(F)));
    SM.getFileManager().makeAbsolutePath(Path);
    Files[F] = std::string(Path.str());
  }
  LostParts Lost;
  // Declared names can make a loop, a variable or a call valid as written: the rewrites
  // wait for the parse that has them (an initializer made opaque now would lose its syncs).
  unknownNames(Ctx, TopLevel, Files, Undeclared, Lost);
  if (!Lost.Names.empty())
    return Lost;
  Lost.Rewrites.clear();
  std::vector<SourceRewrite> &Out = Lost.Rewrites, Calls;
  loopRewrites(Ctx, TopLevel, Files, Out);
  apiChangeRewrites(Ctx, TopLevel, Files, Calls);
  exportMacroRewrites(Ctx, Files, Out);
  // A changed call makes the variable it initializes invalid too: mend the call, and let
  // the next parse tell whether the variable still needs an opaque value.
  Out.erase(std::remove_if(Out.begin(), Out.end(),
                           [&](const SourceRewrite &R) {
                             return std::any_of(
                                 Calls.begin(), Calls.end(),
                                 [&](const SourceRewrite &C) { return inside(C, R); });
                           }),
            Out.end());
  Out.insert(Out.end(), Calls.begin(), Calls.end());
  return Lost;
}

bool RecoveredFiles::apply(const LostParts &Lost) {
  bool Changed = false;
  for (const UnknownName &N : Lost.Names) {
    if (N.What == UnknownName::Member)
      Changed |= Members.insert(N.Name).second;
    else if (N.What == UnknownName::MemberTemplate)
      Changed |= MemberTemplates.insert(N.Name).second;
    else if (auto [It, New] = Names.insert({N.Name, N.What}); New || It->second != N.What) {
      It->second = N.What;
      Changed = true;
    }
  }
  std::map<std::string, std::vector<const SourceRewrite *>> ByFile;
  for (const SourceRewrite &R : Lost.Rewrites)
    ByFile[R.File].push_back(&R);
  for (auto &[Path, List] : ByFile) {
    if (!Files.count(Path)) {
      auto Buf = llvm::MemoryBuffer::getFile(Path);
      if (!Buf)
        continue;
      Files[Path].Original = Files[Path].Text = (*Buf)->getBuffer().str();
    }
    File &F = Files[Path];
    std::sort(List.begin(), List.end(),
              [](const SourceRewrite *A, const SourceRewrite *B) { return A->Begin < B->Begin; });
    // Front to back, building the new text: a multi-line range keeps its line breaks, so
    // every finding keeps its line.
    std::string Text;
    std::vector<Edit> Pass;
    unsigned Done = 0;
    for (const SourceRewrite *R : List) {
      if (R->End > F.Text.size() || R->Begin >= R->End || R->Begin < Done)
        continue; // out of range, or overlapping the previous one
      std::string Old = F.Text.substr(R->Begin, R->End - R->Begin);
      std::string New;
      if (R->What == SourceRewrite::Braced) {
        New = "{" + Old + "}";
      } else {
        const char *With = R->What == SourceRewrite::Erased         ? ""
                           : R->What == SourceRewrite::Condition    ? " true"
                           : R->What == SourceRewrite::ExampleRange ? ExampleRange
                           : R->What == SourceRewrite::Initializer  ? OpaqueValue
                                                                    : OpaqueRange;
        New = With + std::string(std::count(Old.begin(), Old.end(), '\n'), '\n');
      }
      // Already what it would become: a loop the last rewrite gave an opaque range, lost
      // again for what its body holds (an undeclared variable). Rewriting it again would
      // change nothing but the spaces, and the next parse would lose it again.
      if (llvm::StringRef(Old).trim() == llvm::StringRef(New).trim())
        continue;
      Changed = true;
      Text += F.Text.substr(Done, R->Begin - Done);
      unsigned NewBegin = Text.size();
      Text += New;
      Pass.push_back(
          {NewBegin, unsigned(Text.size()), R->Begin, R->End, R->What == SourceRewrite::Braced});
      Done = R->End;
    }
    F.Text = Text + F.Text.substr(Done);
    F.Passes.push_back(std::move(Pass));
  }
  return Changed;
}

// The prelude, and the stand-ins of the unknown names: one class every unknown type
// derives from, which any arguments construct and whose members (static, so that
// `Mat::zeros(...)` reads as well as `img.rows`) are the names the user's text reads.
std::string RecoveredFiles::prelude() const {
  std::string Text = Prelude;
  if (Names.empty())
    return Text;
  // Template parameters are named apart from every member a user's text may read.
  Text += "struct hostsync_unknown : hostsync_opaque {\n"
          "  template <class... HostsyncA> explicit hostsync_unknown(HostsyncA &&...);\n"
          "  template <class HostsyncT> hostsync_unknown &operator=(const HostsyncT &);\n"
          "  template <class... HostsyncA> hostsync_unknown operator()(HostsyncA &&...) const;\n"
          "  template <class HostsyncI> hostsync_unknown operator[](const HostsyncI &) const;\n";
  for (const std::string &M : Members)
    Text += "  static hostsync_unknown " + M + ";\n";
  for (const std::string &M : MemberTemplates) // `vm["lr"].as<float>()`
    Text += "  template <class... HostsyncT, class... HostsyncA> static hostsync_unknown " + M +
            "(HostsyncA &&...);\n";
  Text += "};\n";
  for (const auto &[Name, What] : Names) {
    llvm::StringRef Rest(Name);
    std::string Close;
    while (Rest.contains("::")) { // the enclosing namespaces
      auto [Scope, Tail] = Rest.split("::");
      Text += "namespace " + Scope.str() + " { ";
      Close += "}";
      Rest = Tail;
    }
    std::string Leaf = Rest.str();
    if (What == UnknownName::Value)
      Text += "extern ::hostsync_unknown " + Leaf + ";";
    else if (What == UnknownName::Function)
      Text += "template <class... HostsyncA> ::hostsync_unknown " + Leaf + "(HostsyncA &&...);";
    else
      Text += std::string(What == UnknownName::Template ? "template <class...> " : "") + "struct " +
              Leaf + " : ::hostsync_unknown { template <class... HostsyncA> explicit " + Leaf +
              "(HostsyncA &&...); };";
    Text += Close + "\n";
  }
  return Text;
}

std::vector<std::string> RecoveredFiles::addTo(llvm::vfs::InMemoryFileSystem &FS) const {
  for (const auto &[Path, F] : Files)
    FS.addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(F.Text, Path));
  FS.addFile(PreludePath, 0, llvm::MemoryBuffer::getMemBufferCopy(prelude(), PreludePath));
  return {"-include", PreludePath};
}

void RecoveredFiles::restore(Finding &F) const {
  auto It = Files.find(F.File);
  if (It == Files.end())
    return;
  const File &File = It->second;
  size_t At = text::offsetOf(File.Text, F.Line, F.Column);
  for (auto Pass = File.Passes.rbegin(); Pass != File.Passes.rend(); ++Pass) {
    long Shift = 0;
    std::optional<size_t> Inside;
    for (const Edit &E : *Pass) {
      if (At >= E.NewEnd) {
        Shift += long(E.OldEnd - E.OldBegin) - long(E.NewEnd - E.NewBegin);
        continue;
      }
      if (At >= E.NewBegin) // in what the edit wrote: "{" is the old text's first byte
        Inside = E.Braced ? E.OldBegin +
                                std::clamp<size_t>(At - E.NewBegin, 1, E.OldEnd - E.OldBegin) - 1
                          : E.OldBegin;
      break;
    }
    At = Inside ? *Inside : size_t(long(At) + Shift);
  }
  auto [Line, Column] = text::lineColumnOf(File.Original, At);
  F.Line = Line;
  F.Column = Column;
  F.SourceLine = std::string(text::lineAt(File.Original, At));
  F.Replacements.clear();
  F.FixCondition.clear();
}

} // namespace hostsync
