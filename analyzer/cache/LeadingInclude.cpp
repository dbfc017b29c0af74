#include "cache/LeadingInclude.h"

#include "compat/LLVMCompat.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace hostsync {

namespace {

constexpr int MaxDepth = 8; // project headers followed, one inside the other

// Drops blanks and comments at the front of Text.
llvm::StringRef skipBlank(llvm::StringRef Text) {
  while (true) {
    Text = Text.ltrim();
    if (compat::startsWith(Text, "//"))
      Text = Text.drop_until([](char C) { return C == '\n'; });
    else if (compat::startsWith(Text, "/*")) {
      size_t End = Text.find("*/", 2);
      Text = End == llvm::StringRef::npos ? llvm::StringRef() : Text.drop_front(End + 2);
    } else
      return Text;
  }
}

// The directive at the front of Text ("include <x>", "pragma once"...), with its line
// consumed from Text; "" when Text does not begin with one. A line continued with a
// backslash is not a directive this reader understands: it stops there.
std::string takeDirective(llvm::StringRef &Text) {
  if (!compat::startsWith(Text, "#"))
    return "";
  llvm::StringRef Line = Text.take_until([](char C) { return C == '\n'; });
  if (compat::endsWith(Line.rtrim(), "\\"))
    return "";
  Text = Text.drop_front(Line.size());
  // A trailing comment on the directive's line ("#include <x> // why") is not part of it.
  Line = Line.drop_front().split("//").first.split("/*").first.trim();
  std::string Words;
  for (llvm::StringRef Rest = Line; !Rest.empty();) {
    auto [Word, Tail] = Rest.split(' ');
    Rest = Tail.ltrim();
    Word = Word.trim();
    if (!Word.empty())
      Words += (Words.empty() ? "" : " ") + Word.str();
  }
  return Words;
}

std::optional<std::string> readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return std::string((*Buffer)->getBuffer());
}

// A `#define` line (Directive as takeDirective read it, Line as written) that can go into a
// PCH as this reader wrote it: no quotes and no block comment (`#define N /* why */ 256`
// would lose its value), whose text the reader's blank folding cannot change; and not a
// reserved name (`_GNU_SOURCE`, `_POSIX_C_SOURCE`), which the system headers in the PCH may
// define again, so that the file's own definition after the PCH would set it back.
bool isPlainDefine(llvm::StringRef Directive, llvm::StringRef Line) {
  if (!compat::startsWith(Directive, "define ") || compat::startsWith(Directive.drop_front(7), "_"))
    return false;
  return !Line.contains('"') && !Line.contains('\'') && !Line.contains("/*") &&
         !Line.contains("*/");
}

// The system headers (and macro definitions between them) a project header begins with,
// where the file that includes it says "Name": found next to that file, then in QuoteDirs.
// Nothing when the header is not found.
std::optional<std::vector<std::string>>
followProjectHeader(const std::string &Name, const std::string &Dir,
                    const std::vector<std::string> &QuoteDirs, int Depth) {
  std::vector<std::string> Where = {Dir};
  Where.insert(Where.end(), QuoteDirs.begin(), QuoteDirs.end());
  for (const std::string &W : Where) {
    llvm::SmallString<256> Path(W);
    llvm::sys::path::append(Path, Name);
    if (!llvm::sys::fs::is_regular_file(Path))
      continue;
    std::optional<std::string> Inner = readFile(std::string(Path));
    if (!Inner)
      return std::nullopt;
    return leadingSystemIncludesOf(*Inner, std::string(llvm::sys::path::parent_path(Path)),
                                   QuoteDirs, Depth + 1);
  }
  return std::nullopt;
}

} // namespace

std::vector<std::string> leadingSystemIncludesOf(const std::string &Text, const std::string &Dir,
                                                 const std::vector<std::string> &QuoteDirs,
                                                 int Depth) {
  llvm::StringRef Rest(Text);
  std::vector<std::string> Out;
  std::string Guard; // the name of an #ifndef just read, that a #define must follow
  while (true) {
    Rest = skipBlank(Rest);
    llvm::StringRef Line = Rest.take_until([](char C) { return C == '\n'; });
    std::string D = takeDirective(Rest);
    llvm::StringRef Word(D);
    if (!Guard.empty()) { // only `#define <same name>` may follow the #ifndef
      if (D != "define " + Guard)
        return {};
      Guard.clear();
      continue;
    }
    if (Out.empty() && D == "pragma once")
      continue;
    if (Out.empty() && compat::startsWith(Word, "ifndef ") && !Word.drop_front(7).contains(' ')) {
      Guard = Word.drop_front(7).str();
      continue;
    }
    // A macro defined before or between the headers (`#define NOMINMAX`) goes into the
    // PCH in its place: the file's own definition is then a same redefinition.
    if (isPlainDefine(Word, Line)) {
      Out.push_back("#" + D);
      continue;
    }
    if (!Word.consume_front("include "))
      return endingAtAHeader(Out);
    Word = Word.trim();
    if (Word.size() > 2 && Word.front() == '<' && Word.back() == '>') {
      Out.push_back(Word.str());
      continue;
    }
    // A project header: its own first headers come next, then its other code, which ends
    // the list (what follows it in the header comes before the rest of this file).
    if (Word.size() > 2 && Word.front() == '"' && Word.back() == '"' && Depth < MaxDepth)
      if (std::optional<std::vector<std::string>> Inner =
              followProjectHeader(Word.drop_front().drop_back().str(), Dir, QuoteDirs, Depth))
        Out.insert(Out.end(), Inner->begin(), Inner->end());
    return endingAtAHeader(Out);
  }
}

std::optional<std::string> leadingSystemIncludeOf(const std::string &Text, const std::string &Dir,
                                                  const std::vector<std::string> &QuoteDirs,
                                                  int Depth) {
  for (std::string &Entry : leadingSystemIncludesOf(Text, Dir, QuoteDirs, Depth))
    if (!isMacroEntry(Entry))
      return Entry;
  return std::nullopt;
}

std::vector<std::string> leadingSystemIncludes(const std::string &File,
                                               const std::vector<std::string> &QuoteDirs) {
  std::optional<std::string> Text = readFile(File);
  if (!Text)
    return {};
  return leadingSystemIncludesOf(*Text, std::string(llvm::sys::path::parent_path(File)), QuoteDirs);
}

bool isMacroEntry(const std::string &Entry) { return compat::startsWith(Entry, "#"); }

std::vector<std::string> endingAtAHeader(std::vector<std::string> Out) {
  while (!Out.empty() && isMacroEntry(Out.back()))
    Out.pop_back();
  return Out;
}

std::vector<std::string> commonPrefix(const std::vector<std::vector<std::string>> &Lists) {
  if (Lists.empty())
    return {};
  std::vector<std::string> Out = Lists.front();
  for (const std::vector<std::string> &L : Lists) {
    size_t N = 0;
    while (N < Out.size() && N < L.size() && Out[N] == L[N])
      ++N;
    Out.resize(N);
  }
  return Out;
}

std::optional<std::string> leadingSystemInclude(const std::string &File,
                                                const std::vector<std::string> &QuoteDirs) {
  std::optional<std::string> Text = readFile(File);
  if (!Text)
    return std::nullopt;
  return leadingSystemIncludeOf(*Text, std::string(llvm::sys::path::parent_path(File)), QuoteDirs);
}

} // namespace hostsync
