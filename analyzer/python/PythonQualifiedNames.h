// The semantic layer's one resolver for the names a Python file imports: each local name an
// import binds, to the qualified name it stands for. `import torch as th` binds th to torch;
// `from torch import save` save to torch.save; `import wandb as wb` wb to wandb; `from
// torch.nn import functional as F` F to torch.nn.functional; `import numpy as np` np to
// numpy. The knowledge (library types and syncs) is keyed by qualified name, so a call of
// `save(...)`, `wb.log(...)` or `th.zeros(...)` meets the same row as `torch.save(...)`.
//
// Only the libraries the knowledge names resolve (isLibraryRoot): a project's own module
// (`from model import Net`) keeps the name it is written with, because the project's classes
// and functions are looked up by it (PythonModules.h follows them across files).
#pragma once

#include <tree_sitter/api.h>

#include <map>
#include <string>
#include <string_view>

namespace hostsync::python {

// Is Qualified a name of a library the knowledge names: torch, torchvision, numpy, wandb, or
// a module or name inside one ("torch.nn.functional", "numpy.ndarray")?
bool isLibraryRoot(std::string_view Qualified);

class QualifiedNames {
public:
  // Reads the import statements at the top level of a module (Root), whose source is Text.
  void read(TSNode Root, std::string_view Text);
  // Dotted with its first part resolved ("th.zeros" -> "torch.zeros", "save" ->
  // "torch.save", "wb.log" -> "wandb.log"); as written where the first part is no binding.
  std::string resolve(std::string_view Dotted) const;
  // The qualified name Local is bound to, or null.
  const std::string *find(std::string_view Local) const;
  // Every binding that resolve() reads, local name -> qualified name.
  const std::map<std::string, std::string, std::less<>> &bindings() const { return Bound; }
  // Every name imported from a library by an alias or a from-import, bound or not (`from
  // torch.distributions import Normal`: Normal -> torch.distributions.Normal): what the
  // evaluator knows a bare name came from.
  const std::map<std::string, std::string, std::less<>> &imports() const { return Imported; }

private:
  std::map<std::string, std::string, std::less<>> Bound, Imported;
};

} // namespace hostsync::python
