// What the Python front end knows of a value: is it a tensor, a module, a device or a data
// loader, and where does it live (docs/python.md, "Devices"). Learnt from assignments in
// the order they run, within a function, its class's attributes (self.x) and the module's
// globals; read by the rules (PythonSyncs) to say whether an op syncs.
#pragma once

#include "model/OpTable.h"
#include "python/PythonNodes.h"
#include "python/PythonQualifiedNames.h"
#include "python/PythonSyntax.h"

#include <tree_sitter/api.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace hostsync::python {

// Other: nothing known. None: Python's None, which a merge gives way to (x = None, then a
// tensor in one branch, is that tensor where it is used). Scaler: an AMP GradScaler. Int:
// an integer (a literal, int(...)), which .to() and device= read as a CUDA device's index
// (`local_rank = int(os.environ["LOCAL_RANK"])`, then `model.to(local_rank)`). State: what
// `X.state_dict()` returns, X's tensors, where X is. Object: an object of one of the file's
// classes (Value::Class), whose attributes are what its methods set on self. Transform: a
// torchvision transform that makes a host tensor of an image (ToTensor, a Compose with one).
enum class Kind {
  Other,
  None,
  Tensor,
  Module,
  Device,
  Loader,
  Scaler,
  Int,
  State,
  Object,
  Transform
};
enum class Place { Unknown, Cuda, Cpu };

// Value::Class of a Device that is a tensor type (torch.cuda.FloatTensor), not a device.
inline constexpr const char *TensorType = "tensor type";
// Value::Class of a value of unknown kind that is a NumPy array of several values
// (np.arange(n), np.random.choice(n, size=k)): an index of a CUDA tensor copied to it.
inline constexpr const char *NumpyArray = "numpy array";
// Value::Class of a value of unknown kind that is a Python list of numbers a comprehension
// makes ([i for i, w in enumerate(words) if w != end]).
inline constexpr const char *NumberList = "list of numbers";
// Value::Class of a value of unknown kind that is a dict ({}, dict(), defaultdict(int)):
// its keys are hashed, not compared or read.
inline constexpr const char *DictClass = "dict";
// Value::Class of a dict of DataLoaders (`{x: DataLoader(...) for x in ["train", "val"]}`,
// or written out): its one element, the loaders merged, is what `loaders[phase]` gives.
inline constexpr const char *LoaderDict = "dict of loaders";
// Value::Class of a key a loop over a dict gives (`for phase in dataloaders`): a string or a
// number, not a tensor.
inline constexpr const char *DictKey = "dict key";
// Value::Class of a Transform of tensors (torchvision's Normalize, a Compose without
// ToTensor): its result is where the tensor it is given is.
inline constexpr const char *TensorTransform = "tensor transform";
// Value::Class of a Transform of tensors that copies host values to the tensor's device or
// reads it back (Normalize: mean and std copied, `(std == 0).any()` read; RandomRotation,
// RandomAffine: the affine matrix copied; a Compose holding one and no ToTensor).
inline constexpr const char *SyncingTransform = "tensor transform that syncs";
// Value::Class of a torch.optim optimizer, placed where the parameters it was given are
// (its state follows them: load_state_dict copies saved state there).
inline constexpr const char *Optimizer = "optimizer";
// Value::Class of a State that torch.load read (and of its entries, checkpoint["model"]):
// where its map_location put it. What is in it nothing here says: a tensor a path makes wins
// a merge with it (`queue = torch.load(path)["queue"]`, else `torch.zeros(..., device=...)`).
inline constexpr const char *Checkpoint = "checkpoint";
// Value::Class of a torch.distributions distribution that checks its arguments
// (validate_args, on by default), placed where its parameters are: its constructor and its
// log_prob()/cdf() read a comparison of them on the host.
inline constexpr const char *Distribution = "distribution";

