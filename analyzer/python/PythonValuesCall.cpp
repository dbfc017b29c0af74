// Values::call: the value a call gives (PythonValues.h), and the op table's rows.
#include "python/PythonValueParts.h"
#include "python/PythonGuesses.h"
#include "python/PythonCalls.h"
#include "model/OpTable.h"
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace hostsync::python {

Value Values::call(TSNode Call, const Scope &S) const {
  TSNode Fn = field(Call, "function");
  std::string CalleeName = dotted(Fn);
  std::string_view Callee = CalleeName;
  std::string_view Last = lastPart(Callee);
  if (Callee == "torch.load")
    return loaded(Call, S);
  // Tensor(n, 3) of a name holding a tensor type (`Tensor = torch.cuda.FloatTensor if cuda
  // else torch.FloatTensor`): a tensor where the type's tensors are.
  if (const Value *Type =
          Callee.find('.') == std::string_view::npos && isDotted(Callee) ? S.find(Callee) : nullptr;
      Type && Type->K == Kind::Device && Type->Class == TensorType) {
    Value Made = tensorAt(Type->Where, Type->Why);
    Made.FromParams = Type->FromParams;
    return Made;
  }
  // "cuda:{}".format(gpu) names a device as the string does.
  if (Last == "format" && is(field(Fn, "object"), "string"))
    return namedDevice(Call, S);
  // Normal(mu, sigma), D.Categorical(logits=x): a distribution where its parameters are,
  // when it checks them (validate_args not turned off for the call or the program).
  if (!NoDistributionChecks && distributionClass(Callee) &&
      text(argument(Call, 99, "validate_args")) != "False") {
    // On CUDA if a parameter is; on the host if all are. Of values whose kind nothing in view
    // says (a network's output taken apart, `Normal(out[:, :n], out[:, n:].exp())` of an
    // actor a base class builds): a tensor's, place unknown. Not of numbers (Normal(0.0,
    // 1.0)), nor of parameters alone (Normal(0, sigma): what a call passes decides).
    Value Dist;
    bool OfUnknown = false;
    for (TSNode Arg : namedChildren(field(Call, "arguments"))) {
      TSNode Given = is(Arg, "keyword_argument") ? field(Arg, "value") : Arg;
      Value Of = of(Given, S);
      Dist = combine({Dist, Of});
      OfUnknown |= Of.unknownType() && computed(Given, Call, S);
    }
    if (!Dist.tensor() && OfUnknown) {
      Dist = Value();
      Dist.K = Kind::Tensor;
    }
    if (!Dist.tensor())
      return Value();
    Dist.K = Kind::Other;
    Dist.Class = Distribution;
    Dist.Mask = Dist.Sequence = false;
    Dist.Elements.clear();
    return Dist;
  }
  // torch.optim.AdamW(model.parameters(), ...): an optimizer where its parameters are. A
  // class of torch.optim itself: not of its modules (lr_scheduler, swa_utils' AveragedModel).
  if (((Callee.substr(0, 12) == "torch.optim." && Callee.find('.', 12) == std::string_view::npos) ||
       (Callee.substr(0, 6) == "optim." && Callee.find('.', 6) == std::string_view::npos)) &&
      !Last.empty() && Last[0] >= 'A' && Last[0] <= 'Z') {
    TSNode Given = argument(Call, 0, nullptr);
    Value Params = of(ts_node_is_null(Given) ? argument(Call, 0, "params") : Given, S);
    Value Opt;
    Opt.Class = Optimizer;
    if (Params.tensor() || Params.K == Kind::Module) {
      Opt.placeOf(Params);
      Opt.FromParams = Params.FromParams;
    }
    return Opt;
  }
  // NumPy's functions that make an array of several values (not a scalar: np.mean, np.sum).
  if ((Callee.substr(0, 3) == "np." || Callee.substr(0, 6) == "numpy.") &&
      (oneOf(Last, {"arange", "array", "asarray", "argsort", "permutation", "flatnonzero",
                    "argwhere", "concatenate", "unique"}) ||
       // np.random.choice(n) is one number; given a size, an array of them.
       (Last == "choice" && (!ts_node_is_null(argument(Call, 1, nullptr)) ||
                             !ts_node_is_null(argument(Call, 99, "size")))))) {
    Value Array;
    Array.Class = NumpyArray;
    return Array;
  }
  // torch.Tensor(data), torch.LongTensor(...): the legacy constructors make host tensors.
  // torch.Tensor(...) under a CUDA default tensor type is a CUDA tensor.
  if (isDotted(Callee) && Callee.substr(0, 6) == "torch." && Last.size() >= 6 &&
      Last.substr(Last.size() - 6) == "Tensor" && Callee.find(".cuda.") == std::string_view::npos) {
    const Value *D = defaultDeviceIn(S);
    Value Made = D && D->Class == TensorType && Callee == "torch.Tensor"
                     ? tensorAt(Place::Cuda, D->Why)
                     : tensorAt(Place::Cpu, madeOnCpu(Call));
    Made.Empty = madeEmpty(Call, Last);
    Made.Rank = constructorCopies(Call, S) ? -1 : sizeRank(Call, S); // LongTensor(2): sizes
    return Made;
  }
  if (Callee.substr(0, 6) == "torch." && Callee.find('.', 6) == std::string_view::npos) {
    Value Made = torchFunction(Call, Callee.substr(6), S);
    Made.Empty =
        Made.tensor() && oneOf(Last, {"tensor", "zeros", "ones", "empty"}) && madeEmpty(Call, Last);
    return Made;
  }
  for (const char *Functional : {"F.", "torch.nn.functional.", "nn.functional.", "torch.linalg.",
                                 "torch.fft.", "torch.special."})
    if (Callee.substr(0, std::strlen(Functional)) == Functional) {
      Value Out = combine({of(argument(Call, 0, nullptr), S), of(argument(Call, 1, nullptr), S)});
      return Out;
    }
  // torch.autograd.Variable(t) (PyTorch before 0.4) is t.
  if (Last == "Variable" && (Callee == "Variable" || Callee == "torch.autograd.Variable" ||
                             Callee == "autograd.Variable"))
    return of(argument(Call, 0, nullptr), S);
  // A module's parameter lives where the module is moved: not known here.
  if (Callee == "torch.nn.Parameter" || Callee == "nn.Parameter" || Callee == "Parameter")
    return tensorAt(Place::Unknown, "");
  if (Callee == "torch.accelerator.current_accelerator" || Callee == "torch.cuda.current_device")
    return deviceOf(Call, S);
  if (Callee == "next") { // next(loader), next(iter(loader)): a batch
    Value From = of(argument(Call, 0, nullptr), S);
    return From.K == Kind::Loader ? itemOf(From) : Value();
  }
  if (oneOf(Last, {"dict", "defaultdict", "OrderedDict", "Counter"}) && !S.find(Callee) &&
      !Classes.count(Callee)) {
    // dict(model=model.state_dict(), epoch=epoch): state as the dict written out is.
    Value Dict;
    bool Tensors = false;
    for (TSNode Arg : namedChildren(field(Call, "arguments")))
      if (is(Arg, "keyword_argument"))
        addEntry(Dict, of(field(Arg, "value"), S), Tensors);
    if (Dict.K != Kind::State) {
      Dict.Class = DictClass;
      Dict.Pinned = text(argument(Call, 0, "pin_memory")) == "True"; // dict(..., pin_memory=True)
    }
    return Dict;
  }
  // iter(loader): an iterator of its batches, read as the loader; so is a progress bar
  // over it (`epoch_iterator = tqdm(train_loader, desc=...)`, tqdm.tqdm, tqdm.auto.tqdm).
  if (Callee == "iter" || ((Last == "tqdm" || Callee == "tqdm.auto.tqdm") && !S.find(Callee) &&
                           !Classes.count(std::string(Callee))))
    if (Value From = of(argument(Call, 0, nullptr), S); From.K == Kind::Loader)
      return From;
  if (Callee == "int") { // int(os.environ["LOCAL_RANK"]); of a tensor, a read (a sync rule)
    Value Int;
    Int.K = Kind::Int;
    Int.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Int;
  }
  if (Callee.size() >= 15 && Callee.substr(Callee.size() - 15) == "clip_grad_norm_") {
    // The total norm, where the gradients are: the parameters' place, when known.
    Value Params = of(argument(Call, 0, nullptr), S);
    if (!Params.tensor())
      return tensorAt(Place::Unknown, "");
    Params.Sequence = Params.Mask = false;
    return Params;
  }
  // A list, tuple, filter or sorted copy of tensors holds those tensors
  // (`list(filter(lambda p: p.grad is not None, parameters))`).
  if (oneOf(Callee, {"list", "tuple", "sorted", "reversed", "iter", "filter"})) {
    Value In = of(argument(Call, Callee == "filter" ? 1 : 0, nullptr), S);
    In.forgetShape();
    if (In.tensor()) {
      In.Sequence = true;
      return In;
    }
  }
  if (guessOn(Guess::LoaderName) && Callee.size() >= 10 &&
      Callee.substr(Callee.size() - 10) == "DataLoader") {
    Value L;
    L.K = Kind::Loader;
    L.Where = Place::Cpu;
    TSNode Pin = argument(Call, 0, "pin_memory");
    // pin_memory=True, or pin_memory=args.pin_mem of a flag on by default (a masked-autoencoder
    // trainer's parser.set_defaults(pin_mem=True)): the program as it runs unless told otherwise.
    L.Pinned = !ts_node_is_null(Pin) && (text(Pin) == "True" || (is(Pin, "attribute") && [&] {
                                           auto Default =
                                               flagDefault(text(field(Pin, "attribute")));
                                           return Default && Default->Text == "True";
                                         }()));
    // DataLoader(dataset, **kwargs) of a dict that says pin_memory=True (on either side of
    // `{...} if use_cuda else {}`: pinned where there is a GPU).
    if (ts_node_is_null(Pin))
      for (TSNode A : namedChildren(field(Call, "arguments")))
        if (is(A, "dictionary_splat") && ts_node_named_child_count(A) > 0) {
          TSNode Given = ts_node_named_child(A, 0);
          const Value *Named = is(Given, "identifier") ? S.find(text(Given)) : nullptr;
          L.Pinned |= (Named ? *Named : of(Given, S)).Pinned;
        }
    L.Why = "a batch of " + quote(std::string(text(field(Call, "function")))) + " at line " +
            std::to_string(line(Call));
    return L;
  }
  // torchvision's ToTensor, alone or in a Compose, makes a host tensor of an image;
  // transforms.functional.to_tensor(img) is one.
  if (Last == "ToTensor" || Last == "PILToTensor" ||
      (Last == "Compose" && text(Call).find("ToTensor(") != std::string_view::npos)) {
    Value Transform = tensorAt(Place::Cpu, madeOnCpu(Call));
    Transform.K = Kind::Transform;
    return Transform;
  }
  // torchvision's transforms of tensors (transforms.Normalize(mean, std)), by the names the
  // file imports it as; not a project's own transforms module, nor ToPILImage or Lambda.
  std::string_view Module = std::string_view(Callee).substr(0, Callee.size() - Last.size());
  if (!Module.empty() && Module.back() == '.')
    Module.remove_suffix(1);
  if ((Module.rfind("torchvision.transforms", 0) == 0 ||
       TransformModules.count(Module.substr(0, Module.find('.')))) &&
      !Last.empty() && std::isupper(static_cast<unsigned char>(Last[0])) &&
      !oneOf(Last, {"ToPILImage", "Lambda"}) && !S.find(Callee)) {
    Value Transform; // of a tensor, where the tensor is
    Transform.K = Kind::Transform;
    auto Syncs = [](std::string_view T) {
      return oneOf(T, {"Normalize", "RandomRotation", "RandomAffine"});
    };
    std::string_view Made = text(Call);
    // A Compose of one of them, by the transform's own name (`T.Normalize(`, `Normalize(`;
    // not a project's `GroupNormalize(`).
    auto Holds = [&](std::string_view Name) {
      for (size_t At = Made.find(Name); At != std::string_view::npos;
           At = Made.find(Name, At + 1)) {
        char Before = At == 0 ? ' ' : Made[At - 1];
        if (!std::isalnum(static_cast<unsigned char>(Before)) && Before != '_')
          return true;
      }
      return false;
    };
    Transform.Class =
        Syncs(Last) || (Last == "Compose" &&
                        (Holds("Normalize(") || Holds("RandomRotation(") || Holds("RandomAffine(")))
            ? SyncingTransform
            : TensorTransform;
    Transform.Why = quote(Made) + " at line " + std::to_string(line(Call));
    return Transform;
  }
  if ((Last == "to_tensor" || Last == "pil_to_tensor") && !S.find(Callee))
    return tensorAt(Place::Cpu, madeOnCpu(Call));
  if (Last == "GradScaler") { // torch.cuda.amp.GradScaler(), torch.amp.GradScaler("cuda")
    Value Scaler;
    Scaler.K = Kind::Scaler;
    Scaler.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Scaler;
  }
  // Library objects whose methods read the GPU (python/PythonLibraryCalls): timm's
  // NativeScaler, a GradScaler that its __call__ steps; a scheduler that reads its metric
  // (ReduceLROnPlateau); apex's LARC, whose step compares norms on the host. Not a class of
  // the project's of the same name, which is read as any of its classes.
  // torch.optim.swa_utils.AveragedModel(model, device=d): its count of averages is a buffer
  // on d, which update_parameters compares with 0 in Python (bench/library-syncs: no wait
  // without device=, the count then stays on the host).
  if (Last == "AveragedModel" && !Classes.count(Callee) && !S.find(Callee)) {
    // (A device= of unknown place: the accelerator's, as a rule; "cpu" keeps the EMA off it.)
    TSNode On = argument(Call, 0, "device");
    if (ts_node_is_null(On))
      On = argument(Call, 1, nullptr); // AveragedModel(model, device)
    Value To = ts_node_is_null(On) ? Value() : deviceOf(On, S);
    if (!ts_node_is_null(On) && text(On) != "None" && To.Where != Place::Cpu) {
      Value Averaged; // a module, of the averaged weights, on d
      Averaged.K = Kind::Module;
      Averaged.Class = "AveragedModel";
      Averaged.Where = To.Where;
      Averaged.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
      return Averaged;
    }
  }
  if ((Last == "NativeScaler" || Last == "NativeScalerWithGradNormCount" ||
       Last == "ReduceLROnPlateau" || Last == "LARC") &&
      !Classes.count(Callee) && !S.find(Callee)) {
    Value Object;
    Object.K = Last == "ReduceLROnPlateau" || Last == "LARC" ? Kind::Other : Kind::Scaler;
    Object.Class = Last == "NativeScalerWithGradNormCount" ? "NativeScaler" : std::string(Last);
    Object.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Object;
  }
  if (Callee == "wandb.init") { // a run, whose log() is wandb.log
    Value Run;
    Run.Class = "wandb.Run";
    return Run;
  }
  // Wrappers of a module are the module: DistributedDataParallel(model) (torch.compile(model):
  // torchFunction), nn.SyncBatchNorm.convert_sync_batchnorm(model) (its batch norms swapped in
  // place).
  if (Last == "DistributedDataParallel" || Last == "DataParallel" ||
      Last == "convert_sync_batchnorm") {
    Value Wrapped = of(argument(Call, 0, nullptr), S);
    if (Wrapped.K == Kind::Module)
      return Wrapped;
    Value M; // a module wrapped where its module is, which the analysis does not know
    M.K = Kind::Module;
    M.Class = std::string(Last);
    return M;
  }
  if (isDotted(Callee) && (buildsLibraryModule(Callee) || ModuleClasses.count(Callee))) {
    Value M;
    M.K = Kind::Module;
    M.Where = Place::Cpu;
    M.Why = "built on the CPU at line " + std::to_string(line(Call));
    // A project class by the name the file calls it (`nets.Detector`, as the imported
    // methods are keyed); a library one by its last part (nn.TransformerEncoder's forward
    // checks its mask: PythonLibraryCalls).
    M.Class = ModuleClasses.count(Callee) ? std::string(Callee) : std::string(Last);
    // nn.ModuleList([Block(d) for _ in range(n)]) (or written out) of modules of one class:
    // that module is its one element, which a loop over it and [i] give (Values::element).
    if (Last == "ModuleList")
      if (std::optional<Value> One = oneModuleClass(argument(Call, 0, nullptr), S))
        M.Elements.push_back(std::move(*One)); // placed where the list is (element())
    return M;
  }
  // torchvision.models.__dict__[args.arch](): a model chosen by name (pytorch/examples).
  if (is(Fn, "subscript")) {
    std::string Table = dotted(field(Fn, "value"));
    if (Table == "models.__dict__" || Table == "torchvision.models.__dict__") {
      Value M;
      M.K = Kind::Module;
      M.Where = Place::Cpu;
      M.Why = "built on the CPU at line " + std::to_string(line(Call));
      return M;
    }
  }
  // model(x), criterion(out, y), nn.CrossEntropyLoss()(out, y): a module's output, where its
  // weights or its inputs are.
  const Value *Known = S.find(Callee);
  // A module made or reached on the spot: nn.CrossEntropyLoss()(out, y), ddp.module(x).
  Value Made = is(Fn, "call") || (is(Fn, "attribute") && text(field(Fn, "attribute")) == "module")
                   ? of(Fn, S)
                   : Value();
  if (!Known && (Made.K == Kind::Module || Made.K == Kind::Transform))
    Known = &Made;
  if (Known && Known->K == Kind::Transform &&
      (Known->Class == TensorTransform || Known->Class == SyncingTransform)) {
    Value In = of(argument(Call, 0, nullptr), S); // normalize(image)
    if (!In.tensor() || In.Sequence)
      return Value();
    In.Mask = false;
    return In;
  }
  if (Known && Known->K == Kind::Transform) // transform(img)
    return tensorAt(Place::Cpu, Known->Why);
  if (Known && Known->K == Kind::Module) {
    Value In = combine({of(argument(Call, 0, nullptr), S), of(argument(Call, 1, nullptr), S)});
    if (Known->Where == Place::Cuda)
      return combine({weightsOf(*Known), In});
    return In.tensor() ? In : tensorAt(Place::Unknown, "");
  }
  // An object of one of the file's classes (not a module): AverageMeter("Acc@1").
  if (isDotted(Callee) && Classes.count(Callee)) {
    Value Object;
    Object.K = Kind::Object;
    Object.Class = std::string(Callee);
    Object.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Object;
  }
  if (Returned)
    if (std::optional<Value> R = Returned(Call, S))
      return *R;
  // conf.test_transform(img), self.transform(image): a transform of unknown origin (a
  // Compose another module's config holds) given an image, not a tensor, makes a host
  // tensor of it, as ToTensor does (the images a model sees come to it that way).
  if ((!Known || Known->unknownType()) && guessOn(Guess::TransformName) &&
      (endsWithWord(Last, "transform") || endsWithWord(Last, "transforms"))) {
    TSNode Image = argument(Call, 0, nullptr);
    if (!ts_node_is_null(Image) && !of(Image, S).tensor())
      return tensorAt(Place::Cpu, "what the image transform " + quote(text(Fn)) + " at line " +
                                      std::to_string(line(Call)) + " makes");
  }
  // A parameter of unknown type named as a network (`out = pnet(im_data)`, `model(images)`
  // in an evaluate(loader, model) whose callers hand it a loaded model) called on a tensor:
  // its output is a tensor where its input is. (Not a callback of another name, `decode(p)`,
  // which may return text.)
  if (is(Fn, "identifier") && Known && Known->unknownType() && Known->LikeParams &&
      Known->Elements.empty() && networkName(text(Fn))) {
    Value In = of(argument(Call, 0, nullptr), S);
    if (In.tensor() && !In.Sequence && In.Elements.empty()) {
      In.Mask = false;
      return In;
    }
  }
  if (is(Fn, "attribute")) {
    TSNode Receiver = field(Fn, "object");
    return method(Call, Receiver, text(field(Fn, "attribute")), S);
  }
  return Value();
}

// The row of the op a Python call names, when Python spells it so (a method: t.name(...),
// or a torch function: torch.name(...)); none for an op C++ alone has.
std::optional<OpRow> Values::row(std::string_view Name, bool IsMethod) const {
  OpRow R = opRow(Name);
  if (R.Python == PythonSpelling::None || R.Python == PythonSpelling::Index ||
      (R.Python == PythonSpelling::Method && !IsMethod))
    return std::nullopt;
  return R;
}

// A result on the device an argument names (device=, or .to's target): the value the
// caller passes in (a tensor, or a module moved whole) moved there; unchanged when the
// argument names no device (a dtype).
Value Values::movedTo(Value Self, TSNode Target, TSNode Call, const Scope &S) const {
  if (ts_node_is_null(Target))
    return Self;
  Value D = deviceOf(Target, S);
  if (D.K != Kind::Device && !D.tensor())
    return Self;
  Self.Where = D.Where;
  Self.FromParams = D.FromParams; // to the device a parameter names, or to its own
  Self.Why =
      D.Where == Place::Unknown ? "" : quote(text(Call)) + " at line " + std::to_string(line(Call));
  Self.HostCopy = false; // the reason is this call
  Self.Pinned = false;
  return Self;
}

// The rank a factory of sizes gives (torch.zeros(n, m), torch.zeros((n, m)), torch.ones([n]),
// torch.LongTensor(2)): the sizes given one by one, each a number (a literal, a name holding
// an int or named as one count, len(x), x.size(0), x.shape[0], arithmetic of them), or the one
// tuple's or list's length; -1 when a size is spread (`*shape`) or may hold several
// (`torch.zeros(shape)`, `torch.zeros(img_size)`, `torch.zeros(x.shape[-2:])`), and for the
// factories whose arguments are not sizes (arange, linspace, eye, randint, normal).
int8_t Values::sizeRank(TSNode Call, const Scope &S) const {
  std::string_view Op = lastPart(text(field(Call, "function")));
  if (!oneOf(Op, {"zeros", "ones", "empty", "full", "rand", "randn"}) &&
      (Op.size() < 6 || Op.substr(Op.size() - 6) != "Tensor"))
    return -1;
  auto Number = [&](TSNode A) {
    if (pythonNumber(A, S))
      return true;
    Value Held = is(A, "identifier") || is(A, "attribute") ? of(A, S) : Value();
    return (is(A, "identifier") || is(A, "attribute")) && Held.unknownType() &&
           Held.Elements.empty() && countName(lastPart(text(A)));
  };
  int Sizes = 0;
  for (TSNode A : namedChildren(field(Call, "arguments"))) {
    if (is(A, "keyword_argument") || is(A, "comment"))
      continue;
    if (is(A, "parenthesized_expression")) // torch.zeros((n), ...): n
      A = ts_node_named_child(A, 0);
    if ((is(A, "tuple") || is(A, "list")) && Sizes == 0) {
      NamedChildren Each(A);
      if (!std::all_of(Each.begin(), Each.end(), Number))
        return -1;
      Sizes = static_cast<int>(Each.size());
      break;
    }
    if (!Number(A))
      return -1;
    ++Sizes;
  }
  return Sizes > 0 && Sizes < 8 ? static_cast<int8_t>(Sizes) : -1;
}

bool Values::pythonNumber(TSNode N, const Scope &S) const {
  // A literal (-1, 0.5, True), a name holding an int, len(x), int(t), x.size(0), x.shape[0],
  // or arithmetic of numbers; not a tensor, nor a value of unknown kind, nor x.shape[-2:].
  if (ts_node_is_null(N))
    return false;
  if (is(N, "unary_operator") || is(N, "parenthesized_expression"))
    return pythonNumber(ts_node_named_child(N, 0), S);
  if (is(N, "integer") || is(N, "float") || is(N, "true") || is(N, "false"))
    return true;
  if (is(N, "binary_operator"))
    return pythonNumber(field(N, "left"), S) && pythonNumber(field(N, "right"), S);
  if (is(N, "call"))
    return oneOf(lastPart(text(field(N, "function"))), {"len", "int", "float", "size", "numel"}) &&
           ts_node_named_child_count(field(N, "arguments")) > 0;
  if (is(N, "subscript") && lastPart(text(field(N, "value"))) == "shape")
    return is(field(N, "subscript"), "integer") || is(field(N, "subscript"), "unary_operator");
  return of(N, S).K == Kind::Int; // a name, or an element of a tuple of ints (size[0])
}

bool Values::lossName(TSNode N) const {
  // A loss by its name (`loss_G`, `self.loss_D`, `losses[name]`), not its weights.
  TSNode Named = is(N, "subscript") ? field(N, "value") : N;
  if (!is(Named, "identifier") && !is(Named, "attribute"))
    return false;
  std::string Name = lowered(lastPart(text(Named)));
  return guessOn(Guess::LossName) && Name.find("loss") != std::string::npos &&
         Name.find("weight") == std::string::npos;
}

bool countName(std::string_view Name) {
  // One count, by its words: n_dets, num_boxes, numClasses, batch_size, batchSize, seq_len,
  // hidden_dim, n; not of several (sizes, lengths, img_size's tuple is named as a size too,
  // so only *_size of a batch or a count word), nor data (input_numpy).
  if (!guessOn(Guess::CountName))
    return false;
  std::string L = lowered(Name);
  auto Ends = [&](std::string_view W) {
    return L.size() >= W.size() && L.compare(L.size() - W.size(), W.size(), W) == 0;
  };
  return L == "n" || L == "k" || L.rfind("n_", 0) == 0 || L.rfind("num_", 0) == 0 ||
         (L.rfind("num", 0) == 0 && Name.size() > 3 &&
          std::isupper(static_cast<unsigned char>(Name[3]))) ||
         Ends("batch_size") || Ends("batchsize") || Ends("_len") || Ends("_length") ||
         Ends("_dim") || Ends("_count") || Ends("_num");
}

} // namespace hostsync::python
