// Demo 1 (seed: sync-events-nonzero-unique-boolean-mask): the seed's segmentation net
// trained with its masked cross-entropy loss, and the loss rewritten step by step without
// host-device syncs. Variants are cumulative, as in the seed:
//   baseline   nonzero + index assignment, unique, boolean masks, `if` on a count
//   where      + torch::where instead of nonzero
//   sort       + sort and a count of steps instead of unique, the condition on the device
//   ignore     + cross_entropy(ignore_index) instead of boolean masking (no sync left)
// Every variant computes the same loss on the same data (checked at start-up).
#include "../common/harness.h"

#include <cmath>
#include <cstdio>
#include <tuple>

namespace F = torch::nn::functional;

constexpr int64_t kClasses = 10;
constexpr int64_t kIgnore = -1;

struct SegNetImpl : torch::nn::Module {
  explicit SegNetImpl(int64_t hidden_layers) {
    conv_in = register_module(
        "conv_in", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 10, 3).padding(1)));
    for (int64_t i = 0; i < hidden_layers; ++i)
      hidden->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(10, 10, 3).padding(1)));
    register_module("hidden", hidden);
    conv_out = register_module(
        "conv_out", torch::nn::Conv2d(torch::nn::Conv2dOptions(10, kClasses, 3).padding(1)));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(conv_in(x));
    x = hidden->forward(x);
    return conv_out(x);
  }
  torch::nn::Conv2d conv_in{nullptr}, conv_out{nullptr};
  torch::nn::Sequential hidden;
};
TORCH_MODULE(SegNet);

struct LossFixes {
  bool where = false;  // fix 1
  bool sort = false;   // fix 2
  bool ignore = false; // fix 3
};

// The seed's MaskedLoss; each `fixes` flag swaps one synchronizing construct for its
// sync-free equivalent.
torch::Tensor masked_loss(const torch::Tensor &pred, torch::Tensor target, LossFixes fixes) {
  // Background pixels become "ignore".
  if (fixes.where) {
    target = torch::where(target == kClasses - 1, torch::full_like(target, kIgnore), target);
  } else {
    auto inds = torch::nonzero(target == kClasses - 1);
    target = target.clone(); // the seed assigns in place; the data set must stay intact
    target.index_put_({inds.select(1, 0), inds.select(1, 1), inds.select(1, 2)}, kIgnore);
  }

  torch::Tensor loss;
  if (fixes.ignore) {
    loss = F::cross_entropy(pred, target, F::CrossEntropyFuncOptions().ignore_index(kIgnore));
  } else {
    auto mask = target != kIgnore;
    auto permuted = pred.permute({0, 2, 3, 1});
    auto masked_target = target.index({mask});
    auto masked_pred =
        permuted.index({mask.unsqueeze(-1).expand({-1, -1, -1, kClasses})}).reshape(
            {-1, kClasses});
    loss = F::cross_entropy(masked_pred, masked_target);
  }

  // Update only on batches with at least two distinct labels.
  if (fixes.sort) {
    auto sorted = std::get<0>(target.flatten().sort());
    auto num_unique =
        torch::count_nonzero(sorted.slice(0, 1) - sorted.slice(0, 0, -1)) + 1;
    loss = torch::where(num_unique < 2, 0 * loss, loss);
  } else {
    auto unique = std::get<0>(torch::_unique2(target));
    bool ignore_loss = unique.numel() < 2;
    if (ignore_loss)
      loss = 0 * loss;
  }
  return loss;
}

struct Variant {
  const char *name;
  LossFixes fixes;
};
const Variant kVariants[] = {{"baseline", {false, false, false}},
                             {"where", {true, false, false}},
                             {"where+sort", {true, true, false}},
                             {"where+sort+ignore", {true, true, true}}};

