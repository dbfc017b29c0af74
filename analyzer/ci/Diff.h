// --diff: report only findings on the lines a change adds or modifies, as clang-tidy-diff
// does. The change is a unified diff: the one `git diff -U0 <ref>` prints (--diff=<ref>, run
// in the current directory), or one read from standard input (--diff=-, paths relative
// to the current directory, an a/ b/ prefix as git writes it dropped).
#pragma once

#include <map>
#include <set>
#include <string>

namespace hostsync {

// Absolute path -> the lines of the new text that the change added or modified.
using ChangedLines = std::map<std::string, std::set<unsigned>>;

// Reads the lines a unified diff adds; Base: what its paths are relative to. A file the
// change deletes is left out. "" or a one-line error.
std::string parseUnifiedDiff(const std::string &Diff, const std::string &Base, ChangedLines &Out);
// Runs `git diff -U0 --no-color <Ref>` in the current directory and reads it; paths are
// relative to the repository's top. "" or a one-line error.
std::string changedSince(const std::string &Ref, ChangedLines &Out);

} // namespace hostsync
