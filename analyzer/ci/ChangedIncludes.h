// --diff without the cache analyses only the files a change reaches: the changed files, and
// those that include one of them, directly or through other headers. Includes are followed
// as text: a quoted name is looked for next to the file that includes it, then in the
// -iquote/-I directories of the compile command; an angled name in those directories only
// (system headers, found through -isystem and the compiler's own directories, are not
// followed: a change is in the project's files). A name found nowhere matches a changed
// file of that file name, as a guess that errs towards analysing the file.
#pragma once

#include "ci/Diff.h"
#include "commands/IncludeLines.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hostsync {

class ChangedIncludes {
public:
  explicit ChangedIncludes(const ChangedLines &Changed);
  // Does File (absolute) include a changed file? IncludeDirs: its command's -iquote and -I
  // directories, absolute, in order.
  bool reaches(const std::string &File, const std::vector<std::string> &IncludeDirs);

private:
  const std::vector<IncludeLine> &includesOf(const std::string &File);
  std::set<std::string> ChangedPaths;                      // normalized, absolute
  std::set<std::string> ChangedNames;                      // their file names
  std::map<std::string, std::vector<IncludeLine>> Scanned; // each file's #include lines, read once
};

} // namespace hostsync
