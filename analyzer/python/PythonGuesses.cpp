#include "python/PythonGuesses.h"

#include <array>
#include <cstdlib>
#include <sstream>

namespace hostsync::python {

namespace {
struct Switch {
  std::array<bool, static_cast<size_t>(Guess::Count)> On{};
  std::string Error;
  std::string Off;
};

// HOSTSYNC_PYTHON_GUESSES: ids, comma-separated, each with a '-' to turn it off or a '+' (or
// nothing) to keep it on; read once.
const Switch &theSwitch() {
  static const Switch S = [] {
    Switch W;
    W.On.fill(true);
    const char *Text = std::getenv("HOSTSYNC_PYTHON_GUESSES");
    std::stringstream Parts(Text ? Text : "");
    for (std::string Part; std::getline(Parts, Part, ',');) {
      if (Part.empty())
        continue;
      bool Off = Part[0] == '-';
      std::string Id = Part[0] == '-' || Part[0] == '+' ? Part.substr(1) : Part;
      bool Found = false;
      for (const GuessInfo &G : guesses())
        if (Id == G.Name) {
          W.On[static_cast<size_t>(G.Id)] = !Off;
          Found = true;
        }
      if (!Found && W.Error.empty()) {
        W.Error = "HOSTSYNC_PYTHON_GUESSES: no guess named '" + Id + "' (the guesses:";
        for (const GuessInfo &G : guesses())
          W.Error += std::string(" ") + G.Name;
        W.Error += ")";
      }
    }
    for (const GuessInfo &G : guesses())
      if (!W.On[static_cast<size_t>(G.Id)])
        W.Off += (W.Off.empty() ? "" : ",") + std::string(G.Name);
    return W;
  }();
  return S;
}
} // namespace

const std::vector<GuessInfo> &guesses() {
  static const std::vector<GuessInfo> All = {
      {Guess::CudaFlagName, "cuda-flag-name",
       "a condition named use_cuda, gpu_mode, cpu... says which branch runs on CUDA"},
      {Guess::NetworkName, "network-name",
       "a name holding model, net, encoder, backbone... is a module, not a tensor or a list"},
      {Guess::CountName, "count-name",
       "n, num_boxes, batch_size... of unknown kind is a number, not a tensor"},
      {Guess::LossName, "loss-name",
       "loss_G, losses[name] of unknown kind is a tensor that may be on CUDA"},
      {Guess::OptimizerName, "optimizer-name",
       "optimizer, opt_d... of unknown kind is an optimizer, whose state follows the model"},
      {Guess::ScalerName, "scaler-name",
       "a scaler that the file calls .scale(loss) on is an AMP GradScaler"},
      {Guess::MeterName, "meter-name",
       "a *meter* object, or one of a class named *Meter*, reads the tensors it is given"},
      {Guess::LoaderName, "loader-name",
       "a callee whose name ends in DataLoader makes a DataLoader of host batches"},
      {Guess::TransformName, "transform-name",
       "a callee whose name ends in transform(s) is an image transform making a host tensor"},
      {Guess::TypeName, "type-name",
       "a name holding dtype, or ending in type (data_type), is a type: .to() of it casts"},
  };
  return All;
}

bool guessOn(Guess G) { return theSwitch().On[static_cast<size_t>(G)]; }

std::string guessSwitchError() { return theSwitch().Error; }

std::string guessesOff() { return theSwitch().Off; }

} // namespace hostsync::python
