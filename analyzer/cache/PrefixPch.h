// Parses LibTorch once per project instead of once per file: a precompiled header (PCH) of
// the system headers a file begins with (LeadingInclude.h), one per group of files with the
// same first headers (groupHeaders) and compile flags, holding the longest list of leading headers
// every file of the group shares (<torch/torch.h>, then <iostream>, then <vector>...), built on
// first use and kept in a folder (the cache's, or a temporary one with --no-cache). A file whose
// command and text allow it is parsed with `-include-pch`; every other file, and every file whose
// PCH could not be built, is parsed as it is.
//
// Flags: the PCH is built with the file's own command; files share it when their commands
// differ at most in the order of their -I/-iquote directories. That order cannot change
// what a PCH of system headers holds: a PCH that read any header outside the system
// include directories is refused, and a system header is found after every -I directory.
// Headers the command -include's go first into the PCH, and the parse loads the PCH in
// their place. Not used for: CUDA files, commands with -imacros or a PCH of their own,
// files that do not begin with a system header.
// A PCH is reused in a later run only when every header it read still has the same content;
// a PCH that a parse cannot load is removed (discard) and that parse done again without it.
#pragma once

#include "cache/ContentHashes.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

class PrefixPchs {
public:
  using FileSystemMaker = std::function<llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>()>;
  // MakeFS: the file system a parse sees (the CUDA stand-ins over the real one).
  // MayBuild: false where a PCH would cost more than it saves (a run of one file): only
  // one kept from an earlier run is used.
  PrefixPchs(std::string Dir, std::string ToolId, ContentHashes &Hashes, FileSystemMaker MakeFS,
             bool MayBuild)
      : Dir(std::move(Dir)), ToolId(std::move(ToolId)), Hashes(Hashes), MakeFS(std::move(MakeFS)),
        MayBuild(MayBuild) {}

  struct Use {
    std::string Pch;
    std::vector<Dependency> Read;      // the headers it holds: a cached result depends on them
    std::vector<std::string> Replaces; // the command's -include's it holds: dropped from it
  };
  // What a file's PCH could hold: Group names the files that may share one (same flags
  // but for the -I/-iquote order, same forced includes and directory, same groupHeaders);
  // Headers are the system headers the file begins with (leadingSystemIncludes).
  struct Leading {
    std::string Group;
    std::vector<std::string> Headers;
  };
  std::optional<Leading> leadingOf(const std::string &File, const std::string &Directory,
                                   const std::vector<std::string> &Args);
  // Before the parses: the Leading of every file of the run (by absolute path), so that
  // each PCH holds the longest list of headers all files of its group begin with
  // (sharedPrefixes). A file not planned gets a PCH of its first header only.
  void plan(const std::map<std::string, Leading> &ByFile);

  // The PCH File can be parsed with (Args: its final command, argv[0] first), built now if
  // need be (another thread that wants the same one waits); nothing when none applies.
  // When a PCH of the group's headers cannot be built, one of the first header alone.
  std::optional<Use> forFile(const std::string &File, const std::string &Directory,
                             const std::vector<std::string> &Args);
  // A parse could not load Pch (a header changed since it was built): not used again.
  void discard(const std::string &Pch);

private:
  struct Prepared {
    std::vector<std::string> Forced, Flags; // the command's -include's, the rest
    Leading Lead;
  };
  std::optional<Prepared> prepare(const std::string &File, const std::string &Directory,
                                  const std::vector<std::string> &Args);
  std::optional<Use> forHeaders(const Prepared &P, const std::vector<std::string> &Headers,
                                const std::string &Directory);
  struct Entry {
    std::mutex Lock;
    bool Done = false;
    std::optional<Use> Result;
  };
  // Text: the PCH's source, the lines that #include what it holds.
  std::optional<Use> obtain(const std::string &Key, const std::string &Text,
                            const std::string &Directory, const std::vector<std::string> &Flags);
  std::optional<Use> build(const std::string &Base, const std::string &Text,
                           const std::string &Directory, const std::vector<std::string> &Flags);

  std::string Dir, ToolId;
  ContentHashes &Hashes;
  FileSystemMaker MakeFS;
  bool MayBuild;
  std::mutex Lock;
  std::map<std::string, std::shared_ptr<Entry>> Entries;
  std::map<std::string, std::vector<std::string>> Planned; // file -> its PCH's headers
};

// For each file, the headers its PCH holds: the longest list that every file of its group
// begins with (at least the first header, which the group shares).
std::map<std::string, std::vector<std::string>>
sharedPrefixes(const std::map<std::string, PrefixPchs::Leading> &ByFile);

// What the files of a group share at least, of a file's leading headers (LeadingInclude.h):
// the list through its first LibTorch header (torch/, ATen/, c10/, caffe2/), the one worth a
// PCH (files that begin `#define NOMINMAX`, `#include <stdio.h>` and then differ in whether
// <torch/extension.h> comes next are two groups, not one PCH of <stdio.h>); through the
// first header when it has none (exposed for the unit test).
std::vector<std::string> groupHeaders(const std::vector<std::string> &Lead);

// The command's flags without argv[0], the input file and -fsyntax-only: what a PCH for
// File is built with (exposed for the unit test).
std::vector<std::string> pchFlags(const std::vector<std::string> &Args, const std::string &File,
                                  const std::string &Directory);
// The same with its -I/-iquote directories sorted: what files sharing a PCH agree on.
std::vector<std::string> pchKeyFlags(const std::vector<std::string> &Flags);
// Args without the -include's of these headers (a PCH holds them).
std::vector<std::string> withoutForcedIncludes(const std::vector<std::string> &Args,
                                               const std::vector<std::string> &Headers);
// The directories quoted includes are searched in (-iquote, -I), in order.
std::vector<std::string> quoteDirs(const std::vector<std::string> &Flags,
                                   const std::string &Directory);

} // namespace hostsync
