#include "python/PythonFrames.h"

#include "python/CPythonLayouts.h"

#include <cstdio>
#include <cstring>
#include <dlfcn.h>

namespace hostsync::trace {

namespace {

template <typename T> T field(const void *base, int offset) {
  T value;
  std::memcpy(&value, static_cast<const char *>(base) + offset, sizeof value);
  return value;
}

const void *pointerAt(const void *base, int offset) { return field<const void *>(base, offset); }

// Appends the UTF-8 encoding of a code point.
void appendUtf8(std::string &out, uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// The text of a compact str object (code objects' names and file names always are), read
// from its fields; "?" for anything else. At most 1024 characters.
std::string strText(const CPythonLayout &l, const void *str) {
  if (!str)
    return "?";
  uint32_t state = field<uint32_t>(str, l.str_state);
  int64_t length = field<int64_t>(str, l.str_length);
  unsigned kind = (state >> l.kind_shift) & 7;
  bool compact = (state >> l.compact_bit) & 1, ascii = (state >> l.ascii_bit) & 1;
  if (!compact || length < 0 || (kind != 1 && kind != 2 && kind != 4))
    return "?";
  const char *data =
      static_cast<const char *>(str) + (ascii ? l.str_ascii_size : l.str_compact_size);
  size_t n = static_cast<size_t>(length < 1024 ? length : 1024);
  if (ascii)
    return std::string(data, n);
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    uint32_t c = kind == 1   ? static_cast<uint8_t>(data[i])
                 : kind == 2 ? field<uint16_t>(data, static_cast<int>(2 * i))
                             : field<uint32_t>(data, static_cast<int>(4 * i));
    appendUtf8(out, c);
  }
  return out;
}

// 3.13 publishes its own offsets for debuggers (_PyRuntime.debug_offsets); where they are
// there, they must agree with the table and say the build has a GIL.
std::string checkDebugOffsets(const CPythonLayout &l, const void *runtime) {
  if (l.minor != 13 || !runtime)
    return "";
  if (std::memcmp(runtime, "xdebugpy", 8) != 0)
    return "CPython 3.13 without its debug offsets";
  if (field<uint64_t>(runtime, 16) != 0)
    return "free-threaded CPython build: Python frames are not read";
  // Positions in 3.13's _Py_DebugOffsets (Include/internal/pycore_runtime.h).
  struct Check {
    int at;
    int16_t expected;
  } checks[] = {{184, l.tstate_frame}, {232, l.previous},   {240, l.code},
                {248, l.instr},        {264, l.owner},      {280, l.co_filename},
                {296, l.co_name},      {344, l.co_adaptive}};
  for (const Check &c : checks)
    if (field<uint64_t>(runtime, c.at) != static_cast<uint64_t>(c.expected))
      return "CPython 3.13 build with another frame layout: Python frames are not read";
  return "";
}

} // namespace

std::string PythonFrameReader::start() {
  auto version = reinterpret_cast<const char *(*)()>(dlsym(RTLD_DEFAULT, "Py_GetVersion"));
  if (!version)
    return "no CPython in this process";
  int major = 0, minor = 0;
  if (std::sscanf(version(), "%d.%d", &major, &minor) != 2)
    return "unrecognised CPython version";
  const CPythonLayout *layout = nullptr;
  for (const CPythonLayout &l : kCPythonLayouts)
    if (l.major == major && l.minor == minor)
      layout = &l;
  if (!layout)
    return "CPython " + std::to_string(major) + "." + std::to_string(minor) +
           ": Python frames are read for 3.10 to 3.13";
  thisThreadState_ =
      reinterpret_cast<void *(*)()>(dlsym(RTLD_DEFAULT, "PyGILState_GetThisThreadState"));
  isInitialized_ = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "Py_IsInitialized"));
  addr2line_ = reinterpret_cast<int (*)(void *, int)>(dlsym(RTLD_DEFAULT, "PyCode_Addr2Line"));
  codeType_ = dlsym(RTLD_DEFAULT, "PyCode_Type");
  if (!thisThreadState_ || !isInitialized_ || !addr2line_ || !codeType_)
    return "CPython without the functions frames are read with";
  if (std::string why = checkDebugOffsets(*layout, dlsym(RTLD_DEFAULT, "_PyRuntime")); !why.empty())
    return why;
  layout_ = layout;
  return "";
}

