#include "commands/CompileCommands.h"

#include "compat/LLVMCompat.h"
#include "core/Glob.h"

#include "hostsync_config.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace hostsync {

using clang::tooling::CommandLineArguments;

namespace {
// nvcc flags with no meaning for a host-side parse, and how many values follow each.
struct NvccFlag {
  const char *Name;
  int Values;
};
constexpr NvccFlag NvccDropped[] = {{"-gencode", 1},
                                    {"--generate-code", 1},
                                    {"-arch", 1},
                                    {"--gpu-architecture", 1},
                                    {"-code", 1},
                                    {"--gpu-code", 1},
                                    {"-ccbin", 1},
                                    {"--compiler-bindir", 1},
                                    {"-Xptxas", 1},
                                    {"--ptxas-options", 1},
                                    {"-Xnvlink", 1},
                                    {"-Xcudafe", 1},
                                    {"--default-stream", 1},
                                    {"-maxrregcount", 1},
                                    {"--maxrregcount", 1},
                                    {"-t", 1},
                                    {"--threads", 1},
                                    {"-rdc", 1},
                                    {"--relocatable-device-code", 1},
                                    {"-lineinfo", 0},
                                    {"--expt-relaxed-constexpr", 0},
                                    {"--expt-extended-lambda", 0},
                                    {"--extended-lambda", 0},
                                    {"--use_fast_math", 0},
                                    {"-use_fast_math", 0},
                                    {"-dc", 0},
                                    {"--device-c", 0},
                                    {"-forward-unknown-to-host-compiler", 0},
                                    {"-Wno-deprecated-gpu-targets", 0},
                                    {"--keep", 0},
                                    {"-G", 0},
                                    {"--device-debug", 0},
                                    {"--resource-usage", 0},
                                    {"-Xfatbin", 1},
                                    {"--diag-suppress", 1},
                                    {"-diag-suppress", 1}};

const NvccFlag *nvccDropped(llvm::StringRef A, bool &Joined) {
  for (const NvccFlag &F : NvccDropped) {
    if (A == F.Name) {
      Joined = false;
      return &F;
    }
    if (F.Values && A.size() > strlen(F.Name) && A.substr(0, strlen(F.Name)) == F.Name &&
        A[strlen(F.Name)] == '=') {
      Joined = true;
      return &F;
    }
  }
  return nullptr;
}

bool isNvcc(llvm::StringRef Argv0) {
  return compat::startsWith(llvm::sys::path::filename(Argv0), "nvcc");
}

// -x <lang>, -x<lang>: the language is ours to choose for CUDA files.
CommandLineArguments withoutLanguage(const CommandLineArguments &Args) {
  CommandLineArguments Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "-x" && I + 1 < Args.size()) {
      ++I;
      continue;
    }
    if (compat::startsWith(Args[I], "-x") && Args[I].size() > 2 &&
        !compat::startsWith(Args[I], "-xarch") && Args[I] != "-x")
      continue;
    Out.push_back(Args[I]);
  }
  return Out;
}
// A toolkit's include directory, which the stand-in replaces in a CUDA file's command:
// the toolkit's own headers would meet the stand-in's declarations and clash.
CommandLineArguments withoutIncludeDir(const CommandLineArguments &Args, const std::string &Dir) {
  CommandLineArguments Out;
  std::string Inc = Dir + "/include";
  auto Names = [&](llvm::StringRef P) {
    P.consume_back("/");
    return P == Inc || P == Dir + "/targets/x86_64-linux/include";
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if ((A == "-I" || A == "-isystem" || A == "-idirafter") && I + 1 < Args.size() &&
        Names(Args[I + 1])) {
      ++I;
      continue;
    }
    if ((compat::startsWith(A, "-I") && Names(A.drop_front(2))) ||
        (compat::startsWith(A, "-isystem") && Names(A.drop_front(8))))
      continue;
    Out.push_back(Args[I]);
  }
  return Out;
}
} // namespace

CommandLineArguments translateNvcc(const CommandLineArguments &Args) {
  CommandLineArguments Out = {"clang++"};
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    bool Joined = false;
    if (const NvccFlag *F = nvccDropped(A, Joined)) {
      if (!Joined)
        I += F->Values;
      continue;
    }
    // Host compiler flags, comma-separated: -Xcompiler -fPIC,-Wall or -Xcompiler=-fPIC.
    llvm::StringRef Host;
    if ((A == "-Xcompiler" || A == "--compiler-options") && I + 1 < Args.size())
      Host = Args[++I];
    else if (compat::startsWith(A, "-Xcompiler="))
      Host = A.drop_front(strlen("-Xcompiler="));
    else if (compat::startsWith(A, "--compiler-options="))
      Host = A.drop_front(strlen("--compiler-options="));
    if (!Host.empty() || A == "-Xcompiler") {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      Host.split(Parts, ',', -1, false);
      for (llvm::StringRef P : Parts)
        Out.push_back(P.trim().str());
      continue;
    }
    if (compat::startsWith(A, "--std=") || compat::startsWith(A, "-std=")) {
      Out.push_back("-std=" + A.substr(A.find('=') + 1).str());
      continue;
    }
    if (A == "-std" && I + 1 < Args.size()) { // nvcc also takes "-std c++17"
      Out.push_back("-std=" + Args[++I]);
      continue;
    }
    if ((A == "-x" || A == "--x") && I + 1 < Args.size()) {
      ++I; // "-x cu": the CUDA language is set for .cu files anyway
      continue;
    }
    if (A == "--include-path" && I + 1 < Args.size()) {
      Out.push_back("-I" + Args[++I]);
      continue;
    }
    if (A == "--define-macro" && I + 1 < Args.size()) {
      Out.push_back("-D" + Args[++I]);
      continue;
    }
    if (A == "--output-file" && I + 1 < Args.size()) {
      Out.push_back("-o");
      Out.push_back(Args[++I]);
      continue;
    }
    if (A == "--compile") {
      Out.push_back("-c");
      continue;
    }
    Out.push_back(A.str());
  }
  return Out;
}

