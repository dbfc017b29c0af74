#include "output/Fixes.h"

#include "common/Lines.h"
#include "common/Utf8.h"

#include "support/OutputFile.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace hostsync {

namespace {
// Every file's edits, sorted by offset, duplicates (a header seen by several TUs) merged.
std::map<std::string, std::vector<Replacement>> editsByFile(const std::vector<Finding> &Findings,
                                                            bool WithConditional) {
  std::map<std::string, std::vector<Replacement>> Out;
  for (const Finding &F : Findings)
    if (fixApplies(F, WithConditional))
      for (const Replacement &R : F.Replacements)
        Out[R.File].push_back(R);
  for (auto &[File, Edits] : Out) {
    std::sort(Edits.begin(), Edits.end(), [](const Replacement &A, const Replacement &B) {
      return A.Offset != B.Offset ? A.Offset < B.Offset : A.Length < B.Length;
    });
    Edits.erase(std::unique(Edits.begin(), Edits.end(),
                            [](const Replacement &A, const Replacement &B) {
                              return A.Offset == B.Offset && A.Length == B.Length &&
                                     A.Text == B.Text;
                            }),
                Edits.end());
  }
  return Out;
}

bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream S;
  S << In.rdbuf();
  Text = S.str();
  return static_cast<bool>(In);
}

std::string yamlQuote(const std::string &S) {
  std::string Out = "'";
  for (char C : S) {
    if (C == '\'')
      Out += "''";
    else if (C == '\n')
      Out += "\n\n"; // a newline inside a single-quoted YAML scalar is a blank line
    else
      Out += C;
  }
  return Out + "'";
}

} // namespace

bool applyFixes(const std::vector<Finding> &Findings, bool WithConditional, FixSummary &Summary,
                std::string &Error) {
  for (auto &[File, Edits] : editsByFile(Findings, WithConditional)) {
    std::string Text;
    if (!readFile(File, Text)) {
      Error = File + ": cannot read it to apply fixes";
      return false;
    }
    // Keep the edits that do not overlap an earlier one, then apply them back to front.
    std::vector<Replacement> Kept;
    for (const Replacement &R : Edits) {
      if (R.Offset + R.Length > Text.size() ||
          (!Kept.empty() && R.Offset < Kept.back().Offset + Kept.back().Length)) {
        ++Summary.Conflicts;
        continue;
      }
      Kept.push_back(R);
    }
    for (auto It = Kept.rbegin(); It != Kept.rend(); ++It)
      Text.replace(It->Offset, It->Length, It->Text);
    // Replaced whole: an interrupted or failed write leaves the source as it was.
    std::unique_ptr<OutputFile> Out = OutputFile::create(File, Error);
    if (!Out)
      return false;
    Out->stream() << Text;
    if (!Out->commit(Error))
      return false;
    Summary.Applied += static_cast<unsigned>(Kept.size());
    Summary.Files += !Kept.empty();
  }
  return true;
}

unsigned exportFixes(std::ostream &Y, const std::vector<Finding> &Findings, bool WithConditional) {
  Y << "---\nMainSourceFile:  ''\nDiagnostics:\n";
  std::map<std::string, std::string> Texts;
  unsigned LeftOut = 0;
  for (const Finding &F : Findings) {
    if (!fixApplies(F, WithConditional))
      continue;
    // YAML holds Unicode text only: a file name or an edit that is not UTF-8 could not be
    // applied byte for byte from it, so that fix is left out (--fix applies it).
    if (!text::isValidUtf8(F.File) ||
        std::any_of(F.Replacements.begin(), F.Replacements.end(), [](const Replacement &R) {
          return !text::isValidUtf8(R.File) || !text::isValidUtf8(R.Text);
        })) {
      ++LeftOut;
      continue;
    }
    std::string &Text = Texts[F.File];
    if (Text.empty())
      readFile(F.File, Text);
    Y << "  - DiagnosticName:  " << yamlQuote(F.Rule) << "\n"
      << "    DiagnosticMessage:\n"
      << "      Message:         " << yamlQuote(text::validUtf8(F.Message)) << "\n"
      << "      FilePath:        " << yamlQuote(F.File) << "\n"
      << "      FileOffset:      " << text::offsetOf(Text, F.Line, F.Column) << "\n"
      << "      Replacements:\n";
    for (const Replacement &R : F.Replacements)
      Y << "        - FilePath:        " << yamlQuote(R.File) << "\n"
        << "          Offset:          " << R.Offset << "\n"
        << "          Length:          " << R.Length << "\n"
        << "          ReplacementText: " << yamlQuote(R.Text) << "\n";
    Y << "    Level:           Warning\n    BuildDirectory:  ''\n";
  }
  Y << "...\n";
  return LeftOut;
}

} // namespace hostsync
