#include "python/PythonLibraryCalls.h"
#include "python/PythonGuesses.h"
#include "rules/RuleIds.h"

#include <algorithm>
#include <vector>

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
  auto State = [](const Value &Saved) {
    return (Saved.tensor() || Saved.K == Kind::Module || Saved.K == Kind::State) &&
           Saved.Where != Place::Cpu;
  };
  Value Saved = V.of(E, S);
  if (State(Saved))
    return Saved;
  // A list or a tuple of states (`[model.state_dict(), optimizer.state_dict(), step]`): the
  // one that may be on CUDA.
  std::optional<Value> Found;
  for (const Value &Part : Saved.Elements)
    if (State(Part) && (!Found || Part.Where == Place::Cuda))
      Found = Part;
  return Found;
}
// The masks whose causality nn.TransformerEncoder, TransformerDecoder and Transformer
// check on the host when not told (torch/nn/modules/transformer.py, _detect_is_causal_mask:
// bool((mask == causal).all()) every forward): each mask's position, keyword, and the flag
// that tells it.
struct CheckedMask {
  unsigned Position;
  const char *Keyword, *Flag;
};
std::vector<CheckedMask> checkedMasks(const std::string &Class) {
  if (Class == "TransformerEncoder")
    return {{1, "mask", "is_causal"}};
  if (Class == "TransformerDecoder")
    return {{2, "tgt_mask", "tgt_is_causal"}};
  if (Class == "Transformer")
    return {{2, "src_mask", "src_is_causal"}, {3, "tgt_mask", "tgt_is_causal"}};
  return {};
}

// A Transformer module called with a mask that may be on CUDA, and nothing saying whether
// it is causal.
std::optional<LibrarySync> causalityCheck(TSNode Call, const std::string &Callee, const Values &V,
                                          const Scope &S) {
  const Value *Known = S.find(Callee); // a name's value: self.encoder, model.transformer
  if (!Known || Known->K != Kind::Module)
    return std::nullopt;
  const Value &Module = *Known;
  for (const CheckedMask &M : checkedMasks(Module.Class)) {
    TSNode Given = V.argument(Call, M.Position, nullptr);
    if (ts_node_is_null(Given))
      Given = V.argument(Call, 0, M.Keyword);
    if (ts_node_is_null(Given) || !ts_node_is_null(V.argument(Call, 0, M.Flag)))
      continue;
    // A tensor not known to be on the host, or a value of unknown type; not None.
    Value Mask = V.of(Given, S);
    if ((!Mask.tensor() && Mask.K != Kind::Other) || Mask.Where == Place::Cpu)
      continue;
    return LibrarySync{rule::Item,
                       Module.Class + " mask check",
                       Mask.Where,
                       Mask.Why,
                       "nn." + Module.Class + " given '" + M.Keyword + "' without '" + M.Flag +
                           "' compares the mask with a causal one and reads the result on the "
                           "host in every call: it waits for every kernel queued before it",
                       std::string("Pass ") + M.Flag + "=True with a causal mask (" + M.Flag +
                           "=False with another), so the module does not check it."};
  }
  return std::nullopt;
}
} // namespace

std::map<std::string, Value, std::less<>> inheritedAttributes(std::string_view Bases) {
  std::map<std::string, Value, std::less<>> Out;
  for (std::string_view Base : {"(nn.Transformer)", "(torch.nn.Transformer)", "(Transformer)"})
    if (Bases == Base)
      for (const char *Part : {"encoder", "decoder"}) {
        Value M;
        M.K = Kind::Module;
        M.Where = Place::Cpu;
        M.Why = "built by nn.Transformer's __init__";
        M.Class = Part == std::string_view("encoder") ? "TransformerEncoder" : "TransformerDecoder";
        Out.emplace(std::string("self.") + Part, M);
      }
  return Out;
}