int main(int argc, char **argv) {
  demo::Options opts = demo::Options::parse(argc, argv);
  const int64_t hidden = opts.integer("hidden", 10);
  const int64_t size = opts.integer("size", 256);
  const int64_t pool = opts.integer("pool", 4);
  torch::Device device = demo::default_device();
  std::printf("masked_loss: batch %lld, %lldx%lld, %lld hidden convs, on %s\n",
              static_cast<long long>(opts.batch), static_cast<long long>(size),
              static_cast<long long>(size), static_cast<long long>(hidden),
              device.is_cuda() ? "CUDA" : "CPU");

  // A pool of batches made on the device up front: the step times are the loss's and the
  // model's, with no input copies mixed in.
  torch::manual_seed(1);
  std::vector<std::pair<torch::Tensor, torch::Tensor>> data;
  for (int64_t i = 0; i < pool; ++i)
    data.emplace_back(torch::randn({opts.batch, 3, size, size}, device),
                      torch::randint(kIgnore, kClasses, {opts.batch, size, size},
                                     torch::TensorOptions().dtype(torch::kLong).device(device)));

  // Same loss from every variant on the same logits (the rewrite changes no result).
  auto logits = torch::randn({opts.batch, kClasses, size, size}, device);
  std::vector<double> losses;
  for (const Variant &v : kVariants)
    losses.push_back(masked_loss(logits, data[0].second, v.fixes).item<double>()); // NOLINT(hostsync-item): once, for the check
  std::vector<std::string> names;
  for (const Variant &v : kVariants)
    names.push_back(v.name);
  double worst = 0;
  if (!demo::agree("loss per variant", names, losses, 1e-5, &worst))
    return 1;

  demo::Report report("masked_loss");
  char rel[32];
  std::snprintf(rel, sizeof rel, "%.3g", worst);

  // 1. The loss alone, on fixed logits (--skip_loss=1: only the training step, as when each
  // variant is traced on its own).
  std::vector<demo::Variant> loss_only;
  int64_t step = 0;
  for (const Variant &v : kVariants)
    if (opts.wants(v.name))
      loss_only.push_back({v.name, [&, v] {
                             auto &batch = data[step++ % pool];
                             masked_loss(logits, batch.second, v.fixes);
                           }});
  std::vector<demo::Measurement> rows;
  if (!opts.integer("skip_loss", 0)) {
    rows = demo::measure(loss_only, opts, device);
    demo::print_table("loss computation alone (ms per call)", rows);
    report.add("loss", rows, {{"max_relative_loss_difference", rel}});
  }

  // 2. The whole training step: forward, loss, backward, SGD (one model per variant,
  // identical initial weights).
  std::vector<SegNet> models;
  std::vector<std::unique_ptr<torch::optim::SGD>> optimizers;
  std::vector<demo::Variant> training;
  for (const Variant &v : kVariants) {
    if (!opts.wants(v.name))
      continue;
    torch::manual_seed(0);
    models.emplace_back(hidden);
    models.back()->to(device);
    optimizers.push_back(std::make_unique<torch::optim::SGD>(
        models.back()->parameters(), torch::optim::SGDOptions(1e-3).momentum(0.9)));
  }
  size_t k = 0;
  for (const Variant &v : kVariants) {
    if (!opts.wants(v.name))
      continue;
    SegNet model = models[k];
    torch::optim::SGD *opt = optimizers[k].get();
    ++k;
    training.push_back({v.name, [&, v, model, opt]() mutable {
                          auto &batch = data[step++ % pool];
                          opt->zero_grad();
                          auto loss = masked_loss(model->forward(batch.first), batch.second, v.fixes);
                          loss.backward();
                          opt->step();
                        }});
  }
  rows = demo::measure(training, opts, device);
  demo::print_table("training step (ms per step)", rows);
  report.add("step", rows, {{"hidden_layers", std::to_string(hidden)},
                            {"image_size", std::to_string(size)}});
  report.write(opts.json, opts);
  return 0;
}
