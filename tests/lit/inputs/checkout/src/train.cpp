// A training loop whose dataset comes from a library that is not installed here
// (OpenCV): its header is missing, so the loader's type is unknown. The loop over the
// loader must still be analysed.
#include "net/model.h"
#include <opencv2/opencv.hpp>

void train(Net net, torch::Device device) {
  auto dataset = ImageFolder(cv::imread("data")).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader(std::move(dataset), 16);
  torch::optim::SGD opt(net->parameters(), 0.1);
  auto total = torch::zeros({1}, device);
  for (auto &batch : *loader) {
    auto logits = net->forward(batch.data.to(device));
    auto loss = logits.square().mean();
    loss.backward();
    opt.step();
    float value = loss.item<float>();
    total += value;
  }
  std::cout << total.cpu() << "\n";
}

// A loop over values of the missing library's type, written without spaces around the
// colon: recovered all the same, and what follows it analysed.
torch::Tensor stack_images(std::vector<cv::Mat> images) {
  std::vector<torch::Tensor> tensors;
  for (auto &img:images)
    tensors.push_back(torch::from_blob(img.data, {3, 64, 64}));
  return torch::stack(tensors).cuda();
}
