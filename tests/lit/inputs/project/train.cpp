// Trains the net on random data, on the GPU.
/* Block comments before the first include are fine. */
#include <torch/torch.h>
#include <iostream>

#include "model.h"

int main() {
  torch::Device device(torch::kCUDA);
  Net net;
  net->to(device);
  torch::optim::SGD opt(net->parameters(), 0.1);
  for (int step = 0; step < 100; ++step) {
    auto x = torch::randn({16, 8}, device);
    auto labels = torch::randint(0, 2, {16}, device);
    auto logits = net->forward(x);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << loss.item<float>() << " " << accuracy(logits, labels) << "\n";
  }
}