// torchvision.ops.nms / batched_nms, by its module's name or imported from it (`from
// torchvision.ops import nms`); a project's own nms is not torchvision's.
bool torchvisionNms(TSNode Call, const std::string &Callee, const Values &V) {
  std::string_view Name = lastPart(Callee);
  if (Name != "nms" && Name != "batched_nms")
    return false;
  if (Callee.size() > Name.size()) { // torchvision.ops.nms, ops.nms (from torchvision import ops)
    std::string_view Module = std::string_view(Callee).substr(0, Callee.size() - Name.size() - 1);
    return Module == "ops" || Module.substr(0, 15) == "torchvision.ops";
  }
  TSNode Root = Call;
  while (!ts_node_is_null(parentOf(Root)))
    Root = parentOf(Root);
  for (TSNode N : namedChildren(Root))
    if (is(N, "import_from_statement") &&
        V.text(field(N, "module_name")).substr(0, 15) == "torchvision.ops")
      for (TSNode A : namedChildren(N))
        if (V.text(is(A, "aliased_import") ? field(A, "alias") : A) == Name)
          return true;
  return false;
}

// torchvision's transforms of a CUDA tensor that wait for it (measured on PyTorch 2.11 and
// torchvision 0.26: bench/library-syncs, the functions and Normalize): normalize copies mean
// and std to the tensor's device and reads `(std == 0).any()`; rotate and affine copy their
// affine matrix there. Of the functions (torchvision.transforms.functional, v2's) and of the
// transform objects that call them (Normalize; RandomRotation and RandomAffine call rotate
// and affine; a Compose of one: SyncingTransform), made on the spot or held in a name. Not torch's
// F.normalize, which is another op.
std::optional<LibrarySync> torchvisionTransform(TSNode Call, const std::string &Callee,
                                                std::string_view Name, const Values &V,
                                                const Scope &S) {
  bool Functional = oneOf(Name, {"normalize", "rotate", "affine"}) &&
                    (Callee.rfind("torchvision.transforms.functional.", 0) == 0 ||
                     Callee.rfind("torchvision.transforms.v2.functional.", 0) == 0);
  std::string Op;
  if (Functional) {
    Op = "torchvision " + std::string(Name);
  } else {
    TSNode Fn = field(Call, "function");
    const Value *Held = is(Fn, "call") ? nullptr : S.find(Callee);
    Value Made = is(Fn, "call") ? V.of(Fn, S) : Value();
    const Value &T = Held ? *Held : Made;
    if (T.K != Kind::Transform || T.Class != SyncingTransform)
      return std::nullopt;
    Op = "torchvision transform";
  }
  TSNode Given = V.argument(Call, 0, nullptr);
  if (ts_node_is_null(Given) && Functional)
    Given = V.argument(Call, 0, Name == "normalize" ? "tensor" : "img");
  Value Image = V.of(Given, S);
  if (!Image.tensor() || Image.Sequence || (Image.Where != Place::Cuda && !Image.FromParams))
    return std::nullopt;
  return LibrarySync{
      rule::HostToDeviceCopy,
      Op,
      Image.Where,
      Image.Why,
      Functional
          ? (Name == "normalize"
                 ? std::string("torchvision's 'normalize' of a CUDA tensor copies mean and std "
                               "to the device and reads (std == 0).any() on the host")
                 : "torchvision's '" + std::string(Name) +
                       "' of a CUDA tensor copies its affine matrix from the host to the "
                       "device") +
                ": it waits for every kernel queued before it"
          : std::string("a torchvision transform (Normalize, RandomRotation, RandomAffine) of "
                        "a CUDA tensor copies its constants from the host to the device "
                        "(Normalize also reads (std == 0).any() back): it waits for every "
                        "kernel queued before it"),
      "Keep the constants on the device: make mean and std tensors once (shaped [C, 1, 1], on "
      "the device) and compute (x - mean) / std; build rotation grids with F.affine_grid from "
      "a theta made on the device; or transform on the host, in the loader's workers.",
      Image.FromParams};
}

