#include "driver/Runner.h"

#include "cache/PrefixPch.h"
#include "cache/ReadFiles.h"
#include "cache/ResultCache.h"
#include "commands/CompileCommands.h"
#include "driver/CrashRecovery.h"
#include "model/CallFindings.h"
#include "model/DeviceFacts.h"
#include "parse/ParseFile.h"
#include "support/AbsolutePath.h"

#include "clang/Tooling/ArgumentsAdjusters.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>

using namespace clang;

namespace hostsync {

namespace {

// The one compile command of File as the parse will see it (ClangTool's own adjustments,
// then ours), for the cache's key and the PCH's flags; false when the file has no command
// or several (each would be a parse of its own: neither cache nor PCH is used).
struct FinalCommand {
  std::string Filename, Directory;
  std::vector<std::string> Args;
};
bool finalCommand(const tooling::CompilationDatabase &Db, const std::string &File,
                  CommandAdjuster &Commands, FinalCommand &Out) {
  std::vector<tooling::CompileCommand> Cmds = Db.getCompileCommands(File);
  if (Cmds.size() != 1)
    return false;
  tooling::CommandLineArguments Args = Cmds[0].CommandLine;
  for (const tooling::ArgumentsAdjuster &A :
       {tooling::getClangSyntaxOnlyAdjuster(), tooling::getClangStripOutputAdjuster(),
        tooling::getClangStripDependencyFileAdjuster()})
    Args = A(Args, Cmds[0].Filename);
  Out.Args = Commands.adjust(Args, Cmds[0].Filename, /*CountDropped=*/false);
  Out.Filename = Cmds[0].Filename;
  Out.Directory = Cmds[0].Directory;
  return true;
}

// The files a result depends on: what the parse read, a PCH the user's command names, the
// headers of the PCH it was parsed with, and the places where headers not found would be.
std::vector<Dependency> readByParse(ContentHashes &Hashes, const std::string &File,
                                    const FinalCommand &Cmd, const ReadFiles &Read,
                                    const std::optional<PrefixPchs::Use> &Pch) {
  std::vector<std::string> Paths = {absolutePath(File)};
  std::vector<std::string> Parsed = Read.paths();
  Paths.insert(Paths.end(), Parsed.begin(), Parsed.end());
  for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I)
    if (Cmd.Args[I] == "-include-pch")
      Paths.push_back(Read.absolute(Cmd.Args[I + 1]));
  std::vector<Dependency> Out = Hashes.dependencies(Paths);
  if (Pch)
    Out.insert(Out.end(), Pch->Read.begin(), Pch->Read.end());
  for (const std::string &Absent : Read.placesOfMissing(Cmd.Args))
    Out.push_back({Absent, ""}); // "": unreadable; a header that appears there invalidates it
  return Out;
}

// A file's way through the run: plan (its final command, the cache's key, the PCH it may
// use), then the cache's lookup, then the parse, then the cache's store.
TUResult runOne(const tooling::CompilationDatabase &Db, const std::string &File,
                const RunConfig &Config, const FileSettings &Settings, CommandAdjuster &Commands,
                bool &Cached) {
  FinalCommand Cmd;
  bool HaveCommand = (Config.Cache || Config.Pchs) && finalCommand(Db, File, Commands, Cmd);
  std::string Key;
  if (Config.Cache && HaveCommand) {
    Key = ResultCache::keyOf(Config.ToolId, absolutePath(File), Cmd.Directory, Cmd.Args,
                             Settings.EnabledRules, static_cast<int>(Settings.Assume));
    TUResult R;
    if ((Cached = Config.Cache->load(Key, R))) {
      R.File = File;
      return R;
    }
  }
  std::optional<PrefixPchs::Use> Pch;
  if (Config.Pchs && HaveCommand)
    Pch = Config.Pchs->forFile(Cmd.Filename, Cmd.Directory, Cmd.Args);

  auto Read = std::make_shared<ReadFiles>(File, Cmd.Directory);
  bool PchUnusable = false;
  TUResult R = parseFile(Db, File, Settings, Commands, Pch ? &*Pch : nullptr, Read, PchUnusable);
  if (PchUnusable) { // changed since it was built: parsed as it is
    Config.Pchs->discard(Pch->Pch);
    Pch.reset();
    Read = std::make_shared<ReadFiles>(File, Cmd.Directory);
    R = parseFile(Db, File, Settings, Commands, nullptr, Read, PchUnusable);
  }

  if (!Key.empty())
    Config.Cache->store(Key, R, readByParse(Config.Cache->hashes(), File, Cmd, *Read, Pch));
  return R;
}

// A file an earlier run of this command crashed on (driver/CrashRecovery.h).
TUResult crashedOn(const std::string &File, const std::string &Signal) {
  TUResult R;
  R.File = File;
  R.Failed = true;
  R.FirstError = "internal error: the analyzer crashed (" + Signal +
                 ") on this file, and the run went on without it (a bug of hostsync-lint: "
                 "please report it with the file)";
  return R;
}

// The tests' way to make the analysis of one file crash (tests/lit/cli/crash-recovery.test):
// HOSTSYNC_TEST_CRASH_ON names the files' last components, comma-separated.
void crashIfAskedByTest(const std::string &File) {
  const char *On = std::getenv("HOSTSYNC_TEST_CRASH_ON");
  std::string Name = std::filesystem::path(File).filename().string();
  for (std::string_view Names = On ? On : ""; !Names.empty();) {
    size_t Comma = Names.find(',');
    if (Names.substr(0, Comma) == Name)
      std::abort();
    Names = Comma == std::string_view::npos ? "" : Names.substr(Comma + 1);
  }
}

// Tells the PCHs what every file of the run begins with, so that each holds what all files
// of its group share (cache/PrefixPch.h).
void planPchs(const tooling::CompilationDatabase &Db, const std::vector<std::string> &Files,
              PrefixPchs &Pchs, CommandAdjuster &Commands) {
  std::map<std::string, PrefixPchs::Leading> ByFile;
  for (const std::string &F : Files) {
    FinalCommand Cmd;
    if (!finalCommand(Db, F, Commands, Cmd))
      continue;
    if (std::optional<PrefixPchs::Leading> L =
            Pchs.leadingOf(Cmd.Filename, Cmd.Directory, Cmd.Args))
      ByFile[absolutePathIn(Cmd.Directory, Cmd.Filename)] = *L;
  }
  Pchs.plan(ByFile);
}

} // namespace

