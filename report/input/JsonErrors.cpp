#include "input/JsonErrors.h"

#include "io/JsonFile.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace hostsync::report {

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

// "syntax error while parsing object key - unexpected '}'; expected string literal" (its
// position said before it, in nlohmann's way) -> "unexpected '}'; expected string literal".
std::string syntaxWhat(const std::string &what) {
  std::string s = plainMessage(std::runtime_error(what));
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

// Where a plain file's text stops being JSON, or false when it is JSON.
bool syntaxError(const std::string &path, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  J doc;
  PositionKeeper sax(doc, false);
  if (J::sax_parse(text, &sax))
    return false;
  // The parser stops on the byte it could not take (or at the end: offset text.size()); a
  // number too large is pointed at from its first digit, which its token names.
  size_t read = std::min(sax.position, text.size() + 1);
  size_t offset = read > 0 ? read - 1 : 0;
  if (sax.overflow && sax.token.size() <= read)
    offset = read - sax.token.size();
  error = path + ":" + lineColumn(text, offset) + ": not valid JSON: " + syntaxWhat(sax.what);
  return true;
}
} // namespace

std::string lineColumn(const std::string &text, size_t offset) {
  offset = std::min(offset, text.size());
  size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
  size_t lineStart = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  size_t column = offset - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1;
  return std::to_string(line) + ":" + std::to_string(column);
}

std::string plainMessage(const std::exception &e) {
  std::string s = e.what();
  if (s.rfind("[json.exception.", 0) == 0 && s.find("] ") != std::string::npos)
    s = s.substr(s.find("] ") + 2);
  return s;
}

bool readJson(const std::string &path, J &doc, std::string &error, JsonReader read) {
  try {
    if (read(path, doc, error))
      return true;
  } catch (const J::exception &e) { // a number overflow leaves the shared readers this way
    error = path + ": not valid JSON: " + plainMessage(e);
  }
  std::string where;
  if (!trace::isGzipFile(path) && syntaxError(path, where))
    error = where;
  return false;
}

} // namespace hostsync::report
