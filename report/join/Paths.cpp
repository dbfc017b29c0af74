#include "join/Paths.h"

#include "common/Lines.h"
#include "common/Utf8.h"
#include "io/RegularFile.h"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace hostsync::report {

namespace {
std::vector<std::string> components(const std::string &path) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at <= path.size()) {
    size_t slash = std::min(path.find('/', at), path.size());
    std::string c = path.substr(at, slash - at);
    if (!c.empty() && c != ".")
      out.push_back(c);
    at = slash + 1;
  }
  return out;
}

size_t commonTail(const std::vector<std::string> &a, const std::vector<std::string> &b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n])
    ++n;
  return n;
}
} // namespace

std::string relativeTo(const std::string &path, const std::string &root) {
  std::string r = root;
  while (r.size() > 1 && r.back() == '/')
    r.pop_back();
  if (!r.empty() && path.size() > r.size() && path.compare(0, r.size(), r) == 0 &&
      path[r.size()] == '/')
    return path.substr(r.size() + 1);
  return path.rfind("./", 0) == 0 ? path.substr(2) : path;
}

std::string matchKnownFile(const std::string &path, const std::vector<std::string> &known) {
  if (std::find(known.begin(), known.end(), path) != known.end())
    return path;
  std::vector<std::string> mine = components(path);
  size_t best = 0;
  const std::string *choice = nullptr;
  bool tie = false;
  for (const std::string &k : known) {
    size_t n = commonTail(mine, components(k));
    if (n > best) {
      best = n;
      choice = &k;
      tie = false;
    } else if (n == best && n > 0 && choice && *choice != k) {
      tie = true;
    }
  }
  return choice && !tie ? *choice : path;
}

std::string sourceLine(const std::string &file, int line, const std::string &root) {
  for (const std::string &path : {file, root + "/" + file}) {
    // A path a trace names may be a FIFO or a device here: only a regular file is read
    // (one from /dev/zero would be a line without end).
    if (!trace::isRegularFile(path))
      continue;
    std::ifstream in(path, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Lines as compilers count them ("\r" alone ends one too); the text under the rule of
    // common/Utf8.h, as every hostsync output shows text from a user's file.
    size_t at = text::offsetOf(content, static_cast<unsigned>(std::max(line, 1)), 1);
    if (line < 1 || text::lineColumnOf(content, at).first != static_cast<unsigned>(line))
      return ""; // past the file's end
    std::string text(text::lineAt(content, at));
    size_t a = text.find_first_not_of(" \t");
    return a == std::string::npos ? "" : text::validUtf8(text.substr(a));
  }
  return "";
}

} // namespace hostsync::report