std::vector<TUResult> runAll(const tooling::CompilationDatabase &Db,
                             const std::vector<std::string> &Files, const RunConfig &Config,
                             CommandAdjuster &Commands, const RunProgress &Progress) {
  if (Config.Pchs)
    planPchs(Db, Files, *Config.Pchs, Commands);
  std::vector<TUResult> Results(Files.size());
  std::atomic<size_t> Next{0};
  std::mutex ProgressLock;
  auto Worker = [&] {
    for (size_t I = Next++; I < Files.size(); I = Next++) {
      if (Progress.Started) {
        std::lock_guard<std::mutex> G(ProgressLock);
        Progress.Started(I, Files[I]);
      }
      bool Cached = false;
      const FileSettings &Settings = Config.of(Files[I]);
      if (auto Crashed = crashedFiles().find(Files[I]); Crashed != crashedFiles().end()) {
        Results[I] = crashedOn(Files[I], Crashed->second);
      } else {
        AnalysingFile Analysing(Files[I]);
        crashIfAskedByTest(Files[I]);
        Results[I] = unlessItThrows(
            Files[I], [&] { return runOne(Db, Files[I], Config, Settings, Commands, Cached); });
      }
      if (Progress.Finished) {
        std::lock_guard<std::mutex> G(ProgressLock);
        Progress.Finished(I, Files[I], Cached);
      }
    }
  };
  unsigned N = std::max(1u, std::min<unsigned>(Config.Jobs, Files.size()));
  std::vector<std::thread> Threads;
  for (unsigned T = 1; T < N; ++T)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &T : Threads)
    T.join();
  return Results;
}

} // namespace hostsync
