// Demo 4 (seed: prefetcher-overlap-h2d-copy-and-compute): host batches copied to the GPU
// and trained on, three ways:
//   sync_copy  pageable host memory, blocking copy, then the step
//   pinned     pinned host memory, non_blocking copy on the compute stream: the host no
//              longer waits, but copy and compute still take turns on one stream
//   prefetch   a loader thread copies batch n+1 on its own stream while batch n trains.
//              The stream is bound with a StreamGuard in that thread: LibTorch's current
//              stream is per thread, which is exactly what the seed's global
//              setCurrentCUDAStream got wrong. An event orders each step after its copy,
//              and record_stream tells the allocator the compute stream uses the batch.
// All three train the same model on the same batches in the same order (checked).
#include "../common/harness.h"

#include <c10/core/Event.h>
#include <c10/core/StreamGuard.h>

#include <condition_variable>
#include <cmath>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

namespace {

constexpr int64_t kClasses = 10;

torch::nn::Sequential make_model(int64_t width) {
  namespace nn = torch::nn;
  return nn::Sequential(
      nn::Conv2d(nn::Conv2dOptions(3, width, 3).stride(2).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(width, 2 * width, 3).stride(2).padding(1)), nn::ReLU(),
      nn::Conv2d(nn::Conv2dOptions(2 * width, 4 * width, 3).stride(2).padding(1)), nn::ReLU(),
      nn::AdaptiveAvgPool2d(1), nn::Flatten(), nn::Linear(4 * width, kClasses));
}

struct HostBatch {
  torch::Tensor image, label; // on the host, pageable or pinned
};

struct DeviceBatch {
  torch::Tensor image, label;
  c10::optional<c10::Event> copied; // set when the copy ran on another stream
};

// The loader thread of the `prefetch` variant: copies batches ahead on its own stream and
// hands them over through a queue of at most `depth` batches.
class Prefetcher {
public:
  Prefetcher(const std::vector<HostBatch> &pool, torch::Device device, size_t depth)
      : pool_(pool), device_(device), depth_(depth), thread_([this] { run(); }) {}
  ~Prefetcher() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  DeviceBatch next() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return !ready_.empty(); });
    DeviceBatch b = std::move(ready_.front());
    ready_.pop_front();
    changed_.notify_all();
    return b;
  }

private:
  void run() {
    c10::Stream copy_stream = demo::side_stream(device_);
    c10::StreamGuard on_copy_stream(copy_stream); // this thread only
    for (size_t i = 0;; ++i) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [this] { return stop_ || ready_.size() < depth_; });
        if (stop_)
          return;
      }
      const HostBatch &h = pool_[i % pool_.size()];
      DeviceBatch b;
      b.image = h.image.to(device_, /*non_blocking=*/true);
      b.label = h.label.to(device_, /*non_blocking=*/true);
      if (device_.is_cuda()) {
        b.copied.emplace(c10::DeviceType::CUDA);
        b.copied->record(copy_stream);
      }
      std::lock_guard<std::mutex> lock(mutex_);
      ready_.push_back(std::move(b));
      changed_.notify_all();
    }
  }
  const std::vector<HostBatch> &pool_;
  torch::Device device_;
  size_t depth_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<DeviceBatch> ready_;
  bool stop_ = false;
  std::thread thread_;
};

// One variant's training state: its own model copy (same initial weights for all) and the
// way its batches reach the GPU.
class Trainer {
public:
  enum class Mode { SyncCopy, Pinned, Prefetch };
  Trainer(Mode mode, const std::vector<HostBatch> &pageable,
          const std::vector<HostBatch> &pinned, torch::Device device, int64_t width)
      : mode_(mode), pageable_(pageable), pinned_(pinned), device_(device) {
    torch::manual_seed(0);
    model_ = make_model(width);
    model_->to(device);
    opt_ = std::make_unique<torch::optim::SGD>(model_->parameters(),
                                               torch::optim::SGDOptions(0.01).momentum(0.9));
    if (mode == Mode::Prefetch)
      prefetcher_ = std::make_unique<Prefetcher>(pinned, device, /*depth=*/2);
  }

