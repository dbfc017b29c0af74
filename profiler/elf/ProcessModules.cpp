#include "elf/ProcessModules.h"

#include "io/RegularFile.h"

#include <elf.h>
#include <link.h>

#include <climits>
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace hostsync::trace {

namespace {
// Finds NT_GNU_BUILD_ID among the notes of one PT_NOTE segment.
std::string buildIdInNotes(const uint8_t *p, size_t size) {
  auto align4 = [](size_t n) { return (n + 3) & ~size_t(3); };
  size_t at = 0;
  while (at + sizeof(Elf64_Nhdr) <= size) {
    Elf64_Nhdr h;
    std::memcpy(&h, p + at, sizeof h);
    size_t name = at + sizeof h, desc = name + align4(h.n_namesz);
    if (desc + h.n_descsz > size)
      break;
    if (h.n_type == NT_GNU_BUILD_ID && h.n_namesz == 4 && std::memcmp(p + name, "GNU", 4) == 0) {
      static const char hex[] = "0123456789abcdef";
      std::string id;
      for (size_t i = 0; i < h.n_descsz; ++i) {
        id += hex[p[desc + i] >> 4];
        id += hex[p[desc + i] & 15];
      }
      return id;
    }
    at = desc + align4(h.n_descsz);
  }
  return "";
}

std::string executablePath() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

int addModule(dl_phdr_info *info, size_t, void *data) {
  auto &out = *static_cast<std::vector<Module> *>(data);
  Module m;
  m.path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name
           : out.empty()                       ? executablePath()
                                               : "";
  if (m.path.empty() || m.path.rfind("linux-vdso", 0) == 0)
    return 0;
  m.base = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && ph.p_vaddr + ph.p_memsz > m.size)
      m.size = ph.p_vaddr + ph.p_memsz;
    if (ph.p_type == PT_NOTE && m.build_id.empty())
      m.build_id = buildIdInNotes(reinterpret_cast<const uint8_t *>(info->dlpi_addr + ph.p_vaddr),
                                  ph.p_memsz);
  }
  out.push_back(m);
  return 0;
}
} // namespace

std::vector<Module> loadedModules() {
  std::vector<Module> out;
  dl_iterate_phdr(addModule, &out);
  return out;
}

std::string buildIdOfFile(const std::string &path) {
  if (!isRegularFile(path)) // a FIFO would block the open below
    return "";
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr eh;
  if (!in.read(reinterpret_cast<char *>(&eh), sizeof eh) ||
      std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_phentsize != sizeof(Elf64_Phdr))
    return "";
  for (int i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph;
    in.seekg(static_cast<std::streamoff>(eh.e_phoff + i * sizeof ph));
    if (!in.read(reinterpret_cast<char *>(&ph), sizeof ph))
      return "";
    if (ph.p_type != PT_NOTE || ph.p_filesz > (1u << 20))
      continue;
    std::string notes(ph.p_filesz, '\0');
    in.seekg(static_cast<std::streamoff>(ph.p_offset));
    if (!in.read(notes.data(), static_cast<std::streamsize>(notes.size())))
      return "";
    std::string id = buildIdInNotes(reinterpret_cast<const uint8_t *>(notes.data()), notes.size());
    if (!id.empty())
      return id;
  }
  return "";
}

const Module *moduleOf(const std::vector<Module> &modules, uint64_t address) {
  for (const Module &m : modules)
    if (address >= m.base && address - m.base < m.size)
      return &m;
  return nullptr;
}

} // namespace hostsync::trace
