// Demo 2 (seed: cuda-streams-pipelining, part 1): a frozen CNN encoder and a trained
// decoder for segmentation. The decoder's training step does not depend on the encoder's
// gradients, so the encoder can run ahead:
//   serial     encode batch n, then train the decoder on it
//   pipelined  the encoder runs batch n+1 on its own stream while the decoder trains on
//              batch n on the compute stream. The compute stream waits for the encoder's
//              stream (a GPU-side wait) before using the features, and record_stream marks
//              the features as used on the compute stream, so the allocator does not hand
//              their memory back to the encoder's stream while training still reads it.
// Both variants train on the same batches from the same weights: same losses (checked).
// A batch-size sweep (--sweep=8,16,32,64) shows where pipelining pays.
#include "../common/harness.h"

#include <c10/core/StreamGuard.h>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace {

namespace nn = torch::nn;
constexpr int64_t kClasses = 10;

// The encoder does about as much work as the decoder's forward and backward together:
// pipelining pays when the two halves are of similar cost (the seed's condition).
nn::Sequential make_encoder() {
  return nn::Sequential(
      nn::Conv2d(nn::Conv2dOptions(3, 32, 3).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(32, 32, 3).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(32, 64, 3).stride(2).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(64, 64, 3).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(64, 128, 3).stride(2).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(128, 128, 3).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(128, 256, 3).stride(2).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(256, 256, 3).padding(1)), nn::ReLU());
}

nn::Sequential make_decoder() {
  return nn::Sequential(
      nn::ConvTranspose2d(nn::ConvTranspose2dOptions(256, 128, 2).stride(2)), nn::ReLU(),
      nn::ConvTranspose2d(nn::ConvTranspose2dOptions(128, 64, 2).stride(2)), nn::ReLU(),
      nn::ConvTranspose2d(nn::ConvTranspose2dOptions(64, kClasses, 2).stride(2)));
}

class Trainer {
public:
  Trainer(bool pipelined, const std::vector<std::pair<torch::Tensor, torch::Tensor>> &data,
          torch::Device device)
      : pipelined_(pipelined), data_(data), device_(device),
        encoder_stream_(demo::side_stream(device)) {
    torch::manual_seed(0);
    encoder_ = make_encoder();
    decoder_ = make_decoder();
    encoder_->to(device);
    decoder_->to(device);
    encoder_->eval();
    for (auto &p : encoder_->parameters())
      p.requires_grad_(false);
    opt_ = std::make_unique<torch::optim::SGD>(decoder_->parameters(),
                                               torch::optim::SGDOptions(0.01));
    // The data and weights were made on the compute stream: the encoder's stream must not
    // read them before they exist.
    demo::wait_stream(encoder_stream_, demo::current_stream(device));
  }

  torch::Tensor step() {
    if (!pipelined_) {
      auto &batch = data_[next_++ % data_.size()];
      torch::Tensor features;
      {
        torch::NoGradGuard no_grad;
        features = encoder_->forward(batch.first);
      }
      return train(features, batch.second);
    }
    if (!features_.defined()) // the first batch has nobody to overlap with
      encode_next();
    c10::Stream compute = demo::current_stream(device_);
    demo::wait_stream(compute, encoder_stream_); // the features of batch n are ready
    torch::Tensor features = features_, labels = labels_;
    demo::record_stream(features, compute);
    encode_next(); // batch n+1, on the encoder's stream, overlapping the training below
    return train(features, labels);
  }

private:
  void encode_next() {
    auto &batch = data_[next_++ % data_.size()];
    c10::StreamGuard on_encoder(encoder_stream_);
    torch::NoGradGuard no_grad;
    features_ = encoder_->forward(batch.first);
    labels_ = batch.second;
  }
  torch::Tensor train(const torch::Tensor &features, const torch::Tensor &labels) {
    opt_->zero_grad();
    auto loss = nn::functional::cross_entropy(decoder_->forward(features), labels);
    loss.backward();
    opt_->step();
    return loss.detach();
  }
  bool pipelined_;
  const std::vector<std::pair<torch::Tensor, torch::Tensor>> &data_;
  torch::Device device_;
  c10::Stream encoder_stream_;
  nn::Sequential encoder_{nullptr}, decoder_{nullptr};
  std::unique_ptr<torch::optim::SGD> opt_;
  torch::Tensor features_, labels_; // batch n+1, encoded ahead
  size_t next_ = 0;
};

} // namespace

int main(int argc, char **argv) {
  demo::Options opts = demo::Options::parse(argc, argv);
  const int64_t size = opts.integer("size", 256);
  torch::Device device = demo::default_device();
  demo::Report report("encoder_decoder_pipeline");
  for (int64_t batch : opts.sweep()) {
    std::printf("encoder_decoder_pipeline: batch %lld, %lldx%lld, on %s\n",
                static_cast<long long>(batch), static_cast<long long>(size),
                static_cast<long long>(size), device.is_cuda() ? "CUDA" : "CPU");
    torch::manual_seed(1);
    std::vector<std::pair<torch::Tensor, torch::Tensor>> data;
    for (int i = 0; i < 4; ++i)
      data.emplace_back(torch::rand({batch, 3, size, size}, device),
                        torch::randint(0, kClasses, {batch, size, size},
                                       torch::TensorOptions().dtype(torch::kLong).device(device)));

    // Same losses from both variants after a few steps.
    double loss[2];
    for (int p = 0; p < 2; ++p) {
      Trainer t(p == 1, data, device);
      torch::Tensor l;
      for (int i = 0; i < 3; ++i)
        l = t.step();
      loss[p] = l.item<double>(); // NOLINT(hostsync-item): once, for the check
    }
    if (!demo::agree("loss after 3 steps", {"serial", "pipelined"}, {loss[0], loss[1]}))
      return 1;

    Trainer serial(false, data, device), pipelined(true, data, device);
    std::vector<demo::Variant> variants;
    if (opts.wants("serial"))
      variants.push_back({"serial", [&] { serial.step(); }});
    if (opts.wants("pipelined"))
      variants.push_back({"pipelined", [&] { pipelined.step(); }});
    auto rows = demo::measure(variants, opts, device);
    demo::print_table("batch " + std::to_string(batch) + " (ms per step)", rows);
    report.add("batch " + std::to_string(batch), rows, {{"batch", std::to_string(batch)}});
  }
  report.write(opts.json, opts);
  return 0;
}
