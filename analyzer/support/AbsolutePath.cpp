#include "support/AbsolutePath.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <vector>

namespace hostsync {

std::string currentDirectory() {
  const char *Pwd = std::getenv("PWD");
  struct stat PwdStat, DotStat;
  if (Pwd && Pwd[0] == '/' && stat(Pwd, &PwdStat) == 0 && stat(".", &DotStat) == 0 &&
      PwdStat.st_dev == DotStat.st_dev && PwdStat.st_ino == DotStat.st_ino)
    return Pwd;
  std::vector<char> Buffer(4096);
  while (!getcwd(Buffer.data(), Buffer.size())) {
    if (Buffer.size() > (1u << 20)) // not a length problem: an unreadable directory
      return ".";
    Buffer.resize(Buffer.size() * 2);
  }
  return Buffer.data();
}

std::string withoutDots(std::string_view Path) {
  bool Absolute = !Path.empty() && Path.front() == '/';
  std::vector<std::string_view> Parts;
  while (!Path.empty()) {
    size_t Slash = Path.find('/');
    std::string_view Part = Path.substr(0, Slash);
    Path = Slash == std::string_view::npos ? std::string_view() : Path.substr(Slash + 1);
    if (Part.empty() || Part == ".")
      continue;
    if (Part == ".." && !Parts.empty() && Parts.back() != "..") {
      Parts.pop_back();
      continue;
    }
    if (Part == ".." && Absolute) // nothing above the root
      continue;
    Parts.push_back(Part);
  }
  std::string Out = Absolute ? "/" : "";
  for (size_t I = 0; I < Parts.size(); ++I)
    Out.append(I ? "/" : "").append(Parts[I]);
  return Out;
}

} // namespace hostsync
