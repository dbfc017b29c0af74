#include "model.h"

NetImpl::NetImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }

torch::Tensor NetImpl::forward(const torch::Tensor &x) {
  // Only valid rows: a boolean mask (syncs on CUDA; train.cpp passes a CUDA tensor).
  auto valid = x.index({x.sum(1) > 0});
  return fc->forward(valid);
}
