#include "cache/PrefixPch.h"

#include "common/JsonText.h"
#include "cache/LeadingInclude.h"
#include "cache/ReadFiles.h"
#include "commands/CudaSetup.h"
#include "compat/LLVMCompat.h"
#include "cache/SkipHeaderBodies.h"
#include "support/AbsolutePath.h"
#include "support/OutputFile.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace hostsync {

namespace {

// A list's first header with the macros defined before it: the PCH a file falls back to.
std::vector<std::string> throughFirstHeader(const std::vector<std::string> &Lead) {
  auto First = std::find_if_not(Lead.begin(), Lead.end(), isMacroEntry);
  return First == Lead.end() ? std::vector<std::string>()
                             : std::vector<std::string>(Lead.begin(), First + 1);
}

bool isLibTorchHeader(const std::string &Entry) {
  return compat::isOneOf(llvm::StringRef(Entry).take_until([](char C) { return C == '/'; }),
                         {"<torch", "<ATen", "<c10", "<caffe2"});
}

} // namespace

std::vector<std::string> groupHeaders(const std::vector<std::string> &Lead) {
  auto Torch = std::find_if(Lead.begin(), Lead.end(), isLibTorchHeader);
  return Torch == Lead.end() ? throughFirstHeader(Lead)
                             : std::vector<std::string>(Lead.begin(), Torch + 1);
}

namespace {

bool isCxxSource(llvm::StringRef File) {
  return compat::isOneOf(llvm::sys::path::extension(File), {".cpp", ".cc", ".cxx", ".c++", ".C"});
}

// Splits the command's flags into its -include'd headers (Forced, in order) and the rest;
// false when it puts something else in front of the file (-imacros, a PCH of its own).
bool splitForced(const std::vector<std::string> &Flags, std::vector<std::string> &Forced,
                 std::vector<std::string> &Rest) {
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef A(Flags[I]);
    if ((A == "-include" || A == "--include") && I + 1 < Flags.size())
      Forced.push_back(Flags[++I]);
    else if (compat::startsWith(A, "-include") && !compat::startsWith(A, "-include-pch") &&
             A.size() > 8 && A[8] != '=')
      Forced.push_back(A.drop_front(8).str());
    else if (compat::startsWith(A, "-include") || compat::startsWith(A, "--include") ||
             compat::startsWith(A, "-imacros") || compat::startsWith(A, "--imacros"))
      return false;
    else
      Rest.push_back(Flags[I]);
  }
  return true;
}

// The directory of an -I or -iquote flag at Args[I] (joined or separate), or "".
std::string includeDir(const std::vector<std::string> &Args, size_t &I) {
  for (llvm::StringRef F : {"-iquote", "-I"}) {
    llvm::StringRef A(Args[I]);
    if (!compat::startsWith(A, F))
      continue;
    if (A.size() > F.size())
      return A.drop_front(F.size()).str();
    if (I + 1 < Args.size())
      return Args[++I];
  }
  return "";
}

// A PCH's headers are read as the parse reads them: PCH errors are the parse's concern,
// only whether it was built matters here.
class BuildPch : public clang::GeneratePCHAction {
public:
  explicit BuildPch(std::shared_ptr<ReadFiles> Read) : Read(std::move(Read)) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef InFile) override {
    Read->attachToPreprocessor(CI.getPreprocessor());
    // Built as the parses that load it parse: without the system headers' bodies.
    return skippingHeaderBodies(CI, GeneratePCHAction::CreateASTConsumer(CI, InFile));
  }

private:
  std::shared_ptr<ReadFiles> Read;
};

bool writeWhole(const std::string &Path, const std::string &Text) {
  std::string Error;
  std::unique_ptr<OutputFile> F = OutputFile::create(Path, Error);
  if (!F)
    return false;
  F->stream() << Text;
  return F->commit(Error);
}

} // namespace

