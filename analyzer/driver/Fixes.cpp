#include "driver/Fixes.h"

#include "driver/OutputFile.h"

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

unsigned offsetOf(const std::string &Text, unsigned Line, unsigned Column) {
  unsigned L = 1;
  size_t At = 0;
  while (L < Line && At < Text.size()) {
    if (Text[At++] == '\n')
      ++L;
  }
  return static_cast<unsigned>(std::min(Text.size(), At + (Column ? Column - 1 : 0)));
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

void exportFixes(llvm::raw_ostream &Y, const std::vector<Finding> &Findings, bool WithConditional) {
  Y << "---\nMainSourceFile:  ''\nDiagnostics:\n";
  std::map<std::string, std::string> Texts;
  for (const Finding &F : Findings) {
    if (!fixApplies(F, WithConditional))
      continue;
    std::string &Text = Texts[F.File];
    if (Text.empty())
      readFile(F.File, Text);
    Y << "  - DiagnosticName:  " << yamlQuote(F.Rule) << "\n"
      << "    DiagnosticMessage:\n"
      << "      Message:         " << yamlQuote(F.Message) << "\n"
      << "      FilePath:        " << yamlQuote(F.File) << "\n"
      << "      FileOffset:      " << offsetOf(Text, F.Line, F.Column) << "\n"
      << "      Replacements:\n";
    for (const Replacement &R : F.Replacements)
      Y << "        - FilePath:        " << yamlQuote(R.File) << "\n"
        << "          Offset:          " << R.Offset << "\n"
        << "          Length:          " << R.Length << "\n"
        << "          ReplacementText: " << yamlQuote(R.Text) << "\n";
    Y << "    Level:           Warning\n    BuildDirectory:  ''\n";
  }
  Y << "...\n";
}

} // namespace hostsync