// Is N in a dataset's code: a method of a class whose bases name a Dataset, or a
// __getitem__?
bool inDatasetCode(TSNode N, const Values &V) {
  for (TSNode P = parentOf(N); !ts_node_is_null(P); P = parentOf(P)) {
    if (is(P, "function_definition") && V.text(field(P, "name")) == "__getitem__")
      return true;
    if (is(P, "class_definition"))
      return V.text(field(P, "superclasses")).find("Dataset") != std::string_view::npos;
  }
  return false;
}

// Does a name say it holds an optimizer (optimizer, optim, g_optim, optimizer_G, opt, opt_d)?
// Not a scheduler's or a scaler's (lr_scheduler, scaler), whose state is numbers.
bool optimizerName(std::string_view Name) {
  if (!guessOn(Guess::OptimizerName))
    return false;
  std::string Lower = lowered(Name);
  return Lower.find("optim") != std::string::npos || Lower == "opt" ||
         Lower.compare(0, 4, "opt_") == 0 ||
         (Lower.size() > 4 && Lower.compare(Lower.size() - 4, 4, "_opt") == 0);
}

// Calls of the library objects Values::call knows (timm's NativeScaler, ReduceLROnPlateau,
// apex's LARC), apex's amp.scale_loss, and wandb.log of tensors: each reads the GPU inside.
std::optional<LibrarySync> libraryObjectCall(TSNode Call, const std::string &Callee,
                                             const Values &V, const Scope &S) {
  std::string_view Name = lastPart(Callee);
  bool Method = is(field(Call, "function"), "attribute");
  // loss_scaler(loss, optimizer, ...): timm's NativeScaler.__call__ scales, steps its
  // GradScaler (a read of found_inf with .item()) and updates it.
  if (const Value *F = S.find(Callee); F && F->K == Kind::Scaler && F->Class == "NativeScaler")
    return LibrarySync{rule::Item,
                       "NativeScaler.__call__",
                       Place::Cuda,
                       F->Why,
                       "timm's 'NativeScaler' steps a GradScaler inside, which reads whether the "
                       "gradients hold an inf or a NaN with .item(): every step waits for the "
                       "backward pass",
                       "use a fused optimizer (torch.optim.AdamW(..., fused=True)): "
                       "GradScaler.step then leaves the check to the optimizer's kernel"};
  // The receiver of step(), log() and update_parameters() only: the other methods are none
  // of these objects'.
  const Value *Receiver = Method && (Name == "step" || Name == "log" || Name == "update_parameters")
                              ? S.find(V.text(field(field(Call, "function"), "object")))
                              : nullptr;
  if (Method && Name == "step" && Receiver && Receiver->Class == "ReduceLROnPlateau") {
    // step(metrics) reads the metric with float(): of a CUDA tensor, a copy to the host.
    TSNode Given = V.argument(Call, 0, nullptr);
    Value Metric = V.of(ts_node_is_null(Given) ? V.argument(Call, 0, "metrics") : Given, S);
    if (!Metric.tensor() || Metric.Where == Place::Cpu)
      return std::nullopt;
    return LibrarySync{rule::Item,
                       "ReduceLROnPlateau.step",
                       Metric.Where,
                       Metric.Why,
                       "'ReduceLROnPlateau.step' reads its metric with float(): of a tensor on "
                       "the GPU, it waits for every kernel queued before it",
                       "Pass the metric as a Python number read once per epoch (.item() where "
                       "the epoch's evaluation ends), or keep the scheduler's check on the GPU.",
                       Metric.FromParams};
  }
  auto OfClass = [](const Value *R, std::string_view Class) {
    std::vector<std::string_view> Classes = R ? classesOf(*R) : std::vector<std::string_view>();
    return std::find(Classes.begin(), Classes.end(), Class) != Classes.end();
  };
  if (Method && Name == "update_parameters" && OfClass(Receiver, "AveragedModel"))
    return LibrarySync{rule::Item,
                       "AveragedModel.update_parameters",
                       Receiver->Where,
                       Receiver->Why,
                       "'AveragedModel.update_parameters' compares its count of averages, a "
                       "buffer on the device given to AveragedModel, with 0 in Python: it waits "
                       "for every kernel queued before it",
                       "Build the AveragedModel without device= (its count then stays on the "
                       "host and the averaging runs where the parameters are), or average at "
                       "an interval, not every step."};
  if (Method && Name == "step" && Receiver && Receiver->Class == "LARC")
    return LibrarySync{rule::Item,
                       "LARC.step",
                       Place::Unknown,
                       "",
                       "apex's 'LARC.step' compares each parameter's norm and its gradient's "
                       "with 0 on the host ('if param_norm != 0 and grad_norm != 0'): a wait "
                       "for the GPU per parameter, every step",
                       "Compute the trust ratio on the GPU (torch.where on the norms), as the "
                       "fused LAMB and LARS optimizers do, instead of apex's LARC."};
  // with amp.scale_loss(loss, optimizer) as scaled: leaving it, apex unscales the gradients
  // and reads its overflow flag with .item() (LossScaler.update_scale).
  if ((Callee == "amp.scale_loss" || Callee == "apex.amp.scale_loss") &&
      V.source().find("apex") != std::string::npos)
    return LibrarySync{rule::Item,
                       "amp.scale_loss",
                       Place::Cuda,
                       "apex's amp keeps its overflow flag on CUDA",
                       "apex's 'amp.scale_loss' reads whether the gradients overflowed with "
                       ".item() when its block ends: every step waits for the backward pass",
                       "Use torch.amp (autocast with a GradScaler and a fused optimizer), which "
                       "checks for overflow on the GPU."};
  // wandb.log({"loss": loss}), or log() of the run wandb.init made: wandb reads each tensor
  // it is given on the host.
  if (Callee == "wandb.log" ||
      (Method && Name == "log" && Receiver && Receiver->Class == "wandb.Run")) {
    TSNode Given = V.argument(Call, 0, nullptr);
    Value Logged = V.of(ts_node_is_null(Given) ? V.argument(Call, 0, "data") : Given, S);
    if ((!Logged.tensor() && Logged.K != Kind::State) || Logged.Where == Place::Cpu)
      return std::nullopt;
    return LibrarySync{rule::Item,
                       "wandb.log",
                       Logged.Where,
                       Logged.Why,
                       "'wandb.log' of a tensor reads its value on the host: it waits for "
                       "every kernel queued before it",
                       "Log at an interval, and log values already read on the host "
                       "(accumulate on the GPU, call .item() once per interval).",
                       Logged.FromParams};
  }
  return std::nullopt;
}

