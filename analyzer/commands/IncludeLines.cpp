#include "commands/IncludeLines.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

namespace hostsync {

std::vector<IncludeLine> includeLinesOf(const std::string &File) {
  std::vector<IncludeLine> Out;
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return Out;
  llvm::StringRef Text = (*Buf)->getBuffer();
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim();
    if (Line.empty() || (Line[0] != '"' && Line[0] != '<'))
      continue;
    char Close = Line[0] == '"' ? '"' : '>';
    size_t End = Line.find(Close, 1);
    if (End != llvm::StringRef::npos && End > 1)
      Out.push_back({Line.substr(1, End - 1).str(), Close == '"'});
  }
  return Out;
}

} // namespace hostsync
