#include "join/RuleGuess.h"

#include "rules/StallRules.h"

namespace hostsync::report {

std::string bareFunctionName(const std::string &f) {
  // The parameter list is the first '(' that opens no "(anonymous namespace)" and does
  // not name "operator()".
  size_t paren = f.find('(');
  while (paren != std::string::npos) {
    if (f.compare(paren, 21, "(anonymous namespace)") == 0)
      paren = f.find('(', paren + 21);
    else if (paren >= 8 && f.compare(paren - 8, 10, "operator()") == 0)
      paren = f.find('(', paren + 2);
    else
      break;
  }
  std::string s = f.substr(0, paren);
  // Drop a return type ("void at::native::foo<...>") but not template arguments, nor the
  // type of a conversion operator ("thrust::reference<...>::operator float").
  int depth = 0;
  size_t lastSpace = std::string::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<' || s[i] == '(')
      ++depth;
    else if (s[i] == '>' || s[i] == ')')
      --depth;
    else if (s[i] == ' ' && depth == 0 && !(i >= 8 && s.compare(i - 8, 8, "operator") == 0))
      lastSpace = i;
  }
  return lastSpace == std::string::npos ? s : s.substr(lastSpace + 1);
}

std::string guessRule(const std::vector<std::string> &functions, const std::string &api,
                      const std::string &cls, std::string *matched,
                      const std::vector<std::string> &atenOps) {
  std::vector<std::string> bare;
  for (const std::string &f : functions)
    bare.push_back(bareFunctionName(f));
  StallRule r = ruleOfStall(Catalog::embedded(), bare, api, cls, atenOps);
  if (matched)
    *matched = r.Function;
  return r.Rule;
}

bool isLibraryFunction(const std::string &bareName) {
  return hostsync::isLibraryFunction(Catalog::embedded(), bareName);
}

} // namespace hostsync::report
