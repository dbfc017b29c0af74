#include "python/PythonLinter.h"
#include "rules/RuleIds.h"

namespace hostsync::python {

namespace {
// Does Name say it holds a tensor a network made (out, outputs, mask, feats, logits,
// state...)?
bool namesTensor(std::string_view Name) {
  // The last word names what it is (`encoder_out`, `model_outputs`, `encoder_padding_mask`;
  // `mask_decoder` and `feature_encoder` are networks).
  std::string Word(
      Name.substr(Name.rfind('_') == std::string_view::npos ? 0 : Name.rfind('_') + 1));
  Word = lowered(Word);
  return oneOf(Word, {"out",    "outs",   "output",    "outputs",    "mask",  "masks",
                      "feat",   "feats",  "feature",   "features",   "logit", "logits",
                      "emb",    "embs",   "embedding", "embeddings", "state", "states",
                      "hidden", "score",  "scores",    "pred",       "preds", "loss",
                      "losses", "weight", "weights",   "grad",       "grads"});
}

// Is N inside a lambda (`map_location=lambda storage, loc: storage.cuda(rank)`: the load's
// copy, reported at the load), a few levels up?
bool inLambda(TSNode N) {
  for (int Up = 0; Up < 4 && !ts_node_is_null(N); ++Up, N = parentOf(N))
    if (is(N, "lambda"))
      return true;
  return false;
}
} // namespace

void Linter::call(TSNode Call, const Scope &S) {
  TSNode Fn = field(Call, "function");
  std::string CalleeName = V.dotted(Fn);
  std::string_view Callee = CalleeName;
  std::string_view Name =
      Callee.substr(Callee.rfind('.') == std::string_view::npos ? 0 : Callee.rfind('.') + 1);
  // A dotted name (torch.linalg.inv), not a call's result (torch.ones(4).to).
  bool Dotted = isDotted(Callee);
  bool TorchFn =
      Dotted && Callee.substr(0, 6) == "torch." && Callee.find('.', 6) == std::string_view::npos;
  bool Functional =
      Callee == "F." + std::string(Name) || Callee == "torch.nn.functional." + std::string(Name);
  // A method of a value (x.item()), not a function of a module (torch.nonzero, F.one_hot).
  bool Method = is(Fn, "attribute") && !Functional && !(Dotted && Callee.substr(0, 6) == "torch.");
  Value Self = Method ? V.of(field(Fn, "object"), S) : Value();
  // The tensor an op reads: its receiver, or a torch function's first argument. A method
  // only tensors have (x.nonzero(), nothing else of PyTorch's usual company names one so)
  // is read on a receiver of unknown type too, its device unknown.
  bool TensorOnly = Name == "nonzero" || Name == "argwhere" || Name == "masked_select" ||
                    Name == "repeat_interleave";
  Value T = Method && (Self.tensor() || (TensorOnly && Self.unknownType())) ? Self
            : TorchFn || Functional ? V.of(V.argument(Call, 0, nullptr), S)
                                    : Value();
  bool OnTensor = T.tensor() || (Method && TensorOnly && Self.unknownType()) ||
                  (TorchFn && !ts_node_is_null(V.argument(Call, 0, nullptr)));
  std::string Op(Name);
  std::string Copies = " to the host: the copy waits for every kernel queued before it";

  TSNode Receiver = Method ? field(Fn, "object") : TSNode{};
  // Not of a NumPy value: np.load(path, allow_pickle=True).item(), np.prod(shape).item().
  auto NumpyValue = [&] {
    if (Self.Class == NumpyArray)
      return true;
    if (!is(Receiver, "call"))
      return false;
    std::string Made = calleeText(V, Receiver);
    // x.numpy().item(): of the array .numpy() made (the read, if any, was .cpu()'s).
    return Made.rfind("np.", 0) == 0 || Made.rfind("numpy.", 0) == 0 || lastPart(Made) == "numpy";
  };
  // The ops that read their tensor's values on the host by themselves (model/SyncTable: item,
  // is_nonzero; nonzero, unique, masked_select below). The rows' ids are literals.
  const SyncOpRow *Sync = syncOpOfPython(Name, Method       ? PythonCall::Method
                                               : Functional ? PythonCall::Functional
                                                            : PythonCall::Torch);
  if (Sync && Sync->Read == SyncRead::OneValue && Method && (Self.tensor() || Self.unknownType()) &&
      !NumpyValue())
    return report(Call, Sync->Rule.data(), std::string(Name), Self,
                  "'" + std::string(Name) + "' copies a value of " + phrase(Self.Where) + Copies);
  // torch.arange(length.max()): a factory reads a tensor given as a bound, a size or a fill
  // value as a Python number (item()).
  if (TorchFn && oneOf(Name, {"arange", "range", "linspace", "logspace", "randperm", "zeros",
                              "ones", "empty", "full", "rand", "randn", "randint"}))
    for (TSNode Arg : namedChildren(field(Call, "arguments"))) {
      TSNode Given = is(Arg, "keyword_argument") ? field(Arg, "value") : Arg;
      std::string_view Keyword = is(Arg, "keyword_argument") ? V.text(field(Arg, "name")) : "";
      if (!Keyword.empty() && !oneOf(Keyword, {"start", "end", "step", "steps", "n", "high", "low",
                                               "size", "fill_value"}))
        continue;
      if (Value N = V.of(Given, S); N.madeTensor() && !N.Sequence)
        report(Given, rule::Item, Op + "(tensor)", N,
               "'torch." + Op + "' reads " + phrase(N.Where) +
                   " given as a number on the host (item()): the copy waits for every kernel "
                   "queued before it",
               "Pass a Python number kept on the host (a length copied once with .tolist()), "
               "or build the result from the tensor on the GPU (a mask, torch.arange of a "
               "known bound).");
    }
  // Ops that read a CUDA tensor given where a number goes (measured: bench/library-syncs):
  // masked_fill's value (the CUDA kernel takes value.item()), clamp's bounds when one is a
  // number and the other a tensor (the overload of two numbers is chosen, the tensor read by
  // item()), torch.normal's std tensor (checked `std >= 0` on the host).
  if (std::optional<std::pair<TSNode, const char *>> Read =
          numberRead(Call, Name, Method, Self, S)) {
    Value N = V.of(Read->first, S);
    return report(Read->first, rule::Item, Op + "(tensor)", N,
                  "'" + Op + "' reads " + phrase(N.Where) + " " + Read->second +
                      " on the host (item()): the copy waits for every kernel queued before it",
                  Name == "normal" ? "Draw from randn and scale on the device: mean + std * "
                                     "torch.randn_like(std)."
                  : Name.substr(0, 5) == "clamp" || Name.substr(0, 4) == "clip"
                      ? "Give both bounds as tensors (x.clamp(torch.zeros_like(hi), hi)) or "
                        "both as Python numbers; or use torch.minimum / torch.maximum."
                      : "Use torch.where(mask, value, x), which reads nothing on the host.");
  }
  if (!Method &&
      (Callee == "float" || Callee == "int" || Callee == "bool" || Callee == "complex")) {
    Value A = V.of(V.argument(Call, 0, nullptr), S);
    if (A.madeTensor())
      report(Call, rule::Item, Op + "()", A,
             "'" + Op + "()' of " + phrase(A.Where) + " copies its value" + Copies);
    return;
  }
  // math.exp(loss), math.sqrt(var): the math module converts a tensor with __float__, an
  // item() (a perplexity's exp of a CUDA loss); its first argument only (math.pow(t, 2) too).
  if (Callee.substr(0, 5) == "math.")
    if (Value A = V.of(V.argument(Call, 0, nullptr), S); A.madeTensor() && !A.Sequence)
      return report(Call, rule::Item, std::string(Callee) + "()", A,
                    "'" + std::string(Callee) + "()' of " + phrase(A.Where) +
                        " copies its value (as float() does)" + Copies,
                    "Use the torch function on the device (torch.exp(loss)), and read the "
                    "result once, where it is logged.");
  // max(a, b) of tensors, or max(scores) of a list of them (a beam search's finished
  // scores): Python compares them pairwise and reads each comparison's truth.
  // With key=, the keys are compared, not the tensors.
  bool OneList = ts_node_is_null(V.argument(Call, 1, nullptr));
  if (!Method && (Callee == "max" || Callee == "min") &&
      ts_node_is_null(V.argument(Call, 99, "key"))) {
    for (unsigned I = 0; I < (OneList ? 1u : 8u); ++I)
      if (Value A = V.of(V.argument(Call, I, nullptr), S);
          A.madeTensor() && (!OneList || A.Sequence))
        return report(Call, rule::Item, Op + "()", A,
                      "Python's '" + Op + "()' of " +
                          (OneList ? listPhrase(A.Where) + " compares them"
                                   : phrase(A.Where) + " compares it") +
                          " on the host: each comparison's truth is copied back, waiting for "
                          "every kernel queued before it");
    return;
  }
  // any(torch.isnan(l) for l in losses), all(t): Python reads the truth of each element (of
  // a list of tensors, or of a tensor iterated), one read of the GPU each.
  if (!Method && (Callee == "any" || Callee == "all") && OneList)
    if (Value A = V.of(V.argument(Call, 0, nullptr), S); A.madeTensor())
      return report(Call, rule::Item, Op + "()", A,
                    "Python's '" + Op + "()' of " +
                        (A.Sequence ? listPhrase(A.Where) : phrase(A.Where)) +
                        " reads each element's truth on the host: each read waits for every "
                        "kernel queued before it",
                    "Reduce on the GPU and read once: torch.stack(values).isnan().any(), or "
                    "t.any() / t.all(), kept as a tensor until it is needed.");
  // scores.index(best) of a list of tensors: each element compared with == and its truth
  // read.
  if (Method && Name == "index" && Self.tensor() && Self.Sequence)
    return report(Call, rule::Item, "list.index", Self,
                  "'index' of " + listPhrase(Self.Where) +
                      " compares each with == and reads the answer on the host: each read "
                      "waits for every kernel queued before it");
  if (Method && Name == "format" && Self.unknownType())
    return formatted(Call, S);
  if (!Method && Callee == "print") {
    for (unsigned I = 0; I < 16; ++I) {
      Value A = V.of(V.argument(Call, I, nullptr), S);
      if (A.madeTensor())
        return report(Call, rule::PrintTensor, "print", A,
                      "printing " + phrase(A.Where) + " copies its values" + Copies);
    }
    return;
  }
  // Not a project's own function of that name (a framework's comm.synchronize(), a detector's
  // synchronize(): a torch.distributed barrier), which is linted where it is defined.
  // Nor one of an installed library's module (`from framework.utils import comm`), a name
  // no value of the file holds: a stream's or an event's synchronize() is of a value.
  bool SyncPassesSelf = false;
  auto LibraryModule = [&] {
    TSNode Owner = is(Fn, "attribute") ? field(Fn, "object") : TSNode{};
    return is(Owner, "identifier") && V.text(Owner) != "torch" && !S.find(V.text(Owner));
  };
  if (Name == "synchronize" && Callee.substr(0, 10) != "torch.mps." &&
      Callee.substr(0, 10) != "torch.cpu." &&
      (is(Fn, "attribute") || Callee == "synchronize" || Callee == "torch.cuda.synchronize") &&
      !LibraryModule() && ts_node_is_null(R.calleeOf(Call, SyncPassesSelf)) &&
      importedCallees(Call, S).empty())
    return report(Call, rule::ExplicitSync, std::string(Callee) + "()",
                  {Place::Cuda, "the op syncs on CUDA whatever its input"},
                  "'" + std::string(Callee) +
                      "()' blocks the host until the GPU has finished the queued work");
  // empty_cache() gives the cached blocks back with cudaFree, which waits for the device.
  if (Callee == "torch.cuda.empty_cache")
    return report(Call, rule::ExplicitSync, "torch.cuda.empty_cache()",
                  {Place::Cuda, "the op syncs on CUDA whatever its input"},
                  "'torch.cuda.empty_cache()' frees the allocator's cached blocks with cudaFree, "
                  "which blocks the host until the GPU has finished the queued work");
  // A library's call, by its name; not one of the project's own functions of that name
  // (a GAN trainer's util.save_image writes a NumPy image with PIL).
  if (std::optional<LibrarySync> L = librarySync(Call, V, S)) {
    bool Own = false, PassesSelf = false;
    if (Name == "save_image" || Name == "make_grid" || Name == "nms" || Name == "batched_nms")
      Own = !ts_node_is_null(R.calleeOf(Call, PassesSelf)) || !importedCallees(Call, S).empty();
    if (!Own)
      return report(Call, L->Rule, L->Op, {L->Where, L->WhereWhy, L->FromParams}, L->Message,
                    L->Fix);
  }
  // A scaler no call in view builds (`optimizer, scaler = init_opt(...)` of a helper, a
  // caller's): a GradScaler where the file scales a loss with it (`scaler.scale(loss)`), by
  // its name; device unknown.
  Value Scaler = Self;
  if (Method && (Name == "step" || Name == "state_dict") && Self.unknownType() &&
      Self.Class.empty()) {
    TSNode Receiver = field(field(Call, "function"), "object");
    if (guessOn(Guess::ScalerName) &&
        lowered(lastPart(V.text(Receiver))).find("scaler") != std::string::npos &&
        V.source().find(std::string(V.text(Receiver)) + ".scale(") != std::string::npos) {
      Scaler.K = Kind::Scaler;
      Scaler.Why = "";
    }
  }
  // GradScaler.step reads found_inf with .item() before stepping an optimizer that cannot
  // check it on the GPU (every optimizer but the fused ones).
  if (Method && Name == "step" && Scaler.K == Kind::Scaler)
    return report(Call, rule::Item, "GradScaler.step",
                  {Self.K == Kind::Scaler ? Place::Cuda : Place::Unknown, Scaler.Why},
                  "'GradScaler.step' reads whether the gradients hold an inf or a NaN with "
                  ".item() before it steps the optimizer: every step waits for the backward "
                  "pass",
                  "use a fused optimizer (torch.optim.AdamW(..., fused=True)): GradScaler.step "
                  "then leaves the check to the optimizer's kernel, with no host read");
  // The scale lives on the GPU: get_scale() and state_dict() read it (and the growth
  // tracker) with .item().
  if (Method && (Name == "get_scale" || Name == "state_dict") && Scaler.K == Kind::Scaler)
    return report(Call, rule::Item, "GradScaler." + std::string(Name),
                  {Self.K == Kind::Scaler ? Place::Cuda : Place::Unknown, Scaler.Why},
                  "'GradScaler." + std::string(Name) +
                      "' reads the loss scale from the GPU with .item(): it waits for every "
                      "kernel queued before it",
                  "read the scale once per logging or checkpoint interval, not every step");
  // clip_grad_norm_ reads the norm on the host only when asked to check it.
  if ((Name == "clip_grad_norm_" || Name == "clip_grad_norm") &&
      V.text(V.argument(Call, 0, "error_if_nonfinite")) == "True")
    return report(Call, rule::ClipGradNorm, "clip_grad_norm_(error_if_nonfinite=True)",
                  {Place::Unknown, ""},
                  "'clip_grad_norm_' with error_if_nonfinite=True reads the total norm on the "
                  "host to check it: it waits for the whole backward pass");
  // torch.tensor(data, device=...), torch.cuda.FloatTensor(data), or Tensor(data) of a name
  // holding a CUDA tensor type: host data copied to the device it names. A legacy
  // constructor given sizes (`Tensor(n, 1)`, `Tensor(imgs.size(0))`) copies nothing.
  // Under a CUDA default tensor type (torch.set_default_tensor_type), torch.Tensor(data) is
  // one of these; under any CUDA default, torch.tensor(data) without device= too.
  const Value *TypeNamed = !Method && Dotted ? S.find(Callee) : nullptr;
  const Value *Default = V.defaultDeviceIn(S);
  if (!TypeNamed && Default && Default->Class == TensorType && Callee == "torch.Tensor")
    TypeNamed = Default;
  bool LegacyType = (Dotted && Callee.substr(0, 11) == "torch.cuda." && Name.size() > 6 &&
                     Name.substr(Name.size() - 6) == "Tensor") ||
                    (TypeNamed && TypeNamed->K == Kind::Device && TypeNamed->Class == TensorType &&
                     TypeNamed->Where != Place::Cpu);
  bool Factory = TorchFn && (Name == "tensor" || Name == "as_tensor");
  if (Factory || (LegacyType && !ts_node_is_null(V.argument(Call, 0, nullptr)))) {
    if (!Factory && !V.constructorCopies(Call, S))
      return;
    Value Data = V.of(V.argument(Call, 0, nullptr), S);
    TSNode Dev = V.argument(Call, 0, "device");
    bool ToDefault = Factory && ts_node_is_null(Dev) && Default;
    Value D =
        ToDefault ? *Default
        : Factory ? V.deviceOf(Dev, S)
        : TypeNamed
            ? *TypeNamed
            : cudaDevice("`" + std::string(Callee) + "` at line " + std::to_string(V.line(Call)));
    if (!Data.tensor() && D.K == Kind::Device && D.Where != Place::Cpu &&
        (!Factory || !ts_node_is_null(Dev) || ToDefault))
      report(Call, rule::HostToDeviceCopy, std::string(Callee) + "(data)", D,
             "'" + std::string(Callee) +
                 "' of host data (a list, a number, an array) copies it to the device: the "
                 "host waits for the copy and every kernel queued before it");
    return;
  }
  // dst.copy_(src) between the host and CUDA (a loader's batch into a CUDA buffer, the old
  // `input_A.copy_(batch['A'])`): a blocking copy, unless non_blocking=True reads pinned
  // memory (or writes to it).
  if (Method && Name == "copy_" && Self.madeTensor() && Self.Where != Place::Unknown) {
    Value Src = V.of(V.argument(Call, 0, nullptr), S);
    bool NonBlocking = V.text(V.argument(Call, 1, nullptr)) == "True" || V.nonBlocking(Call);
    bool ToCuda = Self.Where == Place::Cuda && Src.madeTensor() && Src.Where == Place::Cpu;
    bool ToHost = Self.Where == Place::Cpu && Src.madeTensor() && Src.Where == Place::Cuda;
    if (ToCuda && !(NonBlocking && Src.Pinned))
      return report(Call, rule::HostToDeviceCopy, "copy_(host tensor)", Self,
                    "'copy_' of a host tensor (" + Src.Why +
                        ") into a CUDA tensor blocks the host until the copy and every kernel "
                        "queued before it are done",
                    "Copy from pinned memory with non_blocking=True (DataLoader(pin_memory=True)), "
                    "or move the batch with .to(device, non_blocking=True).");
    if (ToHost && !(NonBlocking && Self.Pinned))
      return report(Call, rule::DeviceToHostCopy, "copy_(CUDA tensor)", Src,
                    "'copy_' of a CUDA tensor into a host tensor copies its values" + Copies);
  }
  // x.new_tensor(data): host data (a list, a number, an array, a host tensor) copied to x's
  // device, unless device= names another.
  if (Method && Name == "new_tensor" && Self.madeTensor() && Self.Where != Place::Cpu &&
      ts_node_is_null(V.argument(Call, 99, "device"))) {
    Value Data = V.of(V.argument(Call, 0, nullptr), S);
    if (!Data.tensor() || Data.Where == Place::Cpu)
      report(Call, rule::HostToDeviceCopy, "new_tensor(data)", Self,
             "'new_tensor' of host data (a list, a number, an array) copies it to the device "
             "of " +
                 phrase(Self.Where) +
                 ": the host waits for the copy and every kernel queued before it",
             "Make a constant on the device without host data (x.new_full((), 100.0), "
             "torch.full(size, v, device=x.device)), or make it once, outside the loop.");
    return;
  }
  // .cpu() of a value of unknown type: a tensor's copy to the host (device unknown) unless
  // the value is a module (model.cpu(), known to the front end, moves weights once).
  // A name of a network (`network.cpu()` before its state is saved) moves a module's
  // weights, out of scope as the module's own moves are.
  // (What a network makes, named after it, is a tensor: `encoder_out`,
  // `encoder_padding_mask`, `model_outputs`.)
  auto Network = [&] {
    std::string_view MovedName = lastPart(V.text(Receiver));
    return (is(Receiver, "identifier") || is(Receiver, "attribute")) && networkName(MovedName) &&
           !namesTensor(MovedName);
  };
  if (Method && Name == "cpu" && Self.unknownType() && !Network())
    return report(Call, rule::DeviceToHostCopy, Op, {Place::Unknown, ""},
                  "'cpu' copies " + phrase(Place::Unknown) + Copies);
  // x.to("cpu") (with a dtype too) of such a value: the same copy.
  if (Value To = Method && Name == "to" && Self.unknownType()
                     ? V.deviceOf(V.argument(Call, 0, nullptr), S)
                     : Value();
      To.K == Kind::Device && To.Where == Place::Cpu)
    return report(Call, rule::DeviceToHostCopy, "to(cpu)", {Place::Unknown, ""},
                  "'to(cpu)' copies " + phrase(Place::Unknown) + Copies);
  if (Method && Self.tensor() &&
      (Name == "tolist" || Name == "cpu" ||
       (Name == "numpy" &&
        (Self.Where == Place::Cuda || V.text(V.argument(Call, 0, "force")) == "True"))))
    return report(Call, rule::DeviceToHostCopy, Op, Self,
                  "'" + Op + "' copies " + phrase(Self.Where) + Copies);
  // x.type(torch.cuda.FloatTensor), or of a name holding that type: a blocking copy to CUDA,
  // of a host tensor, or of a name of unknown kind that may hold one (a loader's `imgs`; not
  // a network, whose type() casts its weights, nor self, nor a cast whose result is dropped:
  // a module's, in place, `vgg.type(dtype)`).
  bool MaybeTensorName = Method && Name == "type" && Self.unknownType() && Self.Elements.empty() &&
                         Self.Class.empty() && !is(ts_node_parent(Call), "expression_statement") &&
                         (is(Receiver, "identifier") || is(Receiver, "attribute")) &&
                         V.text(Receiver) != "self" && !networkName(lastPart(V.text(Receiver)));
  if (Method && (Self.tensor() || MaybeTensorName) && Name == "type") {
    TSNode To = V.argument(Call, 0, nullptr);
    if (ts_node_is_null(To))
      To = V.argument(Call, 0, "dtype");
    if (ts_node_is_null(To))
      return;
    Value D = V.text(To).find("cuda") != std::string_view::npos
                  ? cudaDevice("`" + std::string(V.text(To)) + "` at line " +
                               std::to_string(V.line(Call)))
                  : V.deviceOf(To, S);
    if (D.K == Kind::Device && D.Where == Place::Cuda && Self.Where == Place::Cpu)
      report(Call, rule::HostToDeviceCopy, "type(cuda)", D,
             "'type' to a CUDA tensor type copies a host tensor (" + Self.Why +
                 ") to CUDA: the host waits for the copy and every kernel queued before it",
             "move it with .to(device, dtype, non_blocking=True) from pinned memory");
    else if (D.K == Kind::Device && D.Where == Place::Cuda && !Self.tensor())
      report(Call, rule::HostToDeviceCopy, "type(cuda)", D,
             "'type' to a CUDA tensor type of a value that may be a host tensor copies it to "
             "CUDA: the host waits for the copy and every kernel queued before it",
             "move it with .to(device, dtype, non_blocking=True) from pinned memory");
    return;
  }
  // host.type_as(x): a host tensor cast to x's type, on x's device: a copy to CUDA when x is
  // there (a detector's `torch.zeros(1, n).fill_(stride).type_as(xin[0])`). Of an x of unknown
  // place, as its .to(x.device) would be.
  if (Method && Name == "type_as" && Self.madeTensor() && Self.Where == Place::Cpu &&
      !Self.Pinned) {
    Value Like = V.of(V.argument(Call, 0, nullptr), S);
    if (Like.tensor() && Like.Where != Place::Cpu)
      report(Call, rule::HostToDeviceCopy, "type_as", Like,
             "'type_as' of a host tensor (" + Self.Why + ") casts it to the type of " +
                 phrase(Like.Where) +
                 ", on its device: a copy to CUDA that the host waits for, with every kernel "
                 "queued before it",
             "Make the tensor on the device it is used on (torch.full(size, v, "
             "device=x.device, dtype=x.dtype)), or once, outside the loop.");
    return;
  }
  // Where x.cuda(...) or x.to(device) moves x (a dtype's cast: no device).
  auto MovedTo = [&] {
    if (Name == "cuda")
      return cudaDevice("`.cuda()` at line " + std::to_string(V.line(Call)));
    TSNode Target = V.argument(Call, 0, nullptr);
    return V.deviceOf(ts_node_is_null(Target) ? V.argument(Call, 0, "device") : Target, S);
  };
  bool Moves = Method && (Name == "to" || Name == "cuda");
  // x.cuda(), x.to(device) of a name of unknown kind, not a module's (by its name, self, or
  // a call's result: `Net(...).to(device)`): what is moved is on the host as often as not
  // (`if args.cuda: data = data.cuda()` in a helper), so a copy that may be one.
  // A move of a name whose result is dropped (`m2.to(device)` as a statement) is a module's,
  // in place: a tensor's .to() returns the copy and leaves the tensor where it was.
  // (A cast of such a name is one too: `labels.long().cuda()`.)
  auto Cast = [&](TSNode Made) {
    TSNode Of = field(Made, "function");
    return is(Made, "call") && is(Of, "attribute") &&
           oneOf(V.text(field(Of, "attribute")),
                 {"long", "float", "int", "double", "half", "bool", "byte", "contiguous"}) &&
           (is(field(Of, "object"), "identifier") || is(field(Of, "object"), "attribute")) &&
           !networkName(lastPart(V.text(field(Of, "object")))) &&
           V.of(field(Of, "object"), S).K != Kind::None; // an optional input left None
  };
  if (Moves && Self.unknownType() && Self.Elements.empty() && Self.Class.empty() &&
      !(is(ts_node_parent(Call), "expression_statement") &&
        (is(field(Fn, "object"), "identifier") || is(field(Fn, "object"), "attribute"))) &&
      (!is(field(Fn, "object"), "call") || Cast(field(Fn, "object"))) &&
      V.text(field(Fn, "object")) != "self" && !inLambda(Call) &&
      !networkName(lastPart(V.text(field(Fn, "object"))))) {
    Value D = MovedTo();
    // Or to the device of a tensor (or a value of unknown kind, not a network) of unknown
    // place, of an object's attribute (a score model's
    // `sde.discrete_sigmas.to(t.device)` each step: a schedule made on the host in another
    // module's class): what is moved to the data's device is on the host as a rule. Not a
    // module's own buffers (self.x, a network's attribute), which are where the module is.
    TSNode Target = V.argument(Call, 0, nullptr);
    TSNode Holder = field(field(Fn, "object"), "object");
    bool ToDataDevice = Name == "to" && is(Target, "attribute") &&
                        V.text(field(Target, "attribute")) == "device" &&
                        (V.of(field(Target, "object"), S).tensor() ||
                         (V.of(field(Target, "object"), S).unknownType() &&
                          !networkName(lastPart(V.text(field(Target, "object")))))) &&
                        is(field(Fn, "object"), "attribute") &&
                        (is(Holder, "identifier") || is(Holder, "attribute")) &&
                        lastPart(V.text(Holder)) != "self" &&
                        !networkName(lastPart(V.text(Holder))) && V.of(Holder, S).K != Kind::Module;
    // To a device nothing names (both sides unknown): model/FindingBuilder's policy, which
    // the C++ front end applies after its project pass (docs/lint.md, "A device nobody knows").
    // (A move to the device of a value, `.to(x.device)`, is ToDataDevice's, with its
    // exceptions: a module's own buffers are where it is.)
    bool ToValueDevice = is(Target, "attribute") && V.text(field(Target, "attribute")) == "device";
    bool BothUnknown = D.K == Kind::Device && D.Where == Place::Unknown && !ToValueDevice &&
                       reportsBothSidesUnknown(Settings.Assume);
    if (D.K == Kind::Device && (D.Where == Place::Cuda || ToDataDevice || BothUnknown) &&
        !V.nonBlocking(Call))
      return report(Call, rule::HostToDeviceCopy, Op, {Place::Unknown, ""},
                    "'" + Op + "' of a value that may be a host tensor copies it to " +
                        (D.Where == Place::Cuda ? "CUDA"
                         : BothUnknown          ? "a device that may be CUDA"
                                                : "the device of a tensor that may be on CUDA") +
                        ": the host waits for the copy and every kernel queued before it");
  }
  if (Moves && Self.tensor()) {
    Value D = MovedTo();
    if (D.K != Kind::Device && !D.tensor())
      return; // a dtype cast
    if (D.Where == Place::Cpu && Self.Where != Place::Cpu)
      return report(Call, rule::DeviceToHostCopy, "to(cpu)", Self,
                    "'to(cpu)' copies " + phrase(Self.Where) + Copies);
    bool NonBlocking = V.nonBlocking(Call);
    // An empty tensor's copy moves nothing: copy_ returns before it waits.
    if (Self.Where == Place::Cpu && D.Where != Place::Cpu && !(NonBlocking && Self.Pinned) &&
        !Self.Empty)
      return report(Call, rule::HostToDeviceCopy, Op, D,
                    NonBlocking ? "'" + Op +
                                      "(non_blocking=True)' of a host tensor in pageable "
                                      "memory (" +
                                      Self.Why +
                                      ") is a blocking copy: the host "
                                      "waits for the GPU's queue; pin it first"
                                : "'" + Op + "' of a host tensor (" + Self.Why +
                                      ") to CUDA blocks the host until the copy and every kernel "
                                      "queued before it are done",
                    "", Self.Pinned && !NonBlocking ? nonBlocking(Call) : Rewrite{});
    return;
  }
  // linalg ops that check their result's info code on the host (an _ex form does not), and
  // svd, eigh and what is computed with them, which check convergence with no _ex form.
  bool Linalg = Callee.substr(0, 13) == "torch.linalg.";
  bool Checked = (Linalg && oneOf(Name, {"cholesky", "inv", "solve", "lu_factor", "ldl_factor"})) ||
                 Callee == "torch.inverse" || Callee == "torch.cholesky";
  bool Converges =
      (Linalg && oneOf(Name, {"svd", "svdvals", "eigh", "eigvalsh", "pinv", "matrix_rank"})) ||
      Callee == "torch.svd" || Callee == "torch.pinverse";
  if (Checked || Converges) {
    Value A = V.of(V.argument(Call, 0, nullptr), S);
    if (A.tensor())
      return report(Call, rule::LinalgCheckErrors, Op, A,
                    "'" + std::string(Callee) +
                        (Checked ? "' checks its result for errors on the host"
                                 : "' checks its convergence on the host, and no _ex form "
                                   "skips the check") +
                        ": it waits for every kernel queued before it",
                    "", Checked ? uncheckedLinalg(Call, Name) : Rewrite{});
  }
  if (!(Method || TorchFn || Functional) || !OnTensor)
    return;
  std::string Sizes = " sizes its result from the tensor's values: the host waits for every "
                      "kernel queued before it to read them";
  if (Sync && Sync->Read == SyncRead::Size && Sync->Reads.empty() &&
      (Sync->When == SyncWhen::Always ||
       (TorchFn && ts_node_is_null(V.argument(Call, 1, nullptr))))) // where(cond) alone
    return report(Call, Sync->Rule.data(), Op, T, "'" + Op + "' of " + phrase(T.Where) + Sizes);
  if (Sync && Sync->Read == SyncRead::Size && !Sync->Reads.empty()) {
    // The size-dependent ops: each row's condition, in Python's spelling of its arguments.
    bool Syncs = true;
    if (Sync->When == SyncWhen::WithoutBounds) {
      // histc with both bounds given (min != max) sizes nothing from the values. (Bounds
      // given as tensors, `min=x.min()`, are read as numbers: a read all the same.)
      auto Bound = [&](unsigned Position, const char *Keyword) {
        TSNode Given = V.argument(Call, Method ? Position - 1 : Position, nullptr);
        return ts_node_is_null(Given) ? V.argument(Call, 0, Keyword) : Given;
      };
      TSNode Min = Bound(2, "min"), Max = Bound(3, "max");
      Syncs = ts_node_is_null(Min) || ts_node_is_null(Max) || V.text(Min) == V.text(Max) ||
              V.of(Min, S).tensor() || V.of(Max, S).tensor();
    }
    if (Sync->When == SyncWhen::UnlessKeyword) {
      std::string Keyword(Sync->Keyword);
      TSNode Given = Sync->KeywordPosition >= 0 && !Method
                         ? V.argument(Call, static_cast<unsigned>(Sync->KeywordPosition), nullptr)
                         : TSNode{};
      if (ts_node_is_null(Given))
        Given = V.argument(Call, 0, Keyword.c_str());
      Syncs = ts_node_is_null(Given) || V.text(Given) == "-1";
    }
    // The operand it reads, where not its tensor: the argument after it (x.repeat_interleave(
    // repeats), torch.repeat_interleave(x, repeats)), or the tensor alone when that is all it
    // is given (torch.repeat_interleave(repeats)).
    bool OnOperand = !Sync->Operand.empty();
    if (OnOperand && Syncs) {
      Value Operand = V.of(V.argument(Call, Method ? 0 : 1, nullptr), S);
      bool Alone = !Method && ts_node_is_null(V.argument(Call, 1, nullptr));
      Syncs = Operand.tensor() || Alone;
    }
    if (Syncs)
      report(
          Call, Sync->Rule.data(), OnOperand ? Op + "(tensor)" : Op, T,
          "'" + Op + "' " +
              (OnOperand ? "with tensor " + std::string(Sync->Operand) : "of " + phrase(T.Where)) +
              " " + std::string(Sync->Reads) +
              " on the host: it waits for every kernel queued before it");
    return;
  }
  if (Sync && Sync->Read == SyncRead::Bool)
    return report(Call, Sync->Rule.data(), Op, T,
                  "'" + Op + "' returns a Python bool: it copies the comparison of " +
                      phrase(T.Where) + Copies);
}

} // namespace hostsync::python
