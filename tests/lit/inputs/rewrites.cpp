#include <torch/torch.h>

constexpr int64_t kClasses = 10;
constexpr int64_t kIgnore = -1;

// The rewrites that need more than one line of context: exact ones (--fix) and the ones
// that hold only under a stated condition (--fix-notes). Negatives at the end.
void seed_loss(torch::Tensor target) {
  auto inds = torch::nonzero(target == kClasses - 1);
  target = target.clone();
  target.index_put_({inds.select(1, 0), inds.select(1, 1), inds.select(1, 2)}, kIgnore);
}

void exact(torch::Tensor x, int64_t n) {
  auto labels = torch::randint(0, kClasses, {8, 32, 32}, torch::kCUDA);
  auto rows = torch::where(labels == 0);
  labels.index_put_({rows[0], rows[1], rows[2]}, kIgnore);
  auto repeats = torch::full({n}, 2, torch::kLong).to(torch::kCUDA);
  auto spread = x.repeat_interleave(repeats, 0);
  auto listed = torch::tensor({2, 1, 3}, torch::kLong).cuda();
  auto counts = torch::repeat_interleave(listed);
  (void)spread; (void)counts;
}

void conditional(torch::Tensor A, torch::Tensor probs) {
  auto p = probs.clamp(0.0, 1.0);
  auto hist = torch::histc(p, 20);
  auto labels = torch::randint(0, kClasses, {64}, torch::kCUDA);
  auto onehot = torch::one_hot(labels);
  auto inv = torch::linalg_inv(A);
  (void)hist; (void)onehot; (void)inv;
}

// Sizes the rules cannot read: a size list built from a pointer and a length, and an
// output_size given as an empty optional. The rules still answer (they once looped forever).
void opaque_sizes(torch::Tensor r, std::vector<int64_t> dims) {
  auto t = torch::zeros(at::IntArrayRef(dims.data(), 2), torch::kCUDA);
  auto zeros = torch::where(t == 0);
  t.index_put_({zeros[0], zeros[1]}, 1);
  auto spread = t.repeat_interleave(r, 0, c10::optional<int64_t>());
  (void)spread;
}

void negatives(torch::Tensor x, torch::Tensor r, torch::Tensor labels) {
  auto used = torch::nonzero(x == 1);
  x.index_put_({used.select(1, 0), used.select(1, 1)}, 2);
  auto n = used.size(0);
  auto swapped = torch::nonzero(x == 1);
  x.index_put_({swapped.select(1, 1), swapped.select(1, 0)}, 2);
  auto reshaped = torch::nonzero(x == 1);
  x = x.view({-1});
  x.index_put_({reshaped.select(1, 0)}, 2);
  auto spread = x.repeat_interleave(r, 0);
  auto hist = torch::histc(x, 10);
  auto onehot = torch::one_hot(labels);
  auto lu = torch::linalg_lu_factor(x);
  (void)n; (void)spread; (void)hist; (void)onehot; (void)lu;
}