std::string PythonFrameReader::version() const {
  return layout_ ? std::to_string(layout_->major) + "." + std::to_string(layout_->minor) : "";
}

template <typename Visit> int PythonFrameReader::walk(int max, Visit visit) const {
  if (!layout_ || max <= 0 || !isInitialized_())
    return 0;
  const CPythonLayout &l = *layout_;
  const void *tstate = thisThreadState_();
  if (!tstate)
    return 0;
  const void *frame = pointerAt(tstate, l.tstate_frame);
  if (frame && l.cframe_frame >= 0)
    frame = pointerAt(frame, l.cframe_frame);
  int n = 0;
  // Bounded: a chain longer than this is not walked to its end (recursion deeper than 4096).
  for (int hops = 0; frame && n < max && hops < 4096;
       ++hops, frame = pointerAt(frame, l.previous)) {
    const void *code = pointerAt(frame, l.code);
    if (!code || pointerAt(code, l.ob_type) != codeType_)
      continue; // 3.13: a frame that runs no code object
    int offset = 0;
    if (l.owner >= 0) {
      if (field<char>(frame, l.owner) == 3)
        continue; // FRAME_OWNED_BY_CSTACK (3.12+): the interpreter's own entry shim
      auto *instr = static_cast<const char *>(pointerAt(frame, l.instr));
      const char *bytecode = static_cast<const char *>(code) + l.co_adaptive;
      if (instr < bytecode + 2 * field<int>(code, l.co_firsttraceable))
        continue; // incomplete: the frame has not started its first line yet
      offset = static_cast<int>(instr - bytecode);
    } else {
      offset = 2 * field<int>(frame, l.instr); // 3.10: f_lasti counts code units
    }
    ++n;
    if (!visit(code, offset))
      break;
  }
  return n;
}

int PythonFrameReader::capture(PythonFrameRef *out, int max) {
  return walk(max, [&](const void *code, int offset) {
    PythonFrameRef &f = *out++;
    f.file = intern(pointerAt(code, layout_->co_filename));
    f.function = intern(pointerAt(code, layout_->co_name));
    f.line = addr2line_(const_cast<void *>(code), offset);
    return true;
  });
}

int PythonFrameReader::codeRefs(uint64_t *out, int max) const {
  return walk(max, [&](const void *code, int offset) {
    *out++ = reinterpret_cast<uintptr_t>(code);
    *out++ = static_cast<uint64_t>(offset);
    return true;
  });
}

int PythonFrameReader::resolve(const uint64_t *refs, int n, PythonFrameRef *out) {
  if (!layout_)
    return 0;
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    const void *code = reinterpret_cast<const void *>(refs[2 * i]);
    if (!code || pointerAt(code, layout_->ob_type) != codeType_)
      continue;
    PythonFrameRef &f = out[kept++];
    f.file = intern(pointerAt(code, layout_->co_filename));
    f.function = intern(pointerAt(code, layout_->co_name));
    f.line = addr2line_(const_cast<void *>(code), static_cast<int>(refs[2 * i + 1]));
  }
  return kept;
}

uint64_t PythonFrameReader::stackKey(int max) const {
  uint64_t hash = 14695981039346656037ull; // FNV-1a over (code, offset) pairs
  auto mix = [&](uint64_t v) {
    for (int i = 0; i < 8; ++i, v >>= 8)
      hash = (hash ^ (v & 0xff)) * 1099511628211ull;
  };
  int n = walk(max, [&](const void *code, int offset) {
    mix(reinterpret_cast<uintptr_t>(code));
    mix(static_cast<uint64_t>(offset));
    return true;
  });
  return n ? (hash | 1) : 0;
}

uint32_t PythonFrameReader::intern(const void *unicode) {
  std::string text = strText(*layout_, unicode);
  std::lock_guard<std::mutex> lock(mutex_);
  auto [it, fresh] = ids_.emplace(std::move(text), static_cast<uint32_t>(strings_.size()));
  if (fresh)
    strings_.push_back(it->first);
  return it->second;
}

std::vector<std::string> PythonFrameReader::strings() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return strings_;
}

} // namespace hostsync::trace
