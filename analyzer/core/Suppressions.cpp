#include "core/Suppressions.h"

#include "core/Glob.h"

#include <sstream>

namespace hostsync {

namespace {
std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t:"), E = S.find_last_not_of(" \t");
  return B == std::string::npos || E < B ? "" : S.substr(B, E - B + 1);
}

// Parses what follows a NOLINT keyword: an optional (glob, glob) list and a reason.
void parseTail(const std::string &Tail, std::vector<std::string> &Globs, std::string &Reason) {
  std::string Rest = Tail;
  if (!Rest.empty() && Rest[0] == '(') {
    size_t Close = Rest.find(')');
    std::string List = Rest.substr(1, Close == std::string::npos ? std::string::npos : Close - 1);
    std::stringstream SS(List);
    for (std::string G; std::getline(SS, G, ',');)
      if (!trim(G).empty())
        Globs.push_back(trim(G));
    Rest = Close == std::string::npos ? "" : Rest.substr(Close + 1);
  }
  Reason = trim(Rest);
}

bool covers(const std::vector<std::string> &Globs, const std::string &Rule) {
  if (Globs.empty())
    return true;
  for (const std::string &G : Globs)
    if (globMatch(G, Rule))
      return true;
  return false;
}
} // namespace

bool SuppressionIndex::noqa(const std::string &Comment, unsigned LineNo) {
  std::string C = trim(Comment);
  if (C.compare(0, 4, "noqa") != 0 || (C.size() > 4 && C[4] != ':' && C[4] != ' '))
    return false;
  Mark M{LineNo, {}, ""};
  // "noqa: hostsync-item, E501": the codes, up to the first word that is not one.
  std::stringstream Codes(C.size() > 4 && C[4] == ':' ? C.substr(5) : "");
  for (std::string Code; Codes >> Code;) {
    if (Code.back() == ',')
      Code.pop_back();
    if (!Code.empty())
      M.Globs.push_back(Code);
  }
  if (M.Globs.empty() && C.size() > 4 && C[4] == ':') // "noqa:" and nothing: no rule
    return true;
  SameLine.push_back(M);
  return true;
}

SuppressionIndex::SuppressionIndex(const std::string &Text, Comments Style) {
  std::vector<Mark> Open; // NOLINTBEGIN marks waiting for their END
  std::stringstream SS(Text);
  unsigned LineNo = 0;
  const std::string Opener = Style == Comments::Python ? "#" : "//";
  for (std::string Line; std::getline(SS, Line);) {
    ++LineNo;
    size_t Comment = Line.find(Opener);
    if (Comment == std::string::npos)
      continue;
    std::string C = Line.substr(Comment + Opener.size());
    if (Style == Comments::Python && noqa(C, LineNo))
      continue;
    size_t At = C.find("NOLINT");
    if (At == std::string::npos)
      continue;
    std::string After = C.substr(At + 6);
    std::string Kind;
    for (const char *K : {"NEXTLINE", "BEGIN", "END"})
      if (After.rfind(K, 0) == 0) {
        Kind = K;
        After = After.substr(Kind.size());
        break;
      }
    Mark M{LineNo, {}, ""};
    parseTail(After, M.Globs, M.Reason);
    if (Kind.empty())
      SameLine.push_back(M);
    else if (Kind == "NEXTLINE")
      NextLine.push_back(M);
    else if (Kind == "BEGIN")
      Open.push_back(M);
    else { // END closes the latest BEGIN with the same rule list
      bool Matched = false;
      for (size_t I = Open.size(); I-- > 0;)
        if (Open[I].Globs == M.Globs) {
          Regions.push_back({Open[I].Line, LineNo, Open[I].Globs, Open[I].Reason});
          Open.erase(Open.begin() + static_cast<long>(I));
          Matched = true;
          break;
        }
      if (!Matched)
        Errors.push_back("line " + std::to_string(LineNo) +
                         ": NOLINTEND without a matching NOLINTBEGIN");
    }
  }
  for (const Mark &M : Open)
    Errors.push_back("line " + std::to_string(M.Line) +
                     ": NOLINTBEGIN without a matching NOLINTEND");
}

std::optional<Suppression> SuppressionIndex::find(const std::string &Rule, unsigned Line) const {
  for (const Mark &M : SameLine)
    if (M.Line == Line && covers(M.Globs, Rule))
      return Suppression{M.Reason};
  for (const Mark &M : NextLine)
    if (M.Line + 1 == Line && covers(M.Globs, Rule))
      return Suppression{M.Reason};
  for (const Region &R : Regions)
    if (R.First <= Line && Line <= R.Last && covers(R.Globs, Rule))
      return Suppression{R.Reason};
  return std::nullopt;
}

} // namespace hostsync
