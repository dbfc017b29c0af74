// Guesses by name (issue 77, item 4): every decision of the Python front end that rests on how
// a thing is spelled, not on what the code does with it, is one of these, with an id, a
// one-line reason and a switch. A guess turned off says nothing: the name no longer decides.
// bench/lint-guesses measures what each does to a labelled corpus, on and off; a user turns
// guesses off with HOSTSYNC_PYTHON_GUESSES=-id,... (docs/python.md, "Guesses by name").
#pragma once

#include <string>
#include <vector>

namespace hostsync::python {

enum class Guess {
  CudaFlagName,  // `if use_cuda:` / `if args.cpu:` decides which branch runs on CUDA
  NetworkName,   // model, net, encoder, backbone...: a module, not a tensor or a list
  CountName,     // n, num_boxes, batch_size...: a number of unknown kind, not a tensor
  LossName,      // loss_G, losses[name]: a tensor of the GPU where nothing says so
  OptimizerName, // optimizer, opt_d: an optimizer (its state follows the model)
  ScalerName,    // scaler where the file calls scaler.scale(loss): a GradScaler
  MeterName,     // *meter*, or a class named *Meter*: a meter whose update reads tensors
  LoaderName,    // a callee ending in DataLoader: a torch DataLoader of host batches
  TransformName, // a callee ending in transform(s): an image transform making a host tensor
  TypeName,      // dtype, data_type: a type, so `.to()` of it casts (no device)
  Count
};

struct GuessInfo {
  Guess Id;
  const char *Name;   // its id as the switch and the bench spell it
  const char *Reason; // one line: why the name is taken to say so
};

// Every guess, in the order of the enum.
const std::vector<GuessInfo> &guesses();
// Whether it is on (all are by default; HOSTSYNC_PYTHON_GUESSES turns some off).
bool guessOn(Guess G);
// The switch's text read (HOSTSYNC_PYTHON_GUESSES), "" when it is well formed, else why not.
std::string guessSwitchError();
// The ids turned off, comma-separated, for the result cache's key.
std::string guessesOff();

} // namespace hostsync::python
