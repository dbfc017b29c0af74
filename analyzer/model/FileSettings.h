// What may differ between a run's files (their .hostsync.yaml): the rules enabled and the
// device assumed. Both front ends read it: Clang's (parse/ParseFile) and Python's.
#pragma once

#include "model/AssumeDevice.h"

#include <map>
#include <string>
#include <vector>

namespace hostsync {

class ResultCache;

struct FileSettings {
  std::vector<std::string> EnabledRules;
  AssumeDevice Assume = AssumeDevice::Unknown;
};

// The settings of every file of a run: its defaults, and those of the files that a
// .hostsync.yaml governs.
struct RunSettings {
  FileSettings Defaults;                       // the rules and assumed device of every file
  std::map<std::string, FileSettings> PerFile; // but these (their own .hostsync.yaml)
  ResultCache *Cache = nullptr; // results of unchanged files (cache/ResultCache.h); none: off
  std::string ToolId;           // what names this build, for the cache's keys
  const FileSettings &of(const std::string &File) const {
    auto Own = PerFile.find(File);
    return Own == PerFile.end() ? Defaults : Own->second;
  }
};

} // namespace hostsync
