// Demo 5 (seed: cpu-gpu-pipelining-threads-streams): a segmentation net on the GPU, then a
// CPU step per image: the category of the largest 2-D connected component of the
// predicted category map.
//   sequential  forward, copy the map to the host (a sync), label on the CPU; the GPU idles
//               while the CPU works and the CPU idles while the GPU works
//   pipelined   each in-flight batch gets its own stream and a pinned host buffer; the map
//               is copied with non_blocking and an event, and one of the CPU worker threads
//               waits on that event (the main thread never does) and labels it, while the
//               main thread already launches the next batch on the GPU
// Both give the same answer for every image (checked), and their peak GPU memory is shown.
#include "../common/harness.h"

#include <c10/core/Event.h>
#include <c10/core/StreamGuard.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace {

namespace nn = torch::nn;
constexpr int64_t kClasses = 21;

// DeepLabV3-like, of roughly its cost per image (tens of GFLOPs): a strided backbone, wide
// atrous (dilated) convolutions at 1/8 resolution, an ASPP head of parallel dilations, and
// bilinear upsampling to the input size.
struct SegNetImpl : nn::Module {
  SegNetImpl() {
    backbone = register_module(
        "backbone",
        nn::Sequential(nn::Conv2d(nn::Conv2dOptions(3, 64, 3).stride(2).padding(1)), nn::ReLU(),
                       nn::Conv2d(nn::Conv2dOptions(64, 128, 3).stride(2).padding(1)), nn::ReLU(),
                       nn::Conv2d(nn::Conv2dOptions(128, 256, 3).stride(2).padding(1)), nn::ReLU(),
                       nn::Conv2d(nn::Conv2dOptions(256, 512, 3).padding(2).dilation(2)), nn::ReLU(),
                       nn::Conv2d(nn::Conv2dOptions(512, 512, 3).padding(2).dilation(2)), nn::ReLU(),
                       nn::Conv2d(nn::Conv2dOptions(512, 512, 3).padding(2).dilation(2)), nn::ReLU()));
    for (int64_t d : {1, 6, 12, 18})
      aspp->push_back(nn::Conv2d(nn::Conv2dOptions(512, 256, d == 1 ? 1 : 3)
                                     .padding(d == 1 ? 0 : d).dilation(d)));
    register_module("aspp", aspp);
    head = register_module("head", nn::Conv2d(nn::Conv2dOptions(4 * 256, kClasses, 1)));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto size = std::vector<int64_t>{x.size(2), x.size(3)};
    auto f = backbone->forward(x);
    std::vector<torch::Tensor> branches;
    for (auto &m : *aspp)
      branches.push_back(torch::relu(m->as<nn::Conv2d>()->forward(f)));
    auto logits = head->forward(torch::cat(branches, 1));
    return nn::functional::interpolate(
        logits, nn::functional::InterpolateFuncOptions().size(size).mode(torch::kBilinear)
                    .align_corners(false));
  }
  nn::Sequential backbone{nullptr};
  nn::ModuleList aspp;
  nn::Conv2d head{nullptr};
};
TORCH_MODULE(SegNet);

// Category of the largest 4-connected component of a category map (ties: the lower
// category). Two passes over runs of equal category: each row's runs are joined to the
// runs of the row above that they touch and share a category with (union-find over run
// indices), then the runs' lengths are summed per component. About 0.1 ms for a 320x320
// map on one core: the CPU step stays shorter than the GPU's, as in the seed, where the
// GPU was 80% busy before pipelining.
int64_t largest_component_category(const torch::Tensor &map) {
  const int64_t h = map.size(0), w = map.size(1);
  const uint8_t *cat = map.contiguous().data_ptr<uint8_t>();
  struct Run {
    int32_t begin, end; // columns [begin, end) of one row
    uint8_t cat;
  };
  std::vector<Run> runs;
  std::vector<int32_t> parent;
  auto root = [&](int32_t r) {
    while (parent[r] != r)
      r = parent[r] = parent[parent[r]]; // path halving
    return r;
  };
  size_t above = 0; // first run of the row above
  for (int64_t y = 0; y < h; ++y) {
    const uint8_t *row = cat + y * w;
    const size_t first = runs.size();
    for (int32_t x = 0; x < w;) {
      int32_t end = x + 1;
      while (end < w && row[end] == row[x])
        ++end;
      runs.push_back({x, end, row[x]});
      parent.push_back(static_cast<int32_t>(runs.size() - 1));
      x = end;
    }
    // Runs of both rows are sorted by column: walk them together, joining overlaps.
    for (size_t a = above, b = first; a < first && b < runs.size();) {
      if (runs[a].cat == runs[b].cat) {
        int32_t ra = root(static_cast<int32_t>(a)), rb = root(static_cast<int32_t>(b));
        parent[std::max(ra, rb)] = std::min(ra, rb);
      }
      const int32_t end_a = runs[a].end, end_b = runs[b].end;
      if (end_a <= end_b) // the run that ends first has no more overlaps; both when equal
        ++a;
      if (end_b <= end_a)
        ++b;
    }
    above = first;
  }
  std::vector<int64_t> size(runs.size(), 0);
  int64_t best_size = -1, best_cat = -1;
  for (size_t r = 0; r < runs.size(); ++r)
    size[root(static_cast<int32_t>(r))] += runs[r].end - runs[r].begin;
  for (size_t r = 0; r < runs.size(); ++r)
    if (parent[r] == static_cast<int32_t>(r) &&
        (size[r] > best_size || (size[r] == best_size && runs[r].cat < best_cat))) {
      best_size = size[r];
      best_cat = runs[r].cat;
    }
  return best_cat;
}

