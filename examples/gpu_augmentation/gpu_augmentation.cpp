// Demo 3 (seed: cuda-streams-pipelining, part 2): the seed's classification CNN trained on
// heavily augmented images (random crop to half size, resize back, random rotation up to
// 45 degrees, 7x7 Gaussian blur, normalize):
//   cpu_workers  per-sample augmentation on the CPU, in a torch::data dataset read by
//                worker threads (the seed's DataLoader with 8 workers)
//   gpu_batch    the workers only make raw uint8 images; the whole batch is augmented on
//                the GPU, each sample with its own crop and angle (affine_grid + grid_sample)
//   gpu_stream   as gpu_batch, but batch n+1 is copied and augmented on its own stream while
//                batch n trains
// The augmentation is one function of its random parameters, run per sample on the CPU or
// per batch on the GPU; both give the same images for the same parameters (checked).
#include "../common/harness.h"

#include <ATen/CPUGeneratorImpl.h>
#include <c10/core/StreamGuard.h>

#include <cmath>
#include <condition_variable>
#include <mutex>
#include <cstdio>
#include <optional>
#include <sstream>

namespace {

namespace nn = torch::nn;
namespace F = torch::nn::functional;
constexpr int64_t kClasses = 10;
constexpr double kMaxDegrees = 45.0;

nn::Sequential make_model() { // the seed's CNN: 1x1 conv, then 2x2 stride-2 convs to 1x1
  nn::Sequential m(nn::Conv2d(nn::Conv2dOptions(3, 16, 1)), nn::ReLU());
  int64_t c = 16;
  for (int i = 0; i < 8; ++i, c *= 2) {
    m->push_back(nn::Conv2d(nn::Conv2dOptions(c, 2 * c, 2).stride(2)));
    if (i < 7)
      m->push_back(nn::ReLU());
  }
  m->push_back(nn::Flatten());
  m->push_back(nn::Linear(c, kClasses));
  return m;
}

// Random parameters of one batch: crop offsets (pixels) and rotation angles (radians).
struct AugParams {
  torch::Tensor left, top, angle; // [B] each, float
};

AugParams draw_params(int64_t batch, int64_t size, torch::Device device) {
  auto opts = torch::TensorOptions().dtype(torch::kFloat).device(device);
  int64_t crop = size / 2;
  return {torch::randint(0, size - crop + 1, {batch}, opts),
          torch::randint(0, size - crop + 1, {batch}, opts),
          (torch::rand({batch}, opts) * 2 - 1) * (kMaxDegrees * M_PI / 180.0)};
}

torch::Tensor gaussian_kernel(torch::Device device) { // torchvision's sigma for k=7: 1.4
  const double sigma = 0.3 * ((7 - 1) * 0.5 - 1) + 0.8;
  auto x = torch::arange(-3, 4, torch::TensorOptions().dtype(torch::kFloat).device(device));
  auto g = torch::exp(-(x * x) / (2 * sigma * sigma));
  g = g / g.sum();
  return torch::outer(g, g).expand({3, 1, 7, 7}).contiguous();
}

// images: [B,3,S,S] float (0..255), on any device; the parameters on the same device.
torch::Tensor augment(const torch::Tensor &images, const AugParams &p, const torch::Tensor &kernel) {
  const int64_t b = images.size(0), s = images.size(2), crop = s / 2;
  auto zeros = torch::zeros({b}, images.options());
  auto gopts = F::GridSampleFuncOptions().mode(torch::kBilinear).padding_mode(torch::kZeros)
                   .align_corners(false);
  // Crop [left, left+crop) and resize back to s: one affine map in normalized coordinates.
  auto half = static_cast<double>(crop) / s;
  auto cx = (p.left + crop / 2.0) * (2.0 / s) - 1, cy = (p.top + crop / 2.0) * (2.0 / s) - 1;
  auto theta1 = torch::stack({torch::stack({zeros + half, zeros, cx}, 1),
                              torch::stack({zeros, zeros + half, cy}, 1)}, 1);
  auto x = F::grid_sample(images, F::affine_grid(theta1, {b, 3, s, s}, false), gopts);
  // Rotation about the centre.
  auto c = torch::cos(p.angle), sn = torch::sin(p.angle);
  auto theta2 = torch::stack({torch::stack({c, -sn, zeros}, 1), torch::stack({sn, c, zeros}, 1)}, 1);
  x = F::grid_sample(x, F::affine_grid(theta2, {b, 3, s, s}, false), gopts);
  // 7x7 Gaussian blur (reflect padding, as torchvision), then normalize (mean 0, std 1).
  x = F::conv2d(F::pad(x, F::PadFuncOptions({3, 3, 3, 3}).mode(torch::kReflect)), kernel,
                F::Conv2dFuncOptions().groups(3));
  return (x - 0.0) / 1.0;
}

// The workers' data set: random uint8 images and labels; with `augment_on_cpu`, each sample
// is augmented in the worker, with its own random parameters.
// Lets a variant's loader workers run only during that variant's rounds.
class Gate {
public:
  void set(bool open) {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ = open;
    changed_.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return open_; });
  }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = true;
};

