// A tensor made by `torch::from_blob` over the data of a type from a header that is not
// installed (OpenCV's cv::Mat): Clang cannot resolve the call, since its first argument does
// not compile, but every from_blob of LibTorch makes its tensor on the device its options
// name, the CPU when they name none, whatever the pointer: the device is decided by the
// arguments after the data pointer and the sizes. The tensor ops called on such a call (a
// `.permute()`, a `.clone()`) are the tensor's, and keep its device. Options that do not
// compile either leave the device unknown.
// RUN: %lint --checks='-*,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// RUN: %lint --report-cpu --checks='-*,hostsync-item' %s -- %pch > %t.cpu; test $? -eq 1
// RUN: FileCheck %s --check-prefix=CPU < %t.cpu
#include <opencv2/opencv.hpp>

struct Sample {
  cv::Mat image;
};

float on_host(const Sample &s) {
  torch::Tensor pixels =
      torch::from_blob(s.image.data, {s.image.rows, s.image.cols, 3}, torch::kByte)
          .permute({2, 0, 1});
  return pixels.sum().item<float>();
  // CPU: from-blob-recovered.cpp:[[@LINE-1]]:23: note: 'item'{{.*}}device: cpu (the tensor is made on the host
}

float on_host_no_options(const Sample &s) {
  torch::Tensor pixels = torch::from_blob(s.image.data, {s.image.rows, s.image.cols});
  return pixels.sum().item<float>();
}

float options_on_cuda(const Sample &s) {
  torch::Tensor pixels = torch::from_blob(s.image.data, {s.image.rows, s.image.cols},
                                          torch::TensorOptions().device(torch::kCUDA));
  return pixels.sum().item<float>();
  // CHECK: from-blob-recovered.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: cuda
}

float moved_after(const Sample &s) {
  torch::Tensor pixels = torch::from_blob(s.image.data, {s.image.rows, s.image.cols}).cuda();
  return pixels.sum().item<float>();
  // CHECK: from-blob-recovered.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: cuda
}

float options_do_not_compile(const Sample &s) {
  // The options come from the missing library too: they may name any device.
  torch::Tensor pixels = torch::from_blob(s.image.data, {s.image.rows}, cv::options_of(s.image));
  return pixels.sum().item<float>();
  // CHECK: from-blob-recovered.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: unknown
}

float unknown_method(const Sample &s) {
  // A call Clang cannot resolve on such a tensor, with a name that is not a tensor op known
  // to keep the device: its result is not followed.
  torch::Tensor pixels = torch::from_blob(s.image.data, {s.image.rows}).to_gpu_somehow();
  return pixels.sum().item<float>();
  // CHECK: from-blob-recovered.cpp:[[@LINE-1]]:23: warning: 'item'{{.*}}device: unknown
}
