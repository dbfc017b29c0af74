#include "ci/Diff.h"

#include "support/AbsolutePath.h"
#include "support/PlainText.h"

#include <cstdio>
#include <string>

namespace hostsync {

std::string parseUnifiedDiff(const std::string &Diff, const std::string &Base, ChangedLines &Out) {
  std::string File; // "" while in a deleted file or before the first header
  for (size_t Start = 0; Start < Diff.size();) {
    size_t End = Diff.find('\n', Start);
    std::string Line =
        Diff.substr(Start, End == std::string::npos ? std::string::npos : End - Start);
    Start = End == std::string::npos ? Diff.size() : End + 1;
    if (Line.compare(0, 4, "+++ ") == 0) {
      Line = Line.substr(4, Line.find('\t') == std::string::npos ? std::string::npos
                                                                 : Line.find('\t') - 4);
      Line.erase(Line.find_last_not_of(" \t\r") + 1);
      if (Line == "/dev/null") {
        File.clear();
        continue;
      }
      if (Line.compare(0, 2, "b/") == 0)
        Line = Line.substr(2);
      File = absolutePathIn(Base, Line);
      Out[File];
    } else if (Line.compare(0, 4, "@@ -") == 0 && !File.empty()) {
      // "@@ -a[,b] +c[,d] @@": lines c .. c+d-1 of the new text (d defaults to 1).
      std::string Header = Line.substr(4);
      size_t Plus = Header.find(" +");
      std::string New = Plus == std::string::npos ? "" : Header.substr(Plus + 2);
      New = New.substr(0, New.find(' '));
      size_t Comma = New.find(',');
      unsigned First = 0, N = 1;
      if (!parseDecimal(New.substr(0, Comma), 999999999, First) ||
          (Comma != std::string::npos && !parseDecimal(New.substr(Comma + 1), 999999999, N)))
        return "the diff has a hunk header that is not unified: @@ -" + Header;
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
    return "--diff=" + Ref + ": git diff failed: " + trimmed(Diff);
  return parseUnifiedDiff(Diff, trimmed(Top), Out);
}

} // namespace hostsync