class ImageDataset : public torch::data::datasets::Dataset<ImageDataset> {
public:
  ImageDataset(int64_t size, bool augment_on_cpu, std::shared_ptr<Gate> gate)
      : size_(size), augment_(augment_on_cpu), kernel_(gaussian_kernel(torch::kCPU)),
        gate_(std::move(gate)) {}
  torch::data::Example<> get(size_t index) override {
    gate_->wait();
    // One generator per worker thread, as each DataLoader worker process has its own: the
    // global CPU generator is behind a lock that would serialise the workers.
    thread_local at::Generator gen = at::detail::createCPUGenerator(index + 1);
    auto img = torch::randint(0, 256, {1, 3, size_, size_}, gen, torch::kUInt8);
    auto label = torch::randint(0, kClasses, {}, gen, torch::kLong);
    if (!augment_)
      return {img.squeeze(0), label};
    auto x = augment(img.to(torch::kFloat), draw_params(1, size_, torch::kCPU), kernel_);
    return {x.squeeze(0), label};
  }
  c10::optional<size_t> size() const override { return 1000000; }

private:
  int64_t size_;
  bool augment_;
  torch::Tensor kernel_;
  std::shared_ptr<Gate> gate_;
};

// An endless batch source over a torch::data loader with worker threads.
std::function<torch::data::Example<>()> make_loader(int64_t size, bool augment_on_cpu,
                                                    int64_t batch, int64_t workers,
                                                    std::shared_ptr<Gate> gate) {
  auto owned = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
      ImageDataset(size, augment_on_cpu, std::move(gate)).map(torch::data::transforms::Stack<>()),
      torch::data::DataLoaderOptions().batch_size(batch).workers(workers));
  using Loader = typename decltype(owned)::element_type;
  std::shared_ptr<Loader> loader(owned.release());
  using Iterator = decltype(loader->begin());
  auto it = std::make_shared<std::optional<Iterator>>();
  return [loader, it] {
    if (!*it)
      *it = loader->begin();
    else
      ++**it;
    return ***it;
  };
}

class Trainer {
public:
  enum class Mode { CpuWorkers, GpuBatch, GpuStream };
  Trainer(Mode mode, int64_t batch, int64_t size, int64_t workers, torch::Device device)
      : mode_(mode), size_(size), device_(device), kernel_(gaussian_kernel(device)),
        aug_stream_(demo::side_stream(device)), gate_(std::make_shared<Gate>()),
        next_(make_loader(size, mode == Mode::CpuWorkers, batch, workers, gate_)) {
    torch::manual_seed(0);
    model_ = make_model();
    model_->to(device);
    opt_ = std::make_unique<torch::optim::SGD>(model_->parameters(),
                                               torch::optim::SGDOptions(0.01));
    demo::wait_stream(aug_stream_, demo::current_stream(device));
  }

  // The loader's workers may be waiting at a closed gate: open it, or joining them hangs.
  ~Trainer() { gate_->set(true); }
  Trainer(const Trainer &) = delete;
  Trainer &operator=(const Trainer &) = delete;

  void resume() { gate_->set(true); }
  void pause() { gate_->set(false); }
  // How long the training thread waited for the loader's next batch (a loader-bound step
  // waits here while the GPU runs dry).
  std::map<std::string, double> counters() const {
    return {{"loader wait ms", loader_wait_.ms()}};
  }

