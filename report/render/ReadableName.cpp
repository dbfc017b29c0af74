#include "render/ReadableName.h"

#include <cctype>
#include <cstring>
#include <string>
#include <vector>

namespace hostsync::report {

namespace {
// Longest first: "operator<<=" is not "operator<" followed by "<=".
const char *const kOperators[] = {
    "<<=", ">>=", "<=>", "->*", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++",
    "--",  "+=",  "-=",  "*=",  "/=", "%=", "&=", "|=", "^=", "->", "()", "[]", "<",
    ">",   "+",   "-",   "*",   "/",  "%",  "^",  "&",  "|",  "~",  "!",  "=",  ","};
const char *const kAnonymous = "(anonymous namespace)";

bool identChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

// Reads a demangled name left to right. Every method returns false on text that is not a
// name it knows; readableName then gives the text back as it was.
struct Reader {
  const std::string &s;
  size_t i = 0;

  bool at(const char *t) const { return s.compare(i, std::strlen(t), t) == 0; }
  bool eat(const char *t) {
    if (!at(t))
      return false;
    i += std::strlen(t);
    return true;
  }
  // A keyword, not the start of a longer name (" const" but not " constant").
  bool eatWord(const char *t) {
    size_t n = std::strlen(t);
    if (!at(t) || (i + n < s.size() && identChar(s[i + n])))
      return false;
    i += n;
    return true;
  }

  // Skips one bracketed group starting at s[i]: <...>, (...), [...] or {...}, with every
  // kind nested inside. Angle brackets count only where a template argument list can be
  // (directly inside <...>): in a parameter list "a<b" or "->" are no brackets.
  bool skipGroup() {
    std::vector<char> closers;
    do {
      char c = s[i];
      bool angles = closers.empty() || closers.back() == '>';
      if (c == '(' || c == '[' || c == '{' || (c == '<' && angles))
        closers.push_back(c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : '>');
      else if (angles && !closers.empty() && c == '-' && i + 1 < s.size() && s[i + 1] == '>')
        ++i; // "->" inside template arguments (a decltype), not a closing bracket
      else if (!closers.empty() && c == closers.back())
        closers.pop_back();
      ++i;
    } while (!closers.empty() && i < s.size());
    return closers.empty();
  }

  // After "operator": the operator's symbol, or " new[]", or a conversion's type.
  bool operatorName(std::string &name) {
    for (const char *op : kOperators)
      if (eat(op)) {
        name += op;
        return true;
      }
    for (const char *word : {" new[]", " delete[]", " new", " delete", " co_await"})
      if (eat(word)) {
        name += word;
        return true;
      }
    if (!eat(" "))
      return false;
    name += " "; // a conversion: "operator float", "operator std::vector<…>"
    while (i < s.size() && s[i] != '(') {
      if (s[i] == '<') {
        if (!skipGroup())
          return false;
        name += "<…>";
      } else {
        name += s[i++];
      }
    }
    return true;
  }

  // One component of a qualified name, with its template arguments shortened and its
  // parameter list and qualifiers dropped.
  bool component(std::string &name) {
    name.clear();
    if (eat(kAnonymous)) {
      name = kAnonymous;
      return true;
    }
    if (at("{")) { // "{lambda(at::Tensor const&)#1}" -> "{lambda#1}"; "{unnamed type#1}"
      size_t start = i;
      if (!skipGroup())
        return false;
      name = s.substr(start, i - start);
      size_t hash = name.rfind('#');
      if (name.rfind("{lambda(", 0) == 0 && hash != std::string::npos)
        name = "{lambda" + name.substr(hash);
    } else if (at("'")) { // LLVM's demangler: "'lambda'(int)", "'lambda0'(int)", "'unnamed'"
      size_t close = s.find('\'', i + 1);
      if (close == std::string::npos)
        return false;
      name = s.substr(i, close + 1 - i);
      i = close + 1;
    } else {
      size_t start = i;
      while (i < s.size() && identChar(s[i]))
        ++i;
      name = s.substr(start, i - start);
      if (name.empty())
        return false;
      if (name == "operator" && !operatorName(name))
        return false;
    }
    bool spacedArgs = name.rfind("operator", 0) == 0 && at(" <"); // "operator<< <char>"
    if (spacedArgs)
      ++i;
    if (at("<")) {
      if (!skipGroup())
        return false;
      name += spacedArgs ? " <…>" : "<…>";
    }
    if (at("[abi:") && !skipGroup()) // "[abi:cxx11]": how it is compiled, not its name
      return false;
    if (at("(")) {
      if (!skipGroup())
        return false;
      while (eatWord(" const") || eatWord(" volatile") || eat(" &&") || eat(" &") ||
             eatWord(" noexcept"))
        ;
    }
    return true;
  }

  bool qualifiedName(std::vector<std::string> &parts) {
    parts.clear();
    eat("::");
    std::string part;
    do {
      if (!component(part))
        return false;
      parts.push_back(part);
    } while (eat("::"));
    return true;
  }

  // What may follow a return type's name before the space: "const", "&", "*".
  void skipTypeSuffix() {
    while (eatWord(" const") || eatWord(" volatile") || eat("&&") || eat("&") || eat("*"))
      ;
  }
};

// GCC's " [clone .cold]", " [clone .constprop.0]": parts of one function, not other names.
std::string withoutCloneSuffixes(std::string s) {
  for (size_t at; (at = s.rfind(" [clone ")) != std::string::npos && s.back() == ']';)
    s.erase(at);
  return s;
}
} // namespace

std::string readableName(const std::string &demangled) {
  const std::string s = withoutCloneSuffixes(demangled);
  Reader r{s};
  std::vector<std::string> parts;
  // A name followed by a space was a return type ("void", "at::Tensor const&"): the
  // function's own name starts after it.
  while (true) {
    if (r.i >= s.size() || !r.qualifiedName(parts))
      return demangled;
    r.skipTypeSuffix();
    if (r.i == s.size())
      break;
    if (!r.eat(" "))
      return demangled;
  }
  std::string out;
  for (const std::string &p : parts)
    if (p != kAnonymous) // says where it is declared, which the file:line beside it says too
      out += (out.empty() ? "" : "::") + p;
  return out.empty() ? demangled : out;
}

} // namespace hostsync::report