// The same by flood fill, pixel by pixel: slow and obviously right, the check of the
// above on every image the demo's correctness check sees.
int64_t largest_component_category_by_flood_fill(const torch::Tensor &map) {
  const int64_t h = map.size(0), w = map.size(1);
  auto a = map.accessor<uint8_t, 2>();
  std::vector<uint8_t> seen(h * w, 0);
  std::vector<int64_t> stack;
  int64_t best_size = -1, best_cat = -1;
  for (int64_t start = 0; start < h * w; ++start) {
    if (seen[start])
      continue;
    const int64_t cat = a[start / w][start % w];
    int64_t count = 0;
    stack.assign(1, start);
    seen[start] = 1;
    while (!stack.empty()) {
      int64_t p = stack.back();
      stack.pop_back();
      ++count;
      int64_t y = p / w, x = p % w;
      const int64_t nbr[4][2] = {{y - 1, x}, {y + 1, x}, {y, x - 1}, {y, x + 1}};
      for (const auto &n : nbr) {
        if (n[0] < 0 || n[0] >= h || n[1] < 0 || n[1] >= w)
          continue;
        int64_t q = n[0] * w + n[1];
        if (!seen[q] && a[n[0]][n[1]] == cat) {
          seen[q] = 1;
          stack.push_back(q);
        }
      }
    }
    if (count > best_size || (count == best_size && cat < best_cat)) {
      best_size = count;
      best_cat = cat;
    }
  }
  return best_cat;
}

// The net's category for each pixel, one byte each (21 categories): an eighth of argmax's
// int64 to copy to the host and to read there.
torch::Tensor category_map(SegNet &model, const torch::Tensor &images) {
  static_assert(kClasses <= 256, "categories must fit in a byte");
  return model->forward(images).argmax(1).to(torch::kUInt8);
}

// A small pool of CPU threads running jobs in order of submission.
class Workers {
public:
  explicit Workers(int n) {
    for (int i = 0; i < n; ++i)
      threads_.emplace_back([this] { run(); });
  }
  ~Workers() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    for (auto &t : threads_)
      t.join();
  }
  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(std::move(job));
    ++pending_;
    changed_.notify_all();
  }
  void wait_below(int limit) { // block while `limit` or more jobs are unfinished
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return pending_ < limit; });
  }

private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mutex_);
      --pending_;
      changed_.notify_all();
    }
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> jobs_;
  int pending_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

class Pipeline {
public:
  Pipeline(bool pipelined, SegNet model, const std::vector<torch::Tensor> &images,
           torch::Device device, int in_flight, int threads)
      : pipelined_(pipelined), model_(model), images_(images), device_(device),
        in_flight_(in_flight), workers_(pipelined ? threads : 1) {
    for (int i = 0; i < in_flight; ++i)
      streams_.push_back(demo::side_stream(device));
    answers_.resize(images.size());
  }