CommandLineArguments CommandAdjuster::adjust(const CommandLineArguments &In, llvm::StringRef File,
                                             bool CountDropped) {
  if (In.empty())
    return In;
  CommandLineArguments Args = isNvcc(In[0]) ? translateNvcc(In) : In;
  // --remove-arg, then --extra-arg-before (after argv[0]) and --extra-arg (at the end).
  CommandLineArguments Kept = {Args[0]};
  for (size_t I = 1; I < Args.size(); ++I) {
    bool Remove = false;
    for (const std::string &G : Edits.RemoveArgs)
      Remove |= globMatch(G, Args[I]);
    if (!Remove)
      Kept.push_back(Args[I]);
  }
  Kept.insert(Kept.begin() + 1, Edits.ExtraArgsBefore.begin(), Edits.ExtraArgsBefore.end());
  Kept.insert(Kept.end(), Edits.ExtraArgs.begin(), Edits.ExtraArgs.end());

  // Flags Clang's driver does not know (GCC-only ones such as -fcoroutines, or a
  // compiler's private flags) would stop the file with "unknown argument".
  std::vector<const char *> Raw;
  for (size_t I = 1; I < Kept.size(); ++I)
    Raw.push_back(Kept[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed =
      compat::driverOptTable().ParseArgs(Raw, MissingIndex, MissingCount);
  std::vector<bool> Drop(Kept.size(), false);
  for (const llvm::opt::Arg *A : Parsed)
    if (A->getOption().getKind() == llvm::opt::Option::UnknownClass) {
      Drop[A->getIndex() + 1] = true;
      if (!CountDropped)
        continue;
      std::lock_guard<std::mutex> G(Lock);
      ++Dropped[Kept[A->getIndex() + 1]];
    }
  CommandLineArguments Out;
  for (size_t I = 0; I < Kept.size(); ++I)
    if (!Drop[I])
      Out.push_back(Kept[I]);

  if (isCudaFile(File)) {
    Out = withoutLanguage(Out);
    if (Edits.Cuda.ToolkitDir.empty() && !Edits.Cuda.FoundDir.empty())
      Out = withoutIncludeDir(Out, Edits.Cuda.FoundDir);
    std::vector<std::string> Cuda = Edits.Cuda.cudaFlags();
    Out.insert(Out.begin() + 1, Cuda.begin(), Cuda.end());
  }
  std::vector<std::string> Roots = Edits.InferredRoots;
  auto Shared = [&](const std::string &Dir) {
    size_t N = 0;
    while (N < Dir.size() && N < File.size() && Dir[N] == File[N])
      ++N;
    return N;
  };
  std::stable_sort(Roots.begin(), Roots.end(), [&](const std::string &A, const std::string &B) {
    return Shared(A) > Shared(B);
  });
  for (const std::string &Dir : Roots)
    Out.push_back("-I" + Dir);
  std::vector<std::string> Fallback = Edits.Cuda.fallbackFlags();
  Out.insert(Out.end(), Fallback.begin(), Fallback.end());
  // Builtin headers (stddef.h...) come from the Clang we were built against, wherever
  // this binary is installed. No error limit, and no typo correction (slow with many
  // errors, and no use to a linter): a file with missing headers is analysed to its end.
  Out.insert(Out.end(), {"-resource-dir=" HOSTSYNC_CLANG_RESOURCE_DIR, "-ferror-limit=0",
                         "-fno-spell-checking", "-Wno-unknown-warning-option",
                         "-Wno-unused-command-line-argument",
                         // We report errors in one line of our own.
                         "-fno-caret-diagnostics"});
  return Out;
}

std::vector<std::string> CommandAdjuster::droppedNotes() const {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<std::string> Notes;
  for (const auto &[Flag, Count] : Dropped)
    Notes.push_back("flag '" + Flag + "' (unknown to Clang) dropped from " + std::to_string(Count) +
                    " command" + (Count == 1 ? "" : "s"));
  return Notes;
}

} // namespace hostsync
