// Code whose values come from a library that is not installed (here an option parser):
// the variables it initializes are invalid, and so, for Clang, is every statement using
// them, the loop over the epochs included. hostsync-lint parses the file again with those
// variables given an opaque value (which converts to anything, compares with anything, and
// keeps the other operand's type in arithmetic) and the dropped loop's condition made
// `true`, until nothing more comes back: the training step is analysed.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
#include "options_library_not_installed.hpp"
#include "mylib_export_not_generated.h"

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

// A variable named as the member it is read from (`lengths` from `batch.target.lengths`,
// where the batch's target type comes from a header that is not installed) is freed as
// well: a name after `.` or `->` is the member's, not the variable's.
void train() {
  auto loader = datasets_library_not_installed::make_loader();
  auto w = torch::randn({4}, torch::kCUDA);
  for (auto &batch : *loader) {
    auto lengths = batch.target.lengths.sub(1);
    auto loss = (w * lengths).sum();
    double value = loss.item<double>();
    // CHECK: recovery.cpp:[[@LINE-1]]:25: warning: 'item' copies a value of a CUDA tensor{{.*}}(hot: inside a loop{{.*}}
  }
}

// A class declared with the export macro of a header the build generates, which is not
// there: the macro is erased, so the class, its members and its out-of-line methods exist.
class MYLIB_EXPORT Detector {
public:
  float score(const torch::Tensor &prediction);
};

float Detector::score(const torch::Tensor &prediction) {
  return prediction.max().item<float>();
  // CHECK: recovery.cpp:[[@LINE-1]]:27: warning: 'item'{{.*}}(cold: in Detector::score(){{.*}}
}
