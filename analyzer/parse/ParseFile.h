// One file through Clang: its parse (over a precompiled header of its leading includes
// when given), the rules over its AST, and the parses again with what errors lost given
// back (recovery/). The driver's runner decides which files to parse and keeps the results
// (driver/Runner.h); this is the parse.
#pragma once

#include "cache/PrefixPch.h"
#include "core/RuleCheck.h"
#include "model/FileSettings.h"
#include "model/TUResult.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

class CommandAdjuster;
class ReadFiles;

// Parses File with its compile command made fit for Clang by Commands, runs the enabled
// rules, and parses again while recovery gives back what errors lost. Pch: parse with
// -include-pch of it (null: none). Read, when given, collects the files the parse reads.
// PchUnusable: the PCH could not be loaded (it changed since it was built); the result is
// then that of the failed parse, and the caller parses again without it.
TUResult parseFile(const clang::tooling::CompilationDatabase &Db, const std::string &File,
                   const FileSettings &Settings, CommandAdjuster &Commands,
                   const PrefixPchs::Use *Pch, std::shared_ptr<ReadFiles> Read, bool &PchUnusable);

// The file system a parse sees: the real one with the CUDA stand-in headers over it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFileSystem();

} // namespace hostsync