  void step() {
    if (mode_ != Mode::GpuStream) {
      auto batch = next_batch();
      auto x = batch.data.to(device_);
      if (mode_ == Mode::GpuBatch)
        x = augment(x.to(torch::kFloat), draw_params(x.size(0), size_, device_), kernel_);
      train(x, batch.target.to(device_));
      return;
    }
    if (!ready_x_.defined())
      prepare_next();
    c10::Stream compute = demo::current_stream(device_);
    demo::wait_stream(compute, aug_stream_);
    auto x = ready_x_, y = ready_y_;
    demo::record_stream(x, compute);
    demo::record_stream(y, compute);
    train(x, y);     // queued on the compute stream...
    prepare_next();  // ...while batch n+1 is fetched, copied and augmented on its own
  }

private:
  torch::data::Example<> next_batch() {
    auto waiting = loader_wait_.scope();
    return next_();
  }
  void prepare_next() {
    auto batch = next_batch();
    c10::StreamGuard on_aug(aug_stream_);
    auto raw = batch.data.to(device_, /*non_blocking=*/true);
    ready_x_ = augment(raw.to(torch::kFloat), draw_params(raw.size(0), size_, device_), kernel_);
    ready_y_ = batch.target.to(device_, /*non_blocking=*/true);
  }
  void train(const torch::Tensor &x, const torch::Tensor &y) {
    opt_->zero_grad();
    auto loss = F::cross_entropy(model_->forward(x), y);
    loss.backward();
    opt_->step();
  }
  Mode mode_;
  int64_t size_;
  torch::Device device_;
  torch::Tensor kernel_;
  c10::Stream aug_stream_;
  std::shared_ptr<Gate> gate_;
  std::function<torch::data::Example<>()> next_;
  nn::Sequential model_{nullptr};
  std::unique_ptr<torch::optim::SGD> opt_;
  torch::Tensor ready_x_, ready_y_;
  demo::TimeSpent loader_wait_;
};

} // namespace

int main(int argc, char **argv) {
  demo::Options opts = demo::Options::parse(argc, argv);
  const int64_t size = opts.integer("size", 256);
  const int64_t workers = opts.integer("workers", 8);
  torch::set_num_threads(1); // as in PyTorch's DataLoader workers: one thread each
  torch::Device device = demo::default_device();

  // Same parameters, same images: per sample on the CPU, per batch on the device.
  {
    torch::manual_seed(3);
    auto images = torch::randint(0, 256, {4, 3, size, size}).to(torch::kFloat);
    AugParams p = draw_params(4, size, torch::kCPU);
    auto cpu_kernel = gaussian_kernel(torch::kCPU);
    std::vector<torch::Tensor> per_sample;
    for (int64_t i = 0; i < 4; ++i)
      per_sample.push_back(augment(images.slice(0, i, i + 1),
                                   {p.left.slice(0, i, i + 1), p.top.slice(0, i, i + 1),
                                    p.angle.slice(0, i, i + 1)},
                                   cpu_kernel));
    AugParams pd{p.left.to(device), p.top.to(device), p.angle.to(device)};
    auto batched = augment(images.to(device), pd, gaussian_kernel(device)).cpu();
    double diff = (torch::cat(per_sample) - batched).abs().max().item<double>(); // NOLINT(hostsync-item): once, for the check
    std::printf("gpu_augmentation: per-sample CPU vs batched %s augmentation, max |diff| "
                "%.2e on a 0..255 scale (tolerance 1e-2)\n",
                device.is_cuda() ? "GPU" : "CPU", diff);
    if (!(diff <= 1e-2))
      return 1;
  }

  demo::Report report("gpu_augmentation");
  for (int64_t batch : opts.sweep()) {
    std::printf("gpu_augmentation: batch %lld, %lldx%lld, %lld loader workers, on %s\n",
                static_cast<long long>(batch), static_cast<long long>(size),
                static_cast<long long>(size), static_cast<long long>(workers),
                device.is_cuda() ? "CUDA" : "CPU");
    Trainer cpu(Trainer::Mode::CpuWorkers, batch, size, workers, device);
    Trainer gpu(Trainer::Mode::GpuBatch, batch, size, workers, device);
    Trainer gpu_stream(Trainer::Mode::GpuStream, batch, size, workers, device);
    std::vector<demo::Variant> variants;
    for (Trainer *t : {&cpu, &gpu, &gpu_stream})
      t->pause(); // each loader works only in its own variant's rounds
    auto add = [&](const char *name, Trainer &t) {
      if (opts.wants(name))
        variants.push_back({name, [&t] { t.step(); }, {}, [&t] { t.resume(); },
                            [&t] { t.pause(); }, [&t] { return t.counters(); }});
    };
    add("cpu_workers", cpu);
    add("gpu_batch", gpu);
    add("gpu_stream", gpu_stream);
    auto rows = demo::measure(variants, opts, device);
    demo::print_table("batch " + std::to_string(batch) + " (ms per step)", rows);
    report.add("batch " + std::to_string(batch), rows,
               {{"batch", std::to_string(batch)}, {"workers", std::to_string(workers)}});
  }
  report.write(opts.json, opts);
  return 0;
}