  // One batch: its answers land in answers()[batch index] (now, or when a worker is done).
  void step() {
    size_t index = next_++ % images_.size();
    torch::NoGradGuard no_grad;
    if (!pipelined_) {
      auto maps = category_map(model_, images_[index]).cpu();
      answers_[index] = label_all(maps);
      return;
    }
    // A free slot: its stream and buffer are not in use (one job per image in flight).
    const int64_t images = images_[index].size(0);
    {
      auto waiting = slot_wait_.scope();
      workers_.wait_below(in_flight_ * static_cast<int>(images));
    }
    size_t slot = slot_++ % streams_.size();
    c10::Stream stream = streams_[slot];
    demo::wait_stream(stream, demo::current_stream(device_)); // inputs and weights exist
    torch::Tensor host;
    std::shared_ptr<c10::Event> copied;
    {
      c10::StreamGuard on_slot(stream);
      auto maps = category_map(model_, images_[index]);
      host = torch::empty(maps.sizes(), maps.options().device(torch::kCPU).pinned_memory(
                                            device_.is_cuda()));
      host.copy_(maps, /*non_blocking=*/true);
      if (device_.is_cuda()) {
        copied = std::make_shared<c10::Event>(c10::DeviceType::CUDA);
        copied->record(stream);
      }
    }
    answers_[index].assign(static_cast<size_t>(images), -1);
    for (int64_t i = 0; i < images; ++i) // one job per image: all the threads share a batch
      workers_.submit([this, index, i, host, copied] {
        if (copied)
          demo::wait_event(*copied); // a worker waits for its batch; the main thread goes on
        auto labelling = labelling_.scope();
        answers_[index][static_cast<size_t>(i)] = largest_component_category(host[i]);
      });
  }
  void finish() { workers_.wait_below(1); }
  // Where the CPU's time goes, per batch: labelling (summed over the threads that label)
  // and the launching thread's wait for a free in-flight slot. When labelling / threads
  // is as long as a step, the CPU sets the pace and the GPU waits.
  std::map<std::string, double> counters() const {
    return {{"labelling ms (all threads)", labelling_.ms()}, {"slot wait ms", slot_wait_.ms()}};
  }
  const std::vector<std::vector<int64_t>> &answers() const { return answers_; }

private:
  std::vector<int64_t> label_all(const torch::Tensor &maps) {
    auto labelling = labelling_.scope();
    std::vector<int64_t> out;
    for (int64_t i = 0; i < maps.size(0); ++i)
      out.push_back(largest_component_category(maps[i]));
    return out;
  }
  bool pipelined_;
  SegNet model_;
  const std::vector<torch::Tensor> &images_;
  torch::Device device_;
  int in_flight_;
  std::vector<c10::Stream> streams_;
  std::vector<std::vector<int64_t>> answers_;
  size_t next_ = 0, slot_ = 0;
  demo::TimeSpent labelling_, slot_wait_;
  Workers workers_; // last: joined first, while everything it uses still exists
};

} // namespace

int main(int argc, char **argv) {
  demo::Options opts = demo::Options::parse(argc, argv);
  const int64_t size = opts.integer("size", 320);
  const int in_flight = static_cast<int>(opts.integer("in_flight", 4));
  const int threads = static_cast<int>(opts.integer("threads", 8)); // labelling threads
  const int64_t pool = opts.integer("pool", 8);
  torch::Device device = demo::default_device();
  std::printf("cpu_gpu_pipeline: batch %lld, %lldx%lld, %d batches in flight, %d labelling "
              "threads, on %s\n",
              static_cast<long long>(opts.batch), static_cast<long long>(size),
              static_cast<long long>(size), in_flight, threads, device.is_cuda() ? "CUDA" : "CPU");
  torch::manual_seed(0);
  SegNet model;
  model->to(device);
  model->eval();
  std::vector<torch::Tensor> images;
  for (int64_t i = 0; i < pool; ++i)
    images.push_back(torch::rand({opts.batch, 3, size, size}, device));

  // The same answer for every image from both variants.
  Pipeline check_seq(false, model, images, device, in_flight, threads);
  Pipeline check_pipe(true, model, images, device, in_flight, threads);
  for (int64_t i = 0; i < pool; ++i) {
    check_seq.step();
    check_pipe.step();
  }
  check_pipe.finish();
  std::vector<std::vector<int64_t>> by_flood_fill;
  for (const auto &batch : images) {
    torch::NoGradGuard no_grad;
    auto maps = category_map(model, batch).cpu(); // NOLINT(hostsync-device-to-host-copy): once, for the check
    by_flood_fill.emplace_back();
    for (int64_t i = 0; i < maps.size(0); ++i)
      by_flood_fill.back().push_back(largest_component_category_by_flood_fill(maps[i]));
  }
  bool same = check_seq.answers() == check_pipe.answers() && check_seq.answers() == by_flood_fill;
  std::printf("answers for %lld images, both variants and by flood fill: %s (first: %lld)\n",
              static_cast<long long>(pool * opts.batch), same ? "same" : "DIFFERENT",
              static_cast<long long>(check_seq.answers()[0][0]));
  if (!same)
    return 1;

  Pipeline sequential(false, model, images, device, in_flight, threads);
  Pipeline pipelined(true, model, images, device, in_flight, threads);
  std::vector<demo::Variant> variants;
  if (opts.wants("sequential"))
    variants.push_back({"sequential", [&] { sequential.step(); }, {}, {}, {},
                        [&] { return sequential.counters(); }});
  if (opts.wants("pipelined"))
    variants.push_back({"pipelined", [&] { pipelined.step(); }, [&] { pipelined.finish(); }, {},
                        {}, [&] { return pipelined.counters(); }});
  auto rows = demo::measure(variants, opts, device);
  demo::print_table("segmentation + largest component (ms per batch)", rows);
  demo::Report report("cpu_gpu_pipeline");
  report.add("batch " + std::to_string(opts.batch), rows,
             {{"in_flight", std::to_string(in_flight)}, {"threads", std::to_string(threads)},
              {"image_size", std::to_string(size)}});
  report.write(opts.json, opts);
  return 0;
}