std::vector<std::string> pchFlags(const std::vector<std::string> &Args, const std::string &File,
                                  const std::string &Directory) {
  std::string Abs = absolutePathIn(Directory, File);
  std::vector<std::string> Out;
  for (size_t I = 1; I < Args.size(); ++I)
    if (Args[I] != "-fsyntax-only" && Args[I] != File && absolutePathIn(Directory, Args[I]) != Abs)
      Out.push_back(Args[I]);
  return Out;
}

std::vector<std::string> pchKeyFlags(const std::vector<std::string> &Flags) {
  std::vector<std::string> Out, Dirs;
  for (size_t I = 0; I < Flags.size(); ++I) {
    size_t At = I;
    if (std::string D = includeDir(Flags, I); !D.empty())
      Dirs.push_back(Flags[At].substr(0, compat::startsWith(Flags[At], "-I") ? 2 : 7) + D);
    else
      Out.push_back(Flags[I]);
  }
  std::sort(Dirs.begin(), Dirs.end());
  Out.insert(Out.end(), Dirs.begin(), Dirs.end());
  return Out;
}

std::vector<std::string> withoutForcedIncludes(const std::vector<std::string> &Args,
                                               const std::vector<std::string> &Headers) {
  auto Held = [&](const std::string &H) {
    return std::find(Headers.begin(), Headers.end(), H) != Headers.end();
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    if ((Args[I] == "-include" || Args[I] == "--include") && I + 1 < Args.size() &&
        Held(Args[I + 1]))
      ++I;
    else if (!(compat::startsWith(Args[I], "-include") && Held(Args[I].substr(8))))
      Out.push_back(Args[I]);
  }
  return Out;
}

std::vector<std::string> quoteDirs(const std::vector<std::string> &Flags,
                                   const std::string &Directory) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I)
    if (std::string D = includeDir(Flags, I); !D.empty())
      Out.push_back(absolutePathIn(Directory, D));
  return Out;
}

std::optional<PrefixPchs::Prepared> PrefixPchs::prepare(const std::string &File,
                                                        const std::string &Directory,
                                                        const std::vector<std::string> &Args) {
  if (Args.empty() || isCudaFile(File) || !isCxxSource(File))
    return std::nullopt;
  // Headers the command -include's (hostsync-lint's own `-include optional` without a
  // database) come first in the file's parse, so first in the PCH too; the parse then
  // loads the PCH in their place. One found in the command's directory would be found
  // there by the parse but not by the PCH: no PCH then.
  Prepared P;
  if (!splitForced(pchFlags(Args, File, Directory), P.Forced, P.Flags))
    return std::nullopt;
  for (const std::string &F : P.Forced)
    if (llvm::sys::path::is_absolute(F) || llvm::sys::fs::exists(absolutePathIn(Directory, F)))
      return std::nullopt;
  std::vector<std::string> Quoted = quoteDirs(P.Flags, Directory);
  P.Lead.Headers = leadingSystemIncludes(absolutePathIn(Directory, File), Quoted);
  if (P.Lead.Headers.empty())
    return std::nullopt;
  // A project's own header found through -I makes a PCH that is refused (see build()):
  // the list ends before one; a first one stays alone, as it is cheap to refuse.
  auto InProject = [&](const std::string &Header) {
    if (isMacroEntry(Header))
      return false;
    std::string Name = Header.substr(1, Header.size() - 2);
    return std::any_of(Quoted.begin(), Quoted.end(), [&](const std::string &D) {
      return llvm::sys::fs::exists(absolutePathIn(D, Name));
    });
  };
  std::vector<std::string> &Headers = P.Lead.Headers;
  auto FirstHeader = std::find_if_not(Headers.begin(), Headers.end(), isMacroEntry);
  if (FirstHeader == Headers.end()) // macros alone (leadingSystemIncludes never gives them)
    return std::nullopt;
  auto End = InProject(*FirstHeader) ? FirstHeader + 1
                                     : std::find_if(Headers.begin(), Headers.end(), InProject);
  Headers.erase(End, Headers.end());
  Headers = endingAtAHeader(std::move(Headers));
  std::vector<std::string> Parts = {"group", Directory};
  std::vector<std::string> Shared = groupHeaders(Headers);
  Parts.insert(Parts.end(), Shared.begin(), Shared.end());
  Parts.insert(Parts.end(), P.Forced.begin(), P.Forced.end());
  Parts.push_back("flags");
  std::vector<std::string> KeyFlags = pchKeyFlags(P.Flags);
  Parts.insert(Parts.end(), KeyFlags.begin(), KeyFlags.end());
  P.Lead.Group = hashParts(Parts);
  return P;
}

