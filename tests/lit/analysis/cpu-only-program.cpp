// A program (it defines main) whose code never names CUDA has CPU tensors only: nothing
// of unknown device is reported. Naming CUDA anywhere in the program's own code (here a
// device chosen from the command line, "cuda" by default) brings the findings back.
// RUN: %lint %s -- %pch > %t.cpu; test $? -eq 0
// RUN: FileCheck %s --check-prefix=CPU --allow-empty < %t.cpu
// CPU-NOT: warning
// RUN: %lint %s -- %pch -DNAMES_CUDA > %t.cuda; test $? -eq 1
// RUN: FileCheck %s --check-prefix=CUDA < %t.cuda
// --assume-device=cuda wins over the evidence: the user asked to see everything.
// RUN: %lint --assume-device=cuda %s -- %pch > %t.assumed; test $? -eq 1
// ...and only what is of unknown device: loss_of's tensors are known to be on the CPU.
// RUN: FileCheck %s --check-prefix=ASSUMED --implicit-check-not='{{warning|note}}: {{.*}}[hostsync-' < %t.assumed
#include <string>

float loss_of(torch::Tensor pred, torch::Tensor target) {
  return torch::mse_loss(pred, target).item<float>();
  // Its one caller passes tensors moved to `device`: CUDA when the flag (default "cuda")
  // names it, the CPU otherwise (then not even --assume-device=cuda reports it: the device
  // is known).
  // CUDA: cpu-only-program.cpp:[[@LINE-4]]:40: warning: 'item' copies a value of a CUDA tensor{{.*}}device: cuda
}

// No caller in view: of unknown device, which a CPU-only program puts on the CPU.
float exported_loss(torch::Tensor loss) {
  return loss.sum().item<float>();
  // CUDA: cpu-only-program.cpp:[[@LINE-1]]:21: warning: 'item' copies a value of a tensor that may be on CUDA{{.*}}device: unknown
  // ASSUMED: cpu-only-program.cpp:[[@LINE-2]]:21: warning: 'item'{{.*}}device: assumed
}

int main(int argc, char **argv) {
#ifdef NAMES_CUDA
  torch::Device device(argc > 1 ? argv[1] : "cuda");
#else
  torch::Device device(torch::kCPU);
#endif
  auto model = torch::nn::Linear(4, 1);
  model->to(device);
  auto x = torch::randn({8, 4}).to(device);
  return loss_of(model->forward(x), torch::zeros({8, 1}).to(device)) > 1;
}
