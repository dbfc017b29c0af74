// The keys that name a device fact across translation units (model/DeviceFacts.h solves
// them). Every file that sees a declaration must build the same key for it, so a key is
// built from qualified names and canonical parameter types, never from a file or a line.
// A function's signature is `<qualified name>(<canonical parameter types, comma-separated>)`.
//
//   ret:<signature>             what the function's return statements give
//   arg:<signature>#<i>         what the project's calls pass for parameter i
//   fill:<signature>#<i>        what the function stores into the container parameter i
//   field:<class>::<member>     what the project's code stores into the data member
//   module:<class>              where the project moves modules of a user module class
//                               (`model->to(device)`, the module that holds it as a member,
//                               a base class's moves): evidence only, see isEvidenceKey
//
// The Clang side (analysis/TensorFacts' returnKey, argumentKey, ...) decides which
// declarations another file can name and how a reason names the key; this file only spells
// the keys. Nothing here depends on Clang.
#pragma once

#include <string>

namespace hostsync {

// A key and how reasons name it ("parameter `t` of `f()`"); Key "" for a declaration no
// other translation unit can name (a local class, a lambda's), which stays unknown.
struct FactKey {
  std::string Key, Name;
};

namespace factkey {

inline std::string returnKey(const std::string &Signature) { return "ret:" + Signature; }
inline std::string argumentKey(const std::string &Signature, unsigned I) {
  return "arg:" + Signature + "#" + std::to_string(I);
}
inline std::string fillKey(const std::string &Signature, unsigned I) {
  return "fill:" + Signature + "#" + std::to_string(I);
}
inline std::string fieldKey(const std::string &Class, const std::string &Member) {
  return "field:" + Class + "::" + Member;
}
inline std::string moduleKey(const std::string &Class) { return "module:" + Class; }

inline bool isArgumentKey(const std::string &Key) { return Key.rfind("arg:", 0) == 0; }
inline bool isReturnKey(const std::string &Key) { return Key.rfind("ret:", 0) == 0; }

} // namespace factkey

// A key that can only be evidence of CUDA: CUDA when a contribution is, else the CPU, never
// unknown. A module's buffers and its layers' outputs are where the module was moved; a
// module nothing moves (or moves where the analysis cannot tell) says nothing, and the
// tensors' own device decides.
inline bool isEvidenceKey(const std::string &Key) { return Key.rfind("module:", 0) == 0; }

} // namespace hostsync
