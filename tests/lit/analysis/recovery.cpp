// Code whose values come from a library that is not installed (here an option parser):
// the variables it initializes are invalid, and so, for Clang, is every statement using
// them, the loop over the epochs included. hostsync-lint parses the file again with those
// variables given an opaque value (which converts to anything, compares with anything, and
// keeps the other operand's type in arithmetic) and the dropped loop's condition made
// `true`, until nothing more comes back: the training step is analysed.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
#include "options_library_not_installed.hpp"

options::Result parse_args(int argc, char **argv);

int main(int argc, char **argv) {
  auto args = parse_args(argc, argv);
  const auto steps = args["steps"].as<int64_t>();
  const auto lr = args["lr"].as<double>();
  torch::Device device(torch::kCUDA);
  auto w = torch::randn({steps, 4}, device);
  for (int64_t step = 0; step != steps; ++step) {
    auto loss = (w * lr).sum();
    if (step % 10 == 0)
      std::cout << step << " of " << steps << "\n";
    double value = loss.item<double>();
    // CHECK: recovery.cpp:[[@LINE-1]]:25: warning: 'item' copies a value of a CUDA tensor{{.*}}(hot: inside a loop{{.*}}
  }
}
