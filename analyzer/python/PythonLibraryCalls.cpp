#include "python/PythonLibraryCalls.h"

namespace hostsync::python {

namespace {
// Where state that torch.save writes lives: a tensor or a module where it is; X.state_dict()
// where X is (a module; an optimizer's or a scaler's state follows the parameters, unknown
// here: PythonValues' State); a dict literal where any of its values may be on CUDA.
// Nothing for host values and for what is not state (a path, a number).
std::optional<Value> savedState(TSNode E, const Values &V, const Scope &S) {
  if (is(E, "dictionary")) {
    std::optional<Value> Found;
    for (TSNode Pair : namedChildren(E)) {
      if (!is(Pair, "pair"))
        continue;
      if (std::optional<Value> In = savedState(field(Pair, "value"), V, S))
        if (!Found || In->Where == Place::Cuda)
          Found = In;
    }
    return Found;
  }
  Value Saved = V.of(E, S);
  if ((Saved.tensor() || Saved.K == Kind::Module || Saved.K == Kind::State) &&
      Saved.Where != Place::Cpu)
    return Saved;
  return std::nullopt;
}
} // namespace

std::optional<LibrarySync> librarySync(TSNode Call, const Values &V, const Scope &S) {
  std::string Callee = calleeText(V, Call);
  std::string_view Name = lastPart(Callee);
  bool Method = is(field(Call, "function"), "attribute");
  if (Callee == "torch.save") {
    std::optional<Value> State = savedState(V.argument(Call, 0, nullptr), V, S);
    if (!State)
      return std::nullopt;
    return LibrarySync{"hostsync-device-to-host-copy",
                       "torch.save",
                       State->Where,
                       State->Why,
                       "'torch.save' copies the tensors it writes to the host, each copy "
                       "waiting for every kernel queued before it",
                       "Save checkpoints at an interval, not every step; to keep the "
                       "training loop running, copy the state to pinned host tensors with "
                       "non_blocking=True and write them from another thread."};
  }
  if (Name == "save_image") { // torchvision.utils.save_image, vutils.save_image
    Value Image = V.of(V.argument(Call, 0, nullptr), S);
    if ((!Image.tensor() && !Image.unknownType()) || Image.Where == Place::Cpu)
      return std::nullopt;
    return LibrarySync{"hostsync-device-to-host-copy",
                       "save_image",
                       Image.Where,
                       Image.Why,
                       "torchvision's 'save_image' copies the image tensor to the host "
                       "(.to('cpu') inside): the copy waits for every kernel queued before it",
                       "Save images at an interval (every N steps), not every step."};
  }
  if (Method && (Name == "add_scalar" || Name == "add_histogram" || Name == "add_image" ||
                 Name == "add_images")) {
    // TensorBoard's SummaryWriter: the value is the second argument.
    const char *Keyword = Name == "add_scalar"      ? "scalar_value"
                          : Name == "add_histogram" ? "values"
                                                    : "img_tensor";
    TSNode Arg = V.argument(Call, 1, nullptr);
    Value Logged = V.of(ts_node_is_null(Arg) ? V.argument(Call, 0, Keyword) : Arg, S);
    if (!Logged.tensor() || Logged.Where == Place::Cpu)
      return std::nullopt;
    bool Scalar = Name == "add_scalar";
    return LibrarySync{Scalar ? "hostsync-item" : "hostsync-device-to-host-copy",
                       std::string(Name),
                       Logged.Where,
                       Logged.Why,
                       "TensorBoard's '" + std::string(Name) + "' of a tensor " +
                           (Scalar ? "reads its value with .item()" : "copies it to the host") +
                           " inside: it waits for every kernel queued before it",
                       "Log at an interval, and log a value already read on the host "
                       "(accumulate on the GPU, call .item() once per interval)."};
  }
  return std::nullopt;
}

} // namespace hostsync::python
