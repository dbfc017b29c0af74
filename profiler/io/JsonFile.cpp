#include "io/JsonFile.h"

#include "common/JsonText.h"

#include "common/JsonSyntax.h"

#include <fstream>
#include <iterator>

#ifdef HOSTSYNC_HAVE_ZLIB
#include <zlib.h>
#endif

namespace hostsync::trace {

namespace {
// The whole decompressed content of a gzip file; false with the reason in error.
bool readGzip(const std::string &path, std::string &text, std::string &error) {
#ifdef HOSTSYNC_HAVE_ZLIB
  gzFile in = gzopen(path.c_str(), "rb");
  if (!in) {
    error = path + ": cannot read the file";
    return false;
  }
  char buf[1 << 16];
  int n;
  while ((n = gzread(in, buf, sizeof buf)) > 0)
    text.append(buf, static_cast<size_t>(n));
  int code = Z_OK;
  const char *why = gzerror(in, &code);
  bool ok = n == 0 && (code == Z_OK || code == Z_STREAM_END);
  if (!ok)
    error = path + ": not valid gzip (truncated or corrupt?): " + (why ? why : "read error");
  gzclose(in);
  return ok;
#else
  (void)text;
  error = path + ": gzip-compressed, and this build has no zlib (install zlib1g-dev and "
                 "rebuild, or gunzip the file)";
  return false;
#endif
}
} // namespace

bool isGzipFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char magic[2] = {0, 0};
  in.read(reinterpret_cast<char *>(magic), 2);
  return in.gcount() == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

bool gzipText(const std::string &text, std::string &out) {
#ifdef HOSTSYNC_HAVE_ZLIB
  z_stream z{};
  // 15 + 16: the largest window, with a gzip header and trailer.
  if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
    return false;
  out.resize(deflateBound(&z, text.size()));
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef *>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return rc == Z_STREAM_END;
#else
  (void)text;
  (void)out;
  return false;
#endif
}

std::string jsonText(const nlohmann::ordered_json &doc, int indent) {
  return text::outputJson(doc, indent) + "\n";
}

bool readJsonFile(const std::string &path, nlohmann::ordered_json &doc, std::string &error) {
  // The whole text first, from either form; then one parse with one error message.
  std::string text;
  bool gzip = isGzipFile(path);
  if (gzip) {
    if (!readGzip(path, text, error))
      return false;
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error = path + ": cannot read the file";
      return false;
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  text::JsonSyntaxError bad;
  if (text::parseJsonText(text, doc, bad))
    return true;
  // A compressed file's line and column are not in the file a reader opens: "PATH:LINE:COL"
  // would send an editor to the wrong place, so they are said to be the decompressed text's.
  if (gzip)
    error = path + ": not valid JSON at " + bad.where + " of the decompressed text: " + bad.what;
  else
    error = path + ":" + bad.where + ": not valid JSON: " + bad.what;
  return false;
}

} // namespace hostsync::trace