struct Value {
  Kind K = Kind::Other;
  Place Where = Place::Unknown;
  bool Mask = false;   // a boolean tensor (a comparison, isnan, dtype=torch.bool)
  bool Pinned = false; // host memory a non-blocking copy can read without a wait
  bool Empty = false;  // no elements (torch.Tensor([]), torch.zeros(0)): a copy moves nothing
  // A 0-dim integer tensor (x.argmax(), torch.argmin(x): no dim): as an index, Python reads it
  // with item() (x[i] of a 1-element tensor of rank 1 indexes on the device instead).
  bool ZeroDimIndex = false;
  // Integers of several values made on the host by an index factory (torch.randperm(n),
  // torch.arange(n), torch.randint(0, n, (k,))): as a CUDA tensor's index, copied to it.
  bool HostIndex = false;
  // The number of dimensions, where a factory's sizes say it (torch.zeros(n, device=d): 1;
  // torch.LongTensor(2).cuda(): 1) and ops that keep it; -1: unknown.
  int8_t Rank = -1;
  bool Ragged = false; // tuples of different lengths merged (Elements: the longest's)
  // A tensor only by where it is used (a module's methods' inputs: CallArguments::bind), not
  // by what made it: a tensor known by what made it, on any path, decides a merge.
  bool Assumed = false;
  bool Sequence = false; // a list of such tensors (res.append(t)): its elements are tensors,
                         // its truth is the list's; of State, a dict holding tensors
  std::string Why;       // why Where: "`.cuda()` at line 12"
  // On the host because a tensor was copied there (x.cpu()): what Why says, for decisions
  // (a host factory's tensor, torch.from_numpy(a), is not one). Goes with Why: placeOf.
  bool HostCopy = false;
  std::string Class; // an Object's class: "AverageMeter"; a Module's: "TransformerEncoder"
  // The parameters of the enclosing function (bit I: the I-th, self counted) that Where
  // came through, from what the calls passed (CallArguments::bind): a sync on it happens at
  // a call that passes a CUDA tensor there (Finding::SyncParams). 0: the function's own.
  uint32_t FromParams = 0;
  // The parameters (bit I: the I-th) that no call in view gives a value of known kind, and
  // that this value was made from by ops that return a tensor where their input is
  // (output.topk(5), correct[:k].sum(), x * 2): a tensor where a call passes tensors there
  // (throughArguments). A helper's result in another module (a trainer's accuracy(output,
  // target) in utils.py) is then a CUDA tensor in a caller that passes CUDA tensors.
  uint32_t LikeParams = 0;
  // A tuple's values, in order (`return feats, labels`), which unpacking and [0] take
  // apart; empty for anything else.
  std::vector<Value> Elements;
  bool tensor() const { return K == Kind::Tensor; }
  // Where and why from another value (its place and the reason for it, which go together).
  void placeOf(const Value &From) {
    Where = From.Where;
    Why = From.Why;
    HostCopy = From.HostCopy;
  }
  // A tensor by what made it (an op, a factory, a call's value), not only by where it is used
  // (Assumed): what a weak site (a truth, int(), a print, a slice bound) reads as a tensor.
  bool madeTensor() const { return K == Kind::Tensor && !Assumed; }
  bool unknownType() const { return K == Kind::Other || K == Kind::None; }
  // Facts of one tensor's shape that an element, a list of such tensors or a loop's item does
  // not have: its rank, a host index factory's integers, a 0-dim index.
  void forgetShape() {
    Rank = -1;
    HostIndex = false;
    ZeroDimIndex = false;
  }
};

// The names a scope has learnt, looked up in it, then in the class's attributes, then in
// the module's globals.
struct Scope {
  std::map<std::string, Value, std::less<>> Names;
  const Scope *Class = nullptr;   // self.x, for a method
  const Scope *Globals = nullptr; // the module's names, for a function
  const Value *find(std::string_view Name) const;

  // Names[Name] = V, noting first in Journal (when set) what Name held, so that a branch of
  // an if statement can be walked on this scope and undone (Linter::branches), instead of
  // on a copy of it: copying a module's scope of hundreds of names for each branch was a
  // fifth of a large project's run.
  void set(std::string Name, Value V);
  struct Undo {
    std::string Name;
    std::optional<Value> Old; // unset: Name was not there
  };
  std::vector<Undo> *Journal = nullptr; // not copied with the scope