// torch.distributions checks a distribution's parameters when it is built, and the value
// given to log_prob() or cdf(), unless told not to (validate_args=False): each check reads
// `valid.all()` of a comparison on the host (torch/distributions/distribution.py).
std::optional<LibrarySync> distributionCheck(TSNode Call, const std::string &Callee,
                                             const Values &V, const Scope &S) {
  std::string_view Name = lastPart(Callee);
  bool Built = V.distributionClass(Callee);
  bool Sample = (Name == "log_prob" || Name == "cdf") && is(field(Call, "function"), "attribute");
  if (!Built && !Sample)
    return std::nullopt;
  Value Dist = V.of(Built ? Call : field(field(Call, "function"), "object"), S);
  if (Dist.Class != Distribution || Dist.Where == Place::Cpu)
    return std::nullopt;
  return LibrarySync{rule::Item,
                     Built ? std::string(Name) + " (validate_args)"
                           : "Distribution." + std::string(Name),
                     Dist.Where,
                     Dist.Why,
                     Built ? "torch.distributions' '" + std::string(Name) +
                                 "' checks its parameters on the host (validate_args is on by "
                                 "default): it reads a comparison of them with bool(), waiting "
                                 "for every kernel queued before it"
                           : "'" + std::string(Name) +
                                 "' of a torch.distributions distribution checks the value it "
                                 "is given on the host (validate_args is on by default): it "
                                 "waits for every kernel queued before it",
                     "Pass validate_args=False to the distribution (or call "
                     "torch.distributions.Distribution.set_default_validate_args(False) once) "
                     "where its inputs are known to be valid; keep the checks in debugging runs.",
                     Dist.FromParams};
}

