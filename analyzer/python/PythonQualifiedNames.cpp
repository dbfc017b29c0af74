#include "python/PythonQualifiedNames.h"

#include "python/PythonSyntax.h"

namespace hostsync::python {

bool isLibraryRoot(std::string_view Qualified) {
  std::string_view Root = Qualified.substr(0, Qualified.find('.'));
  return Root == "torch" || Root == "torchvision" || Root == "numpy" || Root == "wandb";
}

namespace {
// Which imports bind a name anew. An alias always does (`import numpy as np`, `from torch.nn
// import functional as F`), and so does a name imported from torchvision, or from torch or
// torch.cuda themselves (`from torch import save`, `from torch.cuda import synchronize`). A
// name imported plainly from a deeper module of torch (`from torch.nn.functional import
// interpolate`) keeps its own name: the evaluator reads torch.nn.functional's functions as
// ops of their inputs, which on the spent corpus decided a CPU device from a default
// argument and lost 13 sites of one detection project that the name left unknown.
bool binds(std::string_view Module, std::string_view Full, bool Aliased) {
  if (Aliased)
    return true;
  if (Module.empty())
    return false; // `import torch.nn` binds torch, itself
  return Full.substr(0, 12) == "torchvision." || Module == "torch" || Module == "torch.cuda";
}
} // namespace

void QualifiedNames::read(TSNode Root, std::string_view Text) {
  auto textOf = [&](TSNode N) {
    return std::string(
        Text.substr(ts_node_start_byte(N), ts_node_end_byte(N) - ts_node_start_byte(N)));
  };
  for (TSNode N : namedChildren(Root)) {
    bool From = is(N, "import_from_statement");
    if (!From && !is(N, "import_statement"))
      continue;
    TSNode ModuleName = From ? field(N, "module_name") : TSNode{};
    // A relative import (`from . import x`) is the project's own.
    std::string Module = From ? textOf(ModuleName) : "";
    if (From && (Module.empty() || Module[0] == '.'))
      continue;
    for (TSNode A : namedChildren(N)) {
      bool Aliased = is(A, "aliased_import");
      if (!Aliased && !is(A, "dotted_name"))
        continue;
      if (From && ts_node_start_byte(A) < ts_node_end_byte(ModuleName))
        continue; // the module's own name
      std::string Name = textOf(Aliased ? field(A, "name") : A);
      std::string Full = From ? Module + "." + Name : Name;
      if (!isLibraryRoot(Full) || !(Aliased || From))
        continue;
      std::string Local = textOf(Aliased ? field(A, "alias") : A);
      if (binds(Module, Full, Aliased))
        Bound[Local] = Full;
      Imported[Local] = Full;
    }
  }
}

const std::string *QualifiedNames::find(std::string_view Local) const {
  auto It = Bound.find(Local);
  return It == Bound.end() ? nullptr : &It->second;
}

std::string QualifiedNames::resolve(std::string_view Dotted) const {
  std::string_view First = Dotted.substr(0, Dotted.find('.'));
  const std::string *Full = find(First);
  return Full ? *Full + std::string(Dotted.substr(First.size())) : std::string(Dotted);
}

} // namespace hostsync::python
