// A command line read the way clang-tidy's llvm::cl reads one, without LLVM (the linter's
// core builds without it: docs/contributing.md, "The analyzer's folders"): `--opt=value`
// and `--opt value` alike, one dash or two (`-checks=...`), `-j4` for a prefix option,
// `@file` for more arguments from a response file, --help by group, --help-list, --version,
// and a suggestion for a misspelt option. The options are a table the program gives.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace hostsync::cli {

enum class Takes {
  Nothing, // a flag: --quiet (or --quiet=true / =false)
  Value,   // --format=json, --format json; the last one given wins
  Values,  // --extra-arg=...: repeatable, every one kept
  Prefix,  // -j4, -j 4, -j=4
};

struct Option {
  Option(std::string Name, std::string Category, std::string ValueDesc, std::string Help,
         Takes What = Takes::Nothing, std::string AliasOf = "")
      : Name(std::move(Name)), Category(std::move(Category)), ValueDesc(std::move(ValueDesc)),
        Help(std::move(Help)), What(What), AliasOf(std::move(AliasOf)) {}
  std::string Name;      // "format", "p"
  std::string Category;  // the --help group: "Output"
  std::string ValueDesc; // "file": shown as --output=<file>
  std::string Help;      // lines separated by \n
  Takes What = Takes::Nothing;
  std::string AliasOf; // "o" is an alias of "output": set here, nothing else
};

struct Program {
  std::string Name;       // "hostsync-lint"
  std::string Overview;   // one line
  std::string Positional; // "<file or directory>... [-- <compile flags>]"
  std::string Epilogue;   // printed after the options
  std::string Version;    // --version's line
  std::vector<Option> Options;
};

// What a command line gave: each option's values in order (a flag's "true" or "false"), and
// the positional arguments.
struct Parsed {
  std::map<std::string, std::vector<std::string>> Given;
  std::vector<std::string> Positional;
  bool has(const std::string &Name) const { return Given.count(Name) > 0; }
  // The last value given ("" when none was).
  std::string last(const std::string &Name) const;
  const std::vector<std::string> &all(const std::string &Name) const;
  bool flag(const std::string &Name) const { return last(Name) == "true"; }
};

enum class Outcome { Run, Printed /* --help or --version: exit 0 */, Error };

// Reads Args (without the program's name). Error: one line, for "<name>: error: " in front.
Outcome parse(const Program &P, const std::vector<std::string> &Args, Parsed &Out,
              std::string &Error, std::ostream &Stdout);

// --help's text: the options by group, or (Flat) --help-list's one list.
std::string help(const Program &P, bool Flat);

// The edit distance of two words (a misspelt option's suggestion).
size_t editDistance(const std::string &A, const std::string &B);

// Splits a response file's text as GNU tools do: whitespace between arguments, single and
// double quotes, a backslash escaping the next character.
std::vector<std::string> splitResponseFile(const std::string &Text);

} // namespace hostsync::cli