std::optional<LibrarySync> librarySync(TSNode Call, const Values &V, const Scope &S) {
  std::string Callee = calleeText(V, Call);
  std::string_view Name = lastPart(Callee);
  bool Method = is(field(Call, "function"), "attribute");
  if (Callee == "torch.save") {
    TSNode Saved = V.argument(Call, 0, nullptr);
    if (TSNode First = ts_node_named_child(field(Call, "arguments"), 0);
        ts_node_is_null(Saved) && is(First, "list_splat"))
      Saved = First; // torch.save(*args, **kwargs) of a wrapper: what its callers pass
    std::optional<Value> State = savedState(Saved, V, S);
    if (!State)
      return std::nullopt;
    return LibrarySync{rule::DeviceToHostCopy,
                       "torch.save",
                       State->Where,
                       State->Why,
                       "'torch.save' copies the tensors it writes to the host, each copy "
                       "waiting for every kernel queued before it",
                       "Save checkpoints at an interval, not every step; to keep the "
                       "training loop running, copy the state to pinned host tensors with "
                       "non_blocking=True and write them from another thread."};
  }
  if (Callee == "torch.load") {
    // Each tensor goes back where it was saved from, or where map_location says: to CUDA, a
    // copy from the host that blocks it. map_location="cpu" (or a device of the host): none.
    // Nor a load whose tensor is read as a NumPy array at once (`torch.load(f).numpy()`, which
    // a CUDA tensor cannot be), nor one in a dataset's code (a Dataset class, __getitem__:
    // the loader's workers read files of host tensors, and cannot use CUDA when forked), nor
    // one the program moves to the GPU itself after (`mel = torch.load(p)`, `mel.cuda()`).
    TSNode Map = V.argument(Call, 0, "map_location");
    Value Target = ts_node_is_null(Map) ? Value() : V.deviceOf(Map, S);
    TSNode Up = parentOf(Call);
    bool ReadAsNumpy = is(Up, "attribute") && V.text(field(Up, "attribute")) == "numpy";
    if (ReadAsNumpy || inDatasetCode(Call, V) || V.loadsToHost(Call, S) || V.movedAfterLoad(Call) ||
        (!ts_node_is_null(Map) && Target.K != Kind::Device && !Target.tensor()))
      return std::nullopt;
    return LibrarySync{rule::HostToDeviceCopy,
                       "torch.load",
                       Target.Where,
                       Target.Why,
                       "'torch.load' copies each tensor it reads to the device it was saved "
                       "from" +
                           std::string(ts_node_is_null(Map) ? "" : " or map_location names") +
                           ": a copy to CUDA blocks the host until it and every kernel queued "
                           "before it are done",
                       "Load checkpoints once, before the loop; or load with "
                       "map_location=\"cpu\" and move the state with non_blocking=True from "
                       "pinned memory."};
  }
  if (Method && Name == "load_state_dict") {
    // model.load_state_dict(sd) copies each saved tensor into the parameter of the same
    // name, where the module is: into a CUDA module, from host tensors (a checkpoint loaded
    // with map_location="cpu"), each copy blocks. An optimizer built in view
    // (torch.optim.AdamW(model.parameters())) moves its state to its parameters' device the
    // same way; so does one of unknown origin named as an optimizer (not a scheduler or a
    // scaler, whose load_state_dict copies nothing). A module on the host (loaded before it is
    // moved): none; state known to be on CUDA already: a copy on the device; a module of unknown
    // place (a parameter): unknown, as any op's tensor.
    // torch.load(...) given straight, which copies to the device itself, speaks for the line.
    std::string Receiver(V.text(field(field(Call, "function"), "object")));
    const Value *Into = S.find(Receiver);
    TSNode Arg = V.argument(Call, 0, nullptr);
    Value Given = V.of(Arg, S);
    // An optimizer no call in view builds, by its name (`optimizer`, `g_optim`,
    // `self.optimizer_G`: a library's or a helper's factory made it, or a caller passed it):
    // its state goes where its parameters are, which nothing here says.
    bool Named = (!Into || (Into->unknownType() && Into->Class.empty())) &&
                 optimizerName(lastPart(Receiver));
    bool Optimizer = Named || (Into && Into->Class == python::Optimizer);
    Value Unknown;
    // The other way: state known to be on CUDA (a CUDA model's state_dict()) into a module
    // still on the host (an evaluation copy built on the CPU, moved after): each tensor is
    // copied to the host.
    // So does a checkpoint torch.load read without map_location (`sd = torch.load(path)`,
    // then `encoder.load_state_dict({k: v for k, v in sd.items() if k in own})`): its
    // tensors went back to the device they were saved from, a training run's CUDA; where the
    // program names no CUDA device, the finding's unknown place says host. torch.load given
    // straight speaks for the line (reported at the load). Only into a local module: an
    // attribute (self.GAN) may have been moved by another method, or by its own __init__.
    // Not weights published at a URL (load_url(model_urls[...])), saved from the host.
    bool SavedElsewhere = Given.Class == Checkpoint && Given.Where == Place::Unknown &&
                          Receiver.find('.') == std::string::npos &&
                          V.text(Arg).find("url") == std::string_view::npos &&
                          !(is(Arg, "call") && calleeText(V, Arg) == "torch.load");
    if (Into && Into->K == Kind::Module && Into->Where == Place::Cpu &&
        ((Given.Where == Place::Cuda && (Given.K == Kind::State || Given.tensor())) ||
         SavedElsewhere))
      return LibrarySync{rule::DeviceToHostCopy,
                         "load_state_dict",
                         Given.Where,
                         SavedElsewhere ? "a checkpoint torch.load read without map_location, "
                                          "its tensors on the device they were saved from"
                                        : Given.Why,
                         "'load_state_dict' copies each CUDA tensor of the state into the "
                         "module's parameters and buffers, on the host: each copy waits for "
                         "every kernel queued before it",
                         "Move the module to the GPU before loading (the copies stay on the "
                         "device), or load with map_location=\"cpu\"; once, outside the loop.",
                         Given.FromParams};
    // State a torch.load did not map to the host (`states = torch.load(path)`, or
    // map_location of a device; then `model.load_state_dict(states[0])`): its copies, if
    // any, were the load's, reported at the load (Values::loaded places it).
    bool Loaded = Given.Class == Checkpoint && Given.Where != Place::Cpu;
    if (Named)
      Into = &Unknown;
    // A receiver of unknown type moved to CUDA (`DiT_models[name](...).to(device)`: a
    // factory from a table): what takes a state dict is a module.
    // (A tensor only by where it is used, Assumed, too: a tensor has no load_state_dict.)
    bool MovedModule = Into && (Into->unknownType() || (Into->tensor() && Into->Assumed)) &&
                       Into->Where == Place::Cuda;
    // Not another module's state_dict() whose place is unknown (a DQN's
    // target.load_state_dict(policy.state_dict()): most likely on the same device).
    auto OtherModules = [&] {
      TSNode Made = Arg;
      if (is(Made, "call") && lastPart(calleeText(V, Made)) == "deepcopy")
        Made = V.argument(Made, 0, nullptr);
      return is(Made, "call") && lastPart(calleeText(V, Made)) == "state_dict";
    };
    if (Given.Where == Place::Unknown && OtherModules())
      return std::nullopt;
    if (!Into || (Into->K != Kind::Module && !Optimizer && !MovedModule) ||
        Into->Where == Place::Cpu || Given.Where == Place::Cuda || Loaded)
      return std::nullopt;
    return LibrarySync{rule::HostToDeviceCopy,
                       "load_state_dict",
                       Into->Where,
                       Into->Why,
                       Optimizer
                           ? std::string("'load_state_dict' of an optimizer moves the saved "
                                         "state (its moments, its step counts) to its "
                                         "parameters' device") +
                                 (Into->Where == Place::Cuda ? ", CUDA" : "") +
                                 ": from host tensors to CUDA parameters, each copy blocks the "
                                 "host"
                           : "'load_state_dict' copies each saved tensor into the module's "
                             "parameters and buffers, on CUDA: from host tensors, each copy "
                             "blocks the host",
                       "Load the state before moving the module to the GPU (model.to(device) "
                       "copies it once), or load the checkpoint with map_location set to the "
                       "device; once per run, outside the training loop."};
  }
  // torchvision's image utilities, of their first argument: a tensor (or a value of unknown
  // type) not known to be on the host.
  auto OfImage = [&](const char *Rule, const char *Op, const char *Message,
                     const char *Fix) -> std::optional<LibrarySync> {
    Value Image = V.of(V.argument(Call, 0, nullptr), S);
    if ((!Image.tensor() && !Image.unknownType()) || Image.Where == Place::Cpu)
      return std::nullopt;
    return LibrarySync{Rule, Op, Image.Where, Image.Why, Message, Fix, Image.FromParams};
  };
  if (Name == "save_image") // torchvision.utils.save_image, vutils.save_image
    return OfImage(rule::DeviceToHostCopy, "save_image",
                   "torchvision's 'save_image' copies the image tensor to the host (.to('cpu') "
                   "inside): the copy waits for every kernel queued before it",
                   "Save images at an interval (every N steps), not every step.");
  // make_grid(t, normalize=True) shifts the grid to [0, 1] with float(t.min()) and
  // float(t.max()): two reads of the GPU (save_image(..., normalize=True) is flagged above).
  if (Name == "make_grid" && V.text(V.argument(Call, 0, "normalize")) == "True")
    return OfImage(rule::Item, "make_grid(normalize=True)",
                   "torchvision's 'make_grid' with normalize=True reads the tensor's minimum and "
                   "maximum with float(): two waits for every kernel queued before them",
                   "Make image grids at an interval (every N steps); or normalize on the GPU and "
                   "call make_grid without normalize=True.");
  if (torchvisionNms(Call, Callee, V)) {
    // torchvision's CUDA kernel copies its mask of kept boxes to the host to count them.
    Value Boxes = V.of(V.argument(Call, 0, nullptr), S); // a tensor, whatever is known
    if ((!Boxes.tensor() && !Boxes.unknownType()) || Boxes.Where == Place::Cpu)
      return std::nullopt;
    return LibrarySync{rule::DeviceToHostCopy,
                       std::string(Name),
                       Boxes.Where,
                       Boxes.Why,
                       "torchvision's '" + std::string(Name) +
                           "' of CUDA boxes copies its mask of kept boxes to the host to count "
                           "them: it waits for every kernel queued before it",
                       "Call it once per batch (batched_nms over every image's boxes, with the "
                       "image index as the category), not once per image or per class.",
                       Boxes.FromParams};
  }
  // CTC loss on CUDA: ATen copies the length tensors to the host (ctc_loss's IntArrayRef
  // lengths), and its CUDA kernel copies the targets' offsets back with a blocking copy:
  // nn.CTCLoss()(log_probs, targets, input_lengths, target_lengths), F.ctc_loss(...).
  // (PyTorch's: a CTCLoss module, torch.nn.CTCLoss()(...) made on the spot too, or
  // ctc_loss of torch.nn.functional or torch; not a project's own ctc_loss.)
  TSNode Fn = field(Call, "function");
  const Value *Named = S.find(Callee);
  Value Criterion = Named ? *Named : is(Fn, "call") ? V.of(Fn, S) : Value();
  std::string_view Module = std::string_view(Callee).substr(0, Callee.size() - Name.size());
  if (!Module.empty())
    Module.remove_suffix(1);
  if (const std::string *Full = V.Names.find(Module))
    Module = *Full;
  bool Ctc = (Criterion.K == Kind::Module && Criterion.Class == "CTCLoss") ||
             (Name == "ctc_loss" && (Module == "F" || Module == "torch.nn.functional" ||
                                     Module == "nn.functional" || Module == "torch"));
  if (Ctc) {
    Value LogProbs = V.of(V.argument(Call, 0, nullptr), S);
    if ((!LogProbs.tensor() && !LogProbs.unknownType()) || LogProbs.Where == Place::Cpu)
      return std::nullopt;
    return LibrarySync{
        rule::DeviceToHostCopy,
        "ctc_loss",
        LogProbs.Where,
        LogProbs.Why,
        "CTC loss of log-probabilities " +
            std::string(LogProbs.Where == Place::Cuda ? "on CUDA" : "that may be on CUDA") +
            " copies the lengths to the host and the targets' offsets back to "
            "the device inside: it waits for every kernel queued before it",
        "Expect one wait per call; keep the lengths on the host (a list or a CPU "
        "tensor) so that at least their copy to the host costs nothing.",
        LogProbs.FromParams};
  }
  if (std::optional<LibrarySync> L = torchvisionTransform(Call, Callee, Name, V, S))
    return L;
  if (Method && (Name == "add_scalar" || Name == "add_scalars" || Name == "add_histogram" ||
                 Name == "add_image" || Name == "add_images" || Name == "add_audio" ||
                 Name == "add_video" || Name == "add_embedding" || Name == "log_value")) {
    // TensorBoard's SummaryWriter: the value is the second argument (make_np copies it);
    // add_scalars takes a dict of them; tensorboard_logger's log_value(name, value) reads
    // its value with float().
    const char *Keyword = Name == "add_scalar"      ? "scalar_value"
                          : Name == "add_scalars"   ? "tag_scalar_dict"
                          : Name == "log_value"     ? "value"
                          : Name == "add_histogram" ? "values"
                          : Name == "add_audio"     ? "snd_tensor"
                          : Name == "add_video"     ? "vid_tensor"
                          : Name == "add_embedding" ? "mat"
                                                    : "img_tensor";
    TSNode Arg = V.argument(Call, 1, nullptr);
    Value Logged = V.of(ts_node_is_null(Arg) ? V.argument(Call, 0, Keyword) : Arg, S);
    bool Dict = Logged.K == Kind::State && Logged.Sequence; // {"train": loss, ...}
    if ((!Logged.tensor() && !Dict) || Logged.Where == Place::Cpu)
      return std::nullopt;
    bool Scalar = Name == "add_scalar" || Name == "add_scalars" || Name == "log_value";
    return LibrarySync{Scalar ? rule::Item : rule::DeviceToHostCopy,
                       std::string(Name),
                       Logged.Where,
                       Logged.Why,
                       std::string(Name == "log_value" ? "tensorboard_logger" : "TensorBoard") +
                           "'s '" + std::string(Name) + "' of a tensor " +
                           (Scalar ? "reads its value with .item()" : "copies it to the host") +
                           " inside: it waits for every kernel queued before it",
                       "Log at an interval, and log a value already read on the host "
                       "(accumulate on the GPU, call .item() once per interval).",
                       Logged.FromParams};
  }
  if (std::optional<LibrarySync> L = libraryObjectCall(Call, Callee, V, S))
    return L;
  if (std::optional<LibrarySync> L = distributionCheck(Call, Callee, V, S))
    return L;
  return causalityCheck(Call, Callee, V, S);
}

} // namespace hostsync::python