std::optional<PrefixPchs::Leading> PrefixPchs::leadingOf(const std::string &File,
                                                         const std::string &Directory,
                                                         const std::vector<std::string> &Args) {
  std::optional<Prepared> P = prepare(File, Directory, Args);
  if (!P)
    return std::nullopt;
  return P->Lead;
}

void PrefixPchs::plan(const std::map<std::string, Leading> &ByFile) {
  std::lock_guard<std::mutex> G(Lock);
  Planned = sharedPrefixes(ByFile);
}

std::map<std::string, std::vector<std::string>>
sharedPrefixes(const std::map<std::string, PrefixPchs::Leading> &ByFile) {
  std::map<std::string, std::vector<std::vector<std::string>>> ByGroup;
  for (const auto &[File, L] : ByFile)
    ByGroup[L.Group].push_back(L.Headers);
  std::map<std::string, std::vector<std::string>> Shared, Out;
  for (const auto &[Group, Lists] : ByGroup)
    Shared[Group] = endingAtAHeader(commonPrefix(Lists));
  for (const auto &[File, L] : ByFile)
    Out[File] = Shared[L.Group];
  return Out;
}

std::optional<PrefixPchs::Use> PrefixPchs::forFile(const std::string &File,
                                                   const std::string &Directory,
                                                   const std::vector<std::string> &Args) {
  std::optional<Prepared> P = prepare(File, Directory, Args);
  if (!P)
    return std::nullopt;
  std::vector<std::string> First = throughFirstHeader(P->Lead.Headers), Headers = First;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Planned.find(absolutePathIn(Directory, File));
    // Still what the file begins with (it may have changed since the plan).
    if (It != Planned.end() && !It->second.empty() && It->second.size() <= P->Lead.Headers.size() &&
        std::equal(It->second.begin(), It->second.end(), P->Lead.Headers.begin()))
      Headers = It->second;
  }
  std::optional<Use> U = forHeaders(*P, Headers, Directory);
  if (!U && Headers.size() > 1)
    U = forHeaders(*P, First, Directory);
  return U;
}

std::optional<PrefixPchs::Use> PrefixPchs::forHeaders(const Prepared &P,
                                                      const std::vector<std::string> &Headers,
                                                      const std::string &Directory) {
  std::string Text;
  for (const std::string &F : P.Forced)
    Text += "#include \"" + F + "\"\n";
  for (const std::string &H : Headers)
    Text += (isMacroEntry(H) ? H : "#include " + H) + "\n";
  std::vector<std::string> Parts = {"pch", ToolId, Directory, Text};
  std::vector<std::string> KeyFlags = pchKeyFlags(P.Flags);
  Parts.insert(Parts.end(), KeyFlags.begin(), KeyFlags.end());
  std::string Key = hashParts(Parts);
  std::shared_ptr<Entry> E;
  {
    std::lock_guard<std::mutex> G(Lock);
    std::shared_ptr<Entry> &Slot = Entries[Key];
    if (!Slot)
      Slot = std::make_shared<Entry>();
    E = Slot;
  }
  std::lock_guard<std::mutex> G(E->Lock);
  if (!E->Done) {
    E->Result = obtain(Key, Text, Directory, P.Flags);
    if (E->Result)
      E->Result->Replaces = P.Forced;
    E->Done = true;
  }
  return E->Result;
}

