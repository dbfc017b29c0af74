#include "ci/Diff.h"

#include "support/AbsolutePath.h"

#include "compat/LLVMCompat.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdio>

namespace hostsync {

std::string parseUnifiedDiff(const std::string &Diff, const std::string &Base, ChangedLines &Out) {
  std::string File; // "" while in a deleted file or before the first header
  llvm::StringRef Rest(Diff);
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    if (Line.consume_front("+++ ")) {
      Line = Line.split('\t').first.rtrim();
      if (Line == "/dev/null") {
        File.clear();
        continue;
      }
      Line.consume_front("b/");
      File = absolutePathIn(Base, Line);
      Out[File];
    } else if (Line.consume_front("@@ -") && !File.empty()) {
      // "@@ -a[,b] +c[,d] @@": lines c .. c+d-1 of the new text (d defaults to 1).
      llvm::StringRef New = Line.split(" +").second.split(' ').first;
      auto [Start, Count] = New.split(',');
      unsigned First = 0, N = 1;
      if (Start.getAsInteger(10, First) || (!Count.empty() && Count.getAsInteger(10, N)))
        return "the diff has a hunk header that is not unified: @@ -" + Line.str();
      for (unsigned L = First; L < First + N; ++L)
        Out[File].insert(L);
    }
  }
  return "";
}

namespace {
// Runs a git command line; its stdout (or, when it fails, its stderr) in Text.
bool git(const std::string &Args, std::string &Text) {
  FILE *P = popen(("git " + Args + " 2>&1").c_str(), "r");
  if (!P)
    return false;
  char Buf[4096];
  size_t N;
  Text.clear();
  while ((N = fread(Buf, 1, sizeof Buf, P)) > 0)
    Text.append(Buf, N);
  return pclose(P) == 0;
}

std::string shellQuoted(const std::string &S) {
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}
} // namespace

std::string changedSince(const std::string &Ref, ChangedLines &Out) {
  std::string Top, Diff;
  if (!git("rev-parse --show-toplevel", Top))
    return "--diff=" + Ref + ": not in a git repository (or git is not on PATH)";
  if (!git("diff -U0 --no-color --no-ext-diff --src-prefix=a/ --dst-prefix=b/ " + shellQuoted(Ref) +
               " --",
           Diff))
    return "--diff=" + Ref + ": git diff failed: " + llvm::StringRef(Diff).trim().str();
  return parseUnifiedDiff(Diff, llvm::StringRef(Top).trim().str(), Out);
}

} // namespace hostsync
