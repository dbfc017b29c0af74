#include "support/CommandLine.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace hostsync::cli {

std::string Parsed::last(const std::string &Name) const {
  auto It = Given.find(Name);
  return It == Given.end() || It->second.empty() ? "" : It->second.back();
}

const std::vector<std::string> &Parsed::all(const std::string &Name) const {
  static const std::vector<std::string> None;
  auto It = Given.find(Name);
  return It == Given.end() ? None : It->second;
}

size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diagonal = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Above = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1, Diagonal + (A[I - 1] != B[J - 1])});
      Diagonal = Above;
    }
  }
  return Row[B.size()];
}

std::vector<std::string> splitResponseFile(const std::string &Text) {
  std::vector<std::string> Out;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Quote != '\'') {
      Word += Text[++I];
      InWord = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Word += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Out.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Out.push_back(Word);
  return Out;
}

namespace {
// The generic options every program has (llvm::cl's names).
const std::vector<Option> &genericOptions() {
  static const std::vector<Option> Generic = {
      {"help", "Generic Options", "", "Display available options (--help-hidden for more)"},
      {"help-list", "Generic Options", "",
       "Display list of available options (--help-list-hidden for more)"},
      {"version", "Generic Options", "", "Display the version of this program"},
      {"h", "Generic Options", "", "Alias for --help", Takes::Nothing, "help"}};
  return Generic;
}

// How --help spells an option: -p <build dir>, -j <n>, --format=<...>, --quiet.
std::string spelled(const Option &O) {
  bool Short = O.Name.size() == 1;
  std::string S = (Short ? "-" : "--") + O.Name;
  if (O.What != Takes::Nothing && !O.ValueDesc.empty())
    S += (Short ? " <" : "=<") + O.ValueDesc + ">";
  return S;
}

// Reads @file arguments in place; a file may name more files (at most 100 in all, so that a
// file naming itself is an error, not a loop).
bool expandResponseFiles(std::vector<std::string> &Args, std::string &Error) {
  for (size_t I = 0, Read = 0; I < Args.size();) {
    if (Args[I].size() < 2 || Args[I][0] != '@') {
      ++I;
      continue;
    }
    std::string Path = Args[I].substr(1);
    std::ifstream In(Path, std::ios::binary);
    if (!In) {
      Error = "cannot read the response file '" + Path + "': " + std::strerror(errno);
      return false;
    }
    if (++Read > 100) {
      Error = "more than 100 response files at '" + Path + "' (does one name itself?)";
      return false;
    }
    std::vector<std::string> More =
        splitResponseFile(std::string(std::istreambuf_iterator<char>(In), {}));
    Args.erase(Args.begin() + static_cast<long>(I));
    Args.insert(Args.begin() + static_cast<long>(I), More.begin(), More.end());
  }
  return true;
}

const Option *find(const Program &P, const std::string &Name) {
  for (const auto *List : {&P.Options, &genericOptions()})
    for (const Option &O : *List)
      if (O.Name == Name)
        return O.AliasOf.empty() ? &O : find(P, O.AliasOf);
  return nullptr;
}

std::string unknown(const Program &P, const std::string &Arg, const std::string &Dashes,
                    const std::string &Name, const std::string &Value, bool HasValue) {
  std::string Best;
  size_t BestDistance = std::max<size_t>(2, Name.size() / 4) + 1;
  for (const auto *List : {&P.Options, &genericOptions()})
    for (const Option &O : *List)
      if (size_t D = editDistance(Name, O.Name); D < BestDistance) {
        BestDistance = D;
        Best = O.Name;
      }
  std::string Error = "Unknown command line argument '" + Arg + "'.";
  if (!Best.empty())
    Error += " Did you mean '" + Dashes + Best + (HasValue ? "=" + Value : "") + "'?";
  return Error + " (see --help)";
}
} // namespace

