#include <torch/torch.h>

#define PUT(x, m, v) x.index_put_({m}, v)

// Each rewrite hostsync-lint --fix makes, and the cases it must leave alone.
void train(torch::Tensor logits, torch::Tensor target, torch::Tensor host_batch) {
  auto batch = host_batch.pin_memory();
  auto pageable = host_batch.contiguous();
  torch::Tensor ignore = torch::tensor(-1.0);
  for (int step = 0; step < 10; ++step) {
    auto mask = target == 0;
    logits.index_put_({mask}, logits.mean());
    target.index_put_({mask}, ignore);
    logits.index_put_({mask}, logits.abs());
    auto on_gpu = batch.to(torch::kCUDA);
    auto blocking = pageable.to(torch::kCUDA);
    PUT(logits, mask, logits.sum());
  }
}
