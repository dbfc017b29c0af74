#include "common/JsonSyntax.h"

#include <algorithm>

namespace hostsync::text {

using J = nlohmann::ordered_json;

namespace {
// nlohmann's DOM builder, keeping the first error's position where the stock one throws it
// away (parse_error has only a byte count; a number overflow, none). sax_parse calls the
// handler's methods by its static type, so this parse_error is the one called.
struct PositionKeeper : nlohmann::detail::json_sax_dom_parser<J> {
  using nlohmann::detail::json_sax_dom_parser<J>::json_sax_dom_parser;
  size_t position = 0; // bytes read when the parser gave up
  std::string token, what;
  bool overflow = false;
  bool parse_error(size_t bytesRead, const std::string &lastToken,
                   const nlohmann::detail::exception &e) {
    position = bytesRead;
    token = lastToken;
    what = e.what();
    overflow = e.id == 406;
    return false;
  }
};

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error while
// parsing object key - unexpected '}'; expected string literal" -> "unexpected '}';
// expected string literal" (the position is said in our own way, before it).
std::string syntaxWhat(std::string s) {
  if (s.rfind("[json.exception.", 0) == 0 && s.find("] ") != std::string::npos)
    s = s.substr(s.find("] ") + 2);
  if (s.rfind("parse error", 0) == 0 && s.find(": ") != std::string::npos)
    s = s.substr(s.find(": ") + 2);
  if (s.rfind("syntax error", 0) == 0 && s.find(" - ") != std::string::npos)
    s = s.substr(s.find(" - ") + 3);
  // "; last read: '...'" quotes the file's bytes (escaped, up to the parser's position): the
  // line and column say where they are.
  size_t quote = s.find("; last read: ");
  if (quote != std::string::npos) {
    size_t next = s.find("; expected", quote + 1);
    s.erase(quote, next == std::string::npos ? std::string::npos : next - quote);
  }
  return s;
}
} // namespace

bool parseJsonText(const std::string &text, J &doc, JsonSyntaxError &error) {
  PositionKeeper sax(doc, false);
  if (J::sax_parse(text, &sax))
    return true;
  // The parser stops on the byte it could not take (or at the end: offset text.size()); a
  // number too large is pointed at from its first digit, which its token names.
  size_t read = std::min(sax.position, text.size() + 1);
  size_t offset = read > 0 ? read - 1 : 0;
  if (sax.overflow && sax.token.size() <= read)
    offset = read - sax.token.size();
  error.where = lineColumn(text, offset);
  error.what = syntaxWhat(sax.what);
  doc = J();
  return false;
}

std::string lineColumn(const std::string &text, size_t offset) {
  offset = std::min(offset, text.size());
  size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
  size_t lineStart = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  size_t column = offset - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1;
  return std::to_string(line) + ":" + std::to_string(column);
}

} // namespace hostsync::text
