// Demo 2 (seed: cuda-streams-pipelining, part 1): a frozen CNN encoder and a trained
// decoder for segmentation. The decoder's training step does not depend on the encoder's
// gradients, so the encoder can run ahead:
//   serial              encode batch n, then train the decoder on it
//   pipelined           the encoder runs batch n+1 on its own stream while the decoder
//                       trains on batch n on the compute stream. The compute stream waits
//                       for the encoder's stream (a GPU-side wait) before using the
//                       features, and record_stream marks the features as used on the
//                       compute stream, so the allocator does not hand their memory back to
//                       the encoder's stream while training still reads it.
//   graphed             serial, with the whole step (encoder forward, decoder forward,
//                       backward, SGD) replayed as one CUDA graph: one launch per step
//   pipelined+graphed   pipelined, with the encoder and the decoder step each one graph
// At small batches a step is a few ms of small kernels and the host's launches, not the GPU,
// set the pace; the graphed variants measure how much of the step that was.
// All variants train on the same batches from the same weights: same losses (checked).
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
  // serial and pipelined launch every kernel from the host; the graphed twins replay the
  // same work as CUDA graphs, one launch per graph, to measure what the launches cost.
  enum class Mode { Serial, Pipelined, Graphed, PipelinedGraphed };
  Trainer(Mode mode, const std::vector<std::pair<torch::Tensor, torch::Tensor>> &data,
          torch::Device device)
      : mode_(mode), data_(data), device_(device), encoder_stream_(demo::side_stream(device)),
        encode_graph_(device, [this] { encode(enc_images_, enc_labels_); }),
        step_graph_(device, [this] { train_step(); }) {
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
    // A graph reads fixed buffers: each batch is copied into them first.
    enc_images_ = torch::empty_like(data.front().first);
    enc_labels_ = torch::empty_like(data.front().second);
    // The data and weights were made on the compute stream: the encoder's stream must not
    // read them before they exist.
    demo::wait_stream(encoder_stream_, demo::current_stream(device));
  }

  torch::Tensor step() {
    switch (mode_) {
    case Mode::Serial:
      encode(batch().first, batch().second);
      train(features_, labels_);
      break;
    case Mode::Graphed: // encoder and decoder step in one graph
      load(batch());
      step_graph_.run();
      break;
    case Mode::Pipelined:
    case Mode::PipelinedGraphed:
      pipelined_step();
      break;
    }
    next_++;
    return loss_.detach();
  }

private:
  const std::pair<torch::Tensor, torch::Tensor> &batch(size_t ahead = 0) const {
    return data_[(next_ + ahead) % data_.size()];
  }
  void load(const std::pair<torch::Tensor, torch::Tensor> &b) {
    enc_images_.copy_(b.first);
    enc_labels_.copy_(b.second);
  }
  void train_step() { // the graphed serial step: encode the fixed buffers, then train
    encode(enc_images_, enc_labels_);
    train(features_, labels_);
  }

  void pipelined_step() {
    const bool graphed = mode_ == Mode::PipelinedGraphed;
    if (!features_.defined()) // the first batch has nobody to overlap with
      encode_ahead(0);
    c10::Stream compute = demo::current_stream(device_);
    demo::wait_stream(compute, encoder_stream_); // the features of batch n are ready
    if (graphed) {
      // The training graph reads its own fixed buffers; once they are filled, the encoder's
      // graph may overwrite its output with batch n+1.
      if (!train_features_.defined())
        train_features_ = torch::empty_like(features_), train_labels_ = torch::empty_like(labels_);
      train_features_.copy_(features_);
      train_labels_.copy_(labels_);
      demo::wait_stream(encoder_stream_, compute);
    } else {
      train_features_ = features_, train_labels_ = labels_;
      demo::record_stream(train_features_, compute);
    }
    encode_ahead(1); // batch n+1, on the encoder's stream, overlapping the training below
    if (graphed)
      decoder_graph_.run();
    else
      train(train_features_, train_labels_);
  }
  void encode_ahead(size_t ahead) {
    c10::StreamGuard on_encoder(encoder_stream_);
    if (mode_ == Mode::PipelinedGraphed) {
      load(batch(ahead));
      encode_graph_.run();
    } else {
      encode(batch(ahead).first, batch(ahead).second);
    }
  }
  void encode(const torch::Tensor &images, const torch::Tensor &labels) {
    torch::NoGradGuard no_grad;
    features_ = encoder_->forward(images);
    labels_ = labels;
  }
  void train(const torch::Tensor &features, const torch::Tensor &labels) {
    opt_->zero_grad();
    loss_ = nn::functional::cross_entropy(decoder_->forward(features), labels);
    loss_.backward();
    opt_->step();
  }

  Mode mode_;
  const std::vector<std::pair<torch::Tensor, torch::Tensor>> &data_;
  torch::Device device_;
  c10::Stream encoder_stream_;
  nn::Sequential encoder_{nullptr}, decoder_{nullptr};
  std::unique_ptr<torch::optim::SGD> opt_;
  torch::Tensor enc_images_, enc_labels_;     // the encoder graph's fixed input
  torch::Tensor features_, labels_;           // the encoder's output (batch n+1 when pipelined)
  torch::Tensor train_features_, train_labels_; // what the decoder trains on
  torch::Tensor loss_;
  demo::CapturedStep encode_graph_, step_graph_;
  demo::CapturedStep decoder_graph_{device_, [this] { train(train_features_, train_labels_); }};
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

    // Same losses from every variant after enough steps for the graphs to be replayed.
    using Mode = Trainer::Mode;
    const std::vector<std::pair<std::string, Mode>> modes = {
        {"serial", Mode::Serial},
        {"pipelined", Mode::Pipelined},
        {"graphed", Mode::Graphed},
        {"pipelined+graphed", Mode::PipelinedGraphed}};
    std::vector<std::string> names;
    std::vector<double> losses;
    for (const auto &m : modes) {
      Trainer t(m.second, data, device);
      torch::Tensor l;
      for (int i = 0; i < 6; ++i)
        l = t.step();
      names.push_back(m.first);
      losses.push_back(l.item<double>()); // NOLINT(hostsync-item): once, for the check
    }
    if (!demo::agree("loss after 6 steps", names, losses))
      return 1;

    std::vector<std::unique_ptr<Trainer>> trainers;
    std::vector<demo::Variant> variants;
    for (const auto &m : modes)
      if (opts.wants(m.first)) {
        trainers.push_back(std::make_unique<Trainer>(m.second, data, device));
        Trainer *t = trainers.back().get();
        variants.push_back({m.first, [t] { t->step(); }});
      }
    auto rows = demo::measure(variants, opts, device);
    demo::print_table("batch " + std::to_string(batch) + " (ms per step)", rows);
    report.add("batch " + std::to_string(batch), rows, {{"batch", std::to_string(batch)}});
  }
  report.write(opts.json, opts);
  return 0;
}