  Scope() = default;
  Scope(const Scope &O) : Names(O.Names), Class(O.Class), Globals(O.Globals) {}
  Scope &operator=(const Scope &O) {
    Names = O.Names;
    Class = O.Class;
    Globals = O.Globals;
    return *this;
  }
};

// Evaluates expressions of one file.
class Values {
public:
  explicit Values(const std::string &Text) : Text(Text) {}
  // The classes of the file that derive from a module class (nn.Module, LightningModule):
  // calling one builds a module.
  std::set<std::string, std::less<>> ModuleClasses;
  // What the file's imports bind each name to (`import torch as th`: th -> torch; `from
  // torch import save`: save -> torch.save): the semantic layer's one resolver.
  QualifiedNames Names;
  // The names the file imports torchvision's transforms module as: "transforms" of `from
  // torchvision import transforms`, "T" of `import torchvision.transforms as T`.
  std::set<std::string, std::less<>> TransformModules;
  // The names the file gives torch.distributions ("D" of `import torch.distributions as D`,
  // "distributions" of `from torch import distributions`) and the distributions it imports
  // by name (`from torch.distributions import Normal`).
  std::set<std::string, std::less<>> DistributionModules, DistributionClasses;
  // The file turns the distributions' checks off for the program
  // (torch.distributions.Distribution.set_default_validate_args(False)): none syncs.
  bool NoDistributionChecks = false;
  // Does Callee name a distribution of torch.distributions (D.Normal, Categorical, ...)?
  bool distributionClass(std::string_view Callee) const;
  // The file's classes that are not modules: calling one builds an Object.
  std::set<std::string, std::less<>> Classes;
  // What a call of one of the file's functions returns, as the linter's previous walk saw
  // it (PythonCalls.h); unset or null: not known.
  std::function<std::optional<Value>(TSNode Call, const Scope &S)> Returned;
  // The attributes of a class's objects ("self.avg" of "AverageMeter"), as its methods left
  // them in the linter's previous walk; unset or null: not known.
  std::function<const std::map<std::string, Value, std::less<>> *(const std::string &Class)>
      AttributesOf;
  // Reads the module's import statements (Names, and the modules and classes below).
  void readImports(TSNode Root);
  // Where factories that name no device put their tensors when the program sets a CUDA
  // default (`torch.set_default_tensor_type('torch.cuda.FloatTensor')`,
  // `torch.set_default_device('cuda')`): a Device on CUDA whose reason names that call, its
  // Class TensorType when the default tensor type is a CUDA one (torch.Tensor(data) is then
  // a CUDA tensor made from host data); unset (Kind::Other) for the CPU, PyTorch's default.
  Value DefaultDevice;
  // DefaultDevice is a program's that imports this file: it holds in the file's functions,
  // not in its top level, which runs at the import, before the program sets it.
  bool DefaultFromImporter = false;
  // Sets DefaultDevice from the file's own call of one of those (the first one naming CUDA).
  void readDefaultDevice(TSNode Root);
  // DefaultDevice where code in scope S runs under it; null where the CPU is the default.
  const Value *defaultDeviceIn(const Scope &S) const {
    return DefaultDevice.K == Kind::Device && (!DefaultFromImporter || S.Globals) ? &DefaultDevice
                                                                                  : nullptr;
  }
  // N's text as PyTorch names it: a dotted name with its first part's alias replaced
  // ("th.zeros" -> "torch.zeros"); other text as it is.
  std::string dotted(TSNode N) const;
  std::string_view text(TSNode N) const;
  // The decorator lines right above a definition ("@staticmethod\n    "), "" for none.
  std::string_view decoratorsOf(TSNode Def) const;
  // The default of the argparse flag whose dest is Name, as the file declares it
  // (parser.set_defaults(Name=True), else the first add_argument of --Name or dest='Name':
  // its default=, store_true "False", store_false "True"), with the declaration's line;
  // nullopt when the file does not say.
  struct FlagDefault {
    std::string_view Text;
    unsigned Line = 0;
  };
  std::optional<FlagDefault> flagDefault(std::string_view Name) const;
  std::optional<FlagDefault> scanFlagDefault(std::string_view Name) const;
  mutable std::map<std::string, std::optional<FlagDefault>, std::less<>> FlagDefaults;
  // torch.cuda.FloatTensor and the other torch.cuda.*Tensor types (not called): as devices,
  // CUDA (`x.type(torch.cuda.FloatTensor)` copies x there), of Class TensorType, which a
  // name holding one keeps (`Tensor = torch.cuda.FloatTensor if cuda else ...`; calling it
  // builds a tensor there).
  bool isCudaTensorType(TSNode E) const;
  int8_t sizeRank(TSNode Call, const Scope &S) const; // a factory's sizes' rank, or -1
  bool lossName(TSNode N) const; // loss_G, self.loss_D, losses[name]: named as a loss
  bool pythonNumber(TSNode N, const Scope &S) const; // 3, n, len(x), x.size(0), a * 2
  // Does a legacy constructor call (torch.cuda.FloatTensor(...), a name holding such a type)
  // copy data into its tensor: one argument that is data (a list, an array, a name of one),
  // not sizes (`Tensor(n, 1)`, `Tensor(imgs.size(0))`, `Tensor(x.shape[0])`, an integer)?
  bool constructorCopies(TSNode Call, const Scope &S) const;
  Value cudaType(TSNode E) const;
  // torch.load(f, map_location=...) that puts the tensors on the host: map_location="cpu"
  // (or a device of the host), a lambda that names no CUDA (lambda storage, loc: storage), a
  // dict whose devices are the host's ({"cuda:0": "cpu"}).
  bool loadsToHost(TSNode Load, const Scope &S) const;
  // What torch.load(...) returns: State, where its map_location puts the tensors.
  Value loaded(TSNode Call, const Scope &S) const;
  Value of(TSNode Expr, const Scope &S) const;
  // The device an argument of .to() or device= names (a Device value, Other when it names
  // none: a dtype).
  Value deviceOf(TSNode Expr, const Scope &S) const;
  // A string that names a device ("cuda:0", "cuda:{}".format(rank)): that device; other
  // text names none (a value of unknown kind).
  Value namedDevice(TSNode Text, const Scope &S) const;
  // Binds the target of an assignment (a name, self.x, a tuple of names) to V; for a
  // tuple, each name gets V's kind and place (a batch unpacked: x, y = batch).
  void bind(TSNode Target, const Value &V, Scope &S) const;
  // Binds the loop variables Left of `for Left in Iter` (a statement, or a comprehension's
  // clause) to an element of what Iter iterates: a loader's batch, a tensor's row, a
  // module's parameters; through enumerate() and wrappers such as tqdm(loader).
  void bindIteration(TSNode Left, TSNode Iter, Scope &S) const;
  // An item of Of, which is a loader or a tensor: a DataLoader's batch (host tensors), a
  // tensor's row (where the tensor is).
  Value itemOf(Value Of) const;
  unsigned line(TSNode N) const { return ts_node_start_point(N).row + 1; }
  const std::string &source() const { return Text; } // the file's text
  // A call's argument: the I-th positional one (nullptr Keyword), or the keyword argument
  // called Keyword (its value); null when absent.
  TSNode argument(TSNode Call, unsigned I, const char *Keyword) const;
  // Call's copy is asked not to block: non_blocking=True, or async=True (its name before
  // PyTorch 0.4, which Python 3.7 made a keyword: tree-sitter still reads it).
  bool nonBlocking(TSNode Call) const;
  // Load, a torch.load assigned to a name, is moved to the GPU later in its function
  // (`mel = torch.load(p)`, then `mel.cuda()`): host data the program moves itself.
  bool movedAfterLoad(TSNode Load) const;
  // E is an op's or a call's result, or a name that the function around At binds only to such
  // results: a tensor where nothing else says what E is (not a number, a parameter, an
  // attribute).
  bool computed(TSNode E, TSNode At, const Scope &S) const;

private:
  // What a call makes of a value taken for a tensor by its use (Value::Assumed), by the
  // call's name: one decision for both places that read it (of() for any call, method() for
  // a method of such a value).
  enum class AssumedCall { NoTensor, StillAssumed, Tensor };
  AssumedCall assumedCall(TSNode Call) const;
  Value call(TSNode Call, const Scope &S) const;
  bool madeEmpty(TSNode Call, std::string_view Factory) const;
  Value method(TSNode Call, TSNode Receiver, std::string_view Name, const Scope &S) const;
  Value torchFunction(TSNode Call, std::string_view Name, const Scope &S) const;
  // The op table's row for a Python call (model/OpTable.h), and what its columns make of
  // the result.
  std::optional<OpRow> row(std::string_view Name, bool IsMethod) const;
  Value byRow(const OpRow &R, Value In, TSNode Call, const Scope &S) const;
  Value movedTo(Value Self, TSNode Target, TSNode Call, const Scope &S) const;
  // Self.Name(...) of a value of unknown type made from parameters (Value::LikeParams): of
  // those parameters still, when the op returns a tensor where its input is.
  Value likeParameters(TSNode Call, std::string_view Name, const Value &Self, const Scope &S) const;
  // "made on the CPU by `torch.Tensor(x)` at line 3": the reason of a host tensor Call makes.
  std::string madeOnCpu(TSNode Call) const;
  // The one module class of a list's modules (`[Block(d) for _ in range(n)]`, `[A(), A()]`),
  // each an instance of one of the project's module classes; none when they differ.
  std::optional<Value> oneModuleClass(TSNode List, const Scope &S) const;
  // An element of an nn.ModuleList of one class: a module of it, where the list is.
  Value element(const Value &Container) const;
  Value comprehended(TSNode E, TSNode Part, const Scope &S) const;
  const std::string &Text;
  // Comprehensions being read, one inside the other (of()).
  mutable unsigned Comprehensions = 0;
  static constexpr unsigned MaxComprehensions = 4;
};

