#include "render/MarkdownText.h"

#include "render/Format.h"

#include <algorithm>

namespace hostsync::report {

namespace {
// One line, and no "|" that a table would take for a cell's end (GFM reads "\|" as a pipe
// inside code spans too).
std::string tableSafe(const std::string &s) {
  std::string out;
  for (char c : s)
    if (c == '\n' || c == '\r')
      out += ' ';
    else if (c == '|')
      out += "\\|";
    else
      out += c;
  return out;
}
} // namespace

std::string markdownCode(const std::string &s) {
  if (s.empty())
    return "";
  size_t longest = 0, run = 0;
  for (char c : s) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`'), body = tableSafe(s);
  // A span's content that starts or ends with a backtick needs a space against the fence;
  // one that starts and ends with spaces loses one of each: a space each side keeps both.
  bool pad =
      body.front() == '`' || body.back() == '`' || (body.front() == ' ' && body.back() == ' ');
  return pad ? fence + " " + body + " " + fence : fence + body + fence;
}

std::string markdownText(const std::string &s) {
  // Markdown renders entities as the characters they name, and raw HTML as HTML: the same
  // escapes as the HTML report's, then the backtick that would open a code span.
  std::string out;
  for (char c : htmlEscape(tableSafe(s)))
    out += c == '`' ? std::string("\\`") : std::string(1, c);
  return out;
}

} // namespace hostsync::report