std::optional<PrefixPchs::Use> PrefixPchs::obtain(const std::string &Key, const std::string &Text,
                                                  const std::string &Directory,
                                                  const std::vector<std::string> &Flags) {
  std::string Base = Dir + "/" + Key;
  // Built by an earlier run (or another process): reused if no header it read changed.
  if (auto Listed = llvm::MemoryBuffer::getFile(Base + ".read");
      Listed && llvm::sys::fs::exists(Base + ".pch")) {
    nlohmann::json Stored = nlohmann::json::parse((*Listed)->getBuffer().begin(),
                                                  (*Listed)->getBuffer().end(), nullptr, false);
    nlohmann::json J;
    std::vector<Dependency> Read;
    if (!Stored.is_discarded() && text::fromStored(Stored, J) && J.is_array())
      for (const nlohmann::json &D : J)
        if (D.is_array() && D.size() == 2 && D[0].is_string() && D[1].is_string())
          Read.push_back({D[0].get<std::string>(), D[1].get<std::string>()});
    if (!Read.empty() && Hashes.unchanged(Read))
      return Use{Base + ".pch", Read, {}};
  }
  if (!MayBuild)
    return std::nullopt;
  return build(Base, Text, Directory, Flags);
}

std::optional<PrefixPchs::Use> PrefixPchs::build(const std::string &Base, const std::string &Text,
                                                 const std::string &Directory,
                                                 const std::vector<std::string> &Flags) {
  std::string Source = Base + ".h", Pch = Base + ".pch";
  if (llvm::sys::fs::create_directories(Dir) || !writeWhole(Source, Text))
    return std::nullopt;
  // Templates the headers need are instantiated once, in the PCH, not in every file.
  std::vector<std::string> Command = {"clang++"};
  Command.insert(Command.end(), Flags.begin(), Flags.end());
  Command.insert(Command.end(), {"-fpch-instantiate-templates", "-xc++-header", Source, "-o", Pch});
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = MakeFS();
  FS->setCurrentWorkingDirectory(Directory);
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files(
      new clang::FileManager(clang::FileSystemOptions(), FS));
  auto Read = std::make_shared<ReadFiles>(Source, Directory);
  clang::tooling::ToolInvocation Invocation(Command, std::make_unique<BuildPch>(Read), Files.get());
  clang::DiagnosticConsumer Errors; // counts; the parse of each file reports its own
  Invocation.setDiagnosticConsumer(&Errors);
  bool Built = Invocation.run() && Errors.getNumErrors() == 0;
  // A project header in it would hide that header's code from the rules (they see only
  // what is parsed from source), and could make the -I order matter.
  if (!Built || Read->readProjectHeader()) {
    llvm::sys::fs::remove(Pch);
    llvm::sys::fs::remove(Source);
    return std::nullopt;
  }
  std::vector<std::string> Paths;
  for (const std::string &P : Read->paths())
    if (P != Source)
      Paths.push_back(P);
  Use Made{Pch, Hashes.dependencies(Paths), {}};
  nlohmann::json Listed = nlohmann::json::array();
  for (const Dependency &D : Made.Read)
    Listed.push_back({D.Path, D.Hash});
  writeWhole(Base + ".read", text::storedJson(Listed)); // header paths need not be UTF-8
  return Made;
}

void PrefixPchs::discard(const std::string &Pch) {
  std::lock_guard<std::mutex> G(Lock);
  for (auto &[Key, E] : Entries) {
    std::lock_guard<std::mutex> Held(E->Lock);
    if (E->Done && E->Result && E->Result->Pch == Pch)
      E->Result.reset();
  }
  llvm::sys::fs::remove(Pch);
}

} // namespace hostsync
