#include "symbolize/SourceHashes.h"

#include "io/RegularFile.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <unistd.h>

namespace hostsync::trace {

std::string sourceFileHash(const std::string &path) {
  // A regular file only, and only the bytes it had when opened: a source path that is a FIFO
  // or /dev/zero on this machine must not stop symbolize or the report (RegularFile.h).
  uint64_t left = 0;
  int fd = openRegularFile(path, left);
  if (fd < 0)
    return "";
  uint64_t h = 14695981039346656037ull; // FNV-1a, 64 bits
  char buf[1 << 16];
  bool ok = true;
  while (left > 0) {
    ssize_t n = read(fd, buf, left < sizeof buf ? static_cast<size_t>(left) : sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) { // an error, or the file shrank while it was read
      ok = n == 0;
      break;
    }
    for (ssize_t i = 0; i < n; ++i) {
      h ^= static_cast<unsigned char>(buf[i]);
      h *= 1099511628211ull;
    }
    left -= static_cast<uint64_t>(n);
  }
  close(fd);
  if (!ok)
    return "";
  char hex[32];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, h);
  return std::string("fnv1a64:") + hex;
}

SourceHashes sourceHashesOf(const nlohmann::ordered_json &doc) {
  SourceHashes out;
  auto it = doc.find("sources");
  if (it == doc.end() || !it->is_object())
    return out;
  for (const auto &[file, entry] : it->items())
    if (entry.is_object() && entry.contains("hash") && entry["hash"].is_string())
      out[file] = entry["hash"].get<std::string>();
  return out;
}

void storeSourceHashes(nlohmann::ordered_json &doc,
                       const std::map<std::string, std::string> &readPathOf) {
  SourceHashes earlier = sourceHashesOf(doc);
  nlohmann::ordered_json sources = nlohmann::ordered_json::object();
  for (const auto &[file, readPath] : readPathOf) {
    std::string hash = sourceFileHash(readPath);
    if (hash.empty() && earlier.count(file))
      hash = earlier[file];
    if (!hash.empty())
      sources[file] = {{"hash", hash}};
  }
  doc["sources"] = sources;
}

} // namespace hostsync::trace