  torch::Tensor step() {
    DeviceBatch b = fetch();
    opt_->zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model_->forward(b.image), b.label);
    loss.backward();
    opt_->step();
    return loss.detach();
  }

private:
  DeviceBatch fetch() {
    size_t i = next_++ % pageable_.size();
    switch (mode_) {
    case Mode::SyncCopy:
      return {pageable_[i].image.to(device_), pageable_[i].label.to(device_), {}};
    case Mode::Pinned:
      return {pinned_[i].image.to(device_, /*non_blocking=*/true),
              pinned_[i].label.to(device_, /*non_blocking=*/true), {}};
    case Mode::Prefetch: {
      DeviceBatch b = prefetcher_->next();
      if (b.copied) {
        c10::Stream compute = demo::current_stream(device_);
        b.copied->block(compute);         // the GPU waits for the copy, not the host
        demo::record_stream(b.image, compute); // memory of the copy stream, used here
        demo::record_stream(b.label, compute);
      }
      return b;
    }
    }
    return {};
  }
  Mode mode_;
  const std::vector<HostBatch> &pageable_, &pinned_;
  torch::Device device_;
  torch::nn::Sequential model_{nullptr};
  std::unique_ptr<torch::optim::SGD> opt_;
  std::unique_ptr<Prefetcher> prefetcher_;
  size_t next_ = 0;
};

struct Named {
  const char *name;
  Trainer::Mode mode;
};
const Named kVariants[] = {{"sync_copy", Trainer::Mode::SyncCopy},
                           {"pinned", Trainer::Mode::Pinned},
                           {"prefetch", Trainer::Mode::Prefetch}};

} // namespace

int main(int argc, char **argv) {
  demo::Options opts = demo::Options::parse(argc, argv);
  const int64_t size = opts.integer("size", 224);
  const int64_t width = opts.integer("width", 64);
  const int64_t pool_size = opts.integer("pool", 8);
  torch::Device device = demo::default_device();
  std::printf("prefetcher: batch %lld of 3x%lldx%lld float images, width %lld, on %s\n",
              static_cast<long long>(opts.batch), static_cast<long long>(size),
              static_cast<long long>(size), static_cast<long long>(width),
              device.is_cuda() ? "CUDA" : "CPU");

  // The loader's output: the same batches in pageable and in pinned host memory.
  torch::manual_seed(1);
  std::vector<HostBatch> pageable, pinned;
  for (int64_t i = 0; i < pool_size; ++i) {
    auto image = torch::rand({opts.batch, 3, size, size});
    auto label = torch::randint(0, kClasses, {opts.batch}, torch::kLong);
    pageable.push_back({image, label});
    if (device.is_cuda())
      pinned.push_back({image.pin_memory(), label.pin_memory()});
    else
      pinned.push_back({image, label});
  }

  // Same batches, same order, same initial weights: the same losses in every variant.
  std::vector<double> last;
  for (const Named &v : kVariants) {
    Trainer t(v.mode, pageable, pinned, device, width);
    torch::Tensor loss;
    for (int i = 0; i < 3; ++i)
      loss = t.step();
    last.push_back(loss.item<double>()); // NOLINT(hostsync-item): once, for the check
  }
  if (!demo::agree("loss after 3 steps", {"sync_copy", "pinned", "prefetch"}, last))
    return 1;

  std::vector<std::unique_ptr<Trainer>> trainers;
  std::vector<demo::Variant> variants;
  for (const Named &v : kVariants) {
    if (!opts.wants(v.name))
      continue;
    trainers.push_back(std::make_unique<Trainer>(v.mode, pageable, pinned, device, width));
    Trainer *t = trainers.back().get();
    variants.push_back({v.name, [t] { t->step(); }});
  }
  auto rows = demo::measure(variants, opts, device);
  demo::print_table("training step with host batches (ms per step)", rows);
  demo::Report report("prefetcher");
  char mb[32];
  std::snprintf(mb, sizeof mb, "%.1f",
                opts.batch * 3 * size * size * 4 / 1048576.0);
  report.add("step", rows, {{"batch_MiB", mb}, {"width", std::to_string(width)}});
  report.write(opts.json, opts);
  return 0;
}