// Is S one of Words?
inline bool oneOf(std::string_view S, std::initializer_list<const char *> Words) {
  for (const char *W : Words)
    if (S == W)
      return true;
  return false;
}

// Is S a dotted name (letters, digits, '_' and '.': torch.linalg.inv), not a call's result
// or an expression (torch.ones(4).to)?
bool isDotted(std::string_view S);

// Whether A and B say the same of a value (its kind, place, mask and pinning, and its
// elements'), the facts a walk's results are compared by until they settle.
bool sameFacts(const Value &A, const Value &B);
// Whether A and B are the same in every field, the reasons too: a walk whose results equal
// its inputs so is the walk after it, findings included (python/PythonLint.cpp).
bool sameValue(const Value &A, const Value &B);

// A dict (Class DictClass, or State once it holds some) given one more value: of its values,
// the state (a tensor, a module, a state_dict()) that may be on CUDA, the one on CUDA first,
// is what torch.save of the dict copies from. Tensors: whether a value so far is a tensor
// (.items() then gives tensors: bindIteration).
void addEntry(Value &Dict, const Value &Entry, bool &Tensors);

// What `A op B` (or `A op= B`) gives when either is a tensor: on CUDA if either is, on the
// CPU if every tensor among them is; Other when neither is a tensor.
Value combined(const Value &A, const Value &B);

// The dotted name a call calls ("torch.cuda.synchronize", "x.item": the receiver's text
// then the attribute), with the file's aliases read (Values::dotted).
std::string calleeText(const Values &V, TSNode Call);
// Whether a name names a network (model, pnet, encoder, netG...): a callable of tensors
// whose output is a tensor.
bool networkName(std::string_view Name);
// Does a name say it holds one count (n_dets, num_boxes, batch_size, seq_len, hidden_dim)?
bool countName(std::string_view Name);
// The last part of a dotted name: "torch.nn.functional.one_hot" -> "one_hot".
std::string_view lastPart(std::string_view Dotted);
// Name in lower case (names are compared by their words: `G_scaler`, `self.gpu_mode`).
std::string lowered(std::string_view Name);
// Does Name end with Suffix, in any case (`test_transform`, `valTransforms`)?
bool endsWithWord(std::string_view Name, std::string_view Suffix);
// The function definition N is in (null outside one).
TSNode enclosingFunction(TSNode N);
// Is Def a @staticmethod (its first parameter is no self)?
bool staticMethod(TSNode Def, const Values &V);

} // namespace hostsync::python
