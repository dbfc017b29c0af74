#include "symbolize/SourceHashes.h"

#include <cinttypes>
#include <cstdio>
#include <fstream>

namespace hostsync::trace {

std::string sourceFileHash(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return "";
  uint64_t h = 14695981039346656037ull; // FNV-1a, 64 bits
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    for (std::streamsize i = 0; i < in.gcount(); ++i) {
      h ^= static_cast<unsigned char>(buf[i]);
      h *= 1099511628211ull;
    }
    if (!in)
      break;
  }
  if (in.bad())
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