std::string help(const Program &P, bool Flat) {
  std::vector<const Option *> All;
  for (const auto *List : {&P.Options, &genericOptions()})
    for (const Option &O : *List)
      All.push_back(&O);
  size_t Width = 0;
  for (const Option *O : All)
    Width = std::max(Width, spelled(*O).size());
  Width = std::min<size_t>(Width, 32);
  auto Lines = [&](const Option &O) {
    std::string S = "  " + spelled(O);
    std::string Text = O.AliasOf.empty() ? O.Help : "Alias for --" + O.AliasOf;
    S += std::string(S.size() < Width + 2 ? Width + 2 - S.size() : 1, ' ') + " - ";
    for (size_t Start = 0; Start <= Text.size();) {
      size_t End = Text.find('\n', Start);
      if (Start > 0)
        S += "\n" + std::string(Width + 5, ' ');
      S += Text.substr(Start, End == std::string::npos ? std::string::npos : End - Start);
      Start = End == std::string::npos ? Text.size() + 1 : End + 1;
    }
    return S + "\n";
  };
  auto ByName = [](const Option *A, const Option *B) { return A->Name < B->Name; };
  std::string Out = "OVERVIEW: " + P.Overview + "\n\nUSAGE: " + P.Name + " [options] " +
                    P.Positional + "\n\nOPTIONS:\n";
  if (Flat) {
    std::sort(All.begin(), All.end(), ByName);
    Out += "\n";
    for (const Option *O : All)
      Out += Lines(*O);
  } else {
    std::map<std::string, std::vector<const Option *>> Groups;
    for (const Option *O : All)
      Groups[O->Category].push_back(O);
    for (auto &[Category, Members] : Groups) {
      std::sort(Members.begin(), Members.end(), ByName);
      Out += "\n" + Category + ":\n\n";
      for (const Option *O : Members)
        Out += Lines(*O);
    }
  }
  return Out + P.Epilogue;
}

Outcome parse(const Program &P, const std::vector<std::string> &Given, Parsed &Out,
              std::string &Error, std::ostream &Stdout) {
  std::vector<std::string> Args = Given;
  if (!expandResponseFiles(Args, Error))
    return Outcome::Error;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg.size() < 2 || Arg[0] != '-') {
      Out.Positional.push_back(Arg);
      continue;
    }
    std::string Dashes = Arg.compare(0, 2, "--") == 0 ? "--" : "-";
    std::string Body = Arg.substr(Dashes.size());
    size_t Equals = Body.find('=');
    std::string Name = Body.substr(0, Equals);
    bool HasValue = Equals != std::string::npos;
    std::string Value = HasValue ? Body.substr(Equals + 1) : "";
    if (Name == "help-hidden" || Name == "help-list-hidden") { // nothing is hidden
      Stdout << help(P, Name == "help-list-hidden");
      return Outcome::Printed;
    }
    const Option *O = find(P, Name);
    if (!O) // -j4: a prefix option and its value in one argument
      for (const Option &Candidate : P.Options)
        if (Candidate.What == Takes::Prefix && Body.size() > Candidate.Name.size() &&
            Body.compare(0, Candidate.Name.size(), Candidate.Name) == 0) {
          O = &Candidate;
          HasValue = true;
          Value = Body.substr(Candidate.Name.size());
          if (!Value.empty() && Value[0] == '=')
            Value = Value.substr(1);
          break;
        }
    if (!O) {
      Error = unknown(P, Arg, Dashes, Name, Value, HasValue);
      return Outcome::Error;
    }
    if (O->Name == "help" || O->Name == "help-list") {
      Stdout << help(P, O->Name == "help-list");
      return Outcome::Printed;
    }
    if (O->Name == "version") {
      Stdout << P.Version << "\n";
      return Outcome::Printed;
    }
    std::string Spelled = (O->Name.size() == 1 ? "-" : "--") + O->Name;
    if (O->What == Takes::Nothing) {
      if (HasValue && Value != "true" && Value != "false" && Value != "1" && Value != "0") {
        Error = Spelled + " takes no value, or true or false, not '" + Value + "'";
        return Outcome::Error;
      }
      Out.Given[O->Name].push_back(!HasValue || Value == "true" || Value == "1" ? "true" : "false");
      continue;
    }
    if (!HasValue) {
      if (I + 1 == Args.size()) {
        Error = Spelled + " needs a value (see --help)";
        return Outcome::Error;
      }
      Value = Args[++I];
    }
    Out.Given[O->Name].push_back(Value);
  }
  return Outcome::Run;
}

} // namespace hostsync::cli
