// The project's device facts as hostsync-lint's runs left them, for the clang-tidy module.
// clang-tidy sees one translation unit at a time, so on its own it cannot know what the
// project's other files pass to a function, return from it or store into a member. Every
// hostsync-lint run that keeps a result cache writes each file's facts to
// <cache>/project-facts.json; the module adds the facts of every other file whose content
// is still what it was when they were taken, and solves the keys as hostsync-lint's
// project pass does (model/DeviceFacts.h).
//
// A run's files replace their own entries and keep the others' (linting one file does not
// forget the project); entries whose file is gone are dropped. The format is versioned and
// names the hostsync and LLVM versions that wrote it: keys are spelled by Clang, and a
// file of another version is not read.
#pragma once

#include "model/DeviceFacts.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// 1: the first. 2: each file's program evidence (whether it names CUDA, whether it defines
// main()), for the project's CPU-only-program rule.
constexpr int ProjectFactsVersion = 2;

// "hostsync-lint <version> (LLVM <version>)": what wrote a facts file (or a shard's facts).
std::string factsWriter();

struct FileFacts {
  std::string File; // absolute, symbolic links resolved (realPathOf)
  std::string Hash; // of its content when the facts were taken (cache/ContentHashes.h)
  TUFacts Facts;
};

// <CacheDir>/project-facts.json
std::string projectFactsPath(const std::string &CacheDir);
// Path absolute with symbolic links resolved, as both writer and reader name files (made
// absolute only, when it does not exist).
std::string realPathOf(const std::string &Path);

// The file's text: a store (common/JsonText.h), so that names that are not UTF-8 come back.
std::string projectFactsText(const std::vector<FileFacts> &Files);
// nullopt with Error ("<Path>: what is wrong") when the file cannot be read, is not a facts
// file, or was written by another version.
std::optional<std::vector<FileFacts>> readProjectFacts(const std::string &Path, std::string &Error);
// Old with the files of New replacing theirs, without the files that no longer exist;
// sorted by file.
std::vector<FileFacts> updatedFacts(std::vector<FileFacts> Old, std::vector<FileFacts> New);

} // namespace hostsync
