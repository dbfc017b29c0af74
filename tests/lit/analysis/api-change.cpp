// Code written for LibTorch <= 1.4 indexes with one tensor, `x.index(idx)` and
// `x.index_put_(mask, v)`: an overload that later versions removed, so against today's
// headers those statements do not compile and no rule would see them. hostsync-lint parses
// the file again with the argument in a braced list (`x.index({idx})`, what the call means
// today) and reports at the user's own line, column and text.
// RUN: %lint --checks='-*,hostsync-bool-mask-index,hostsync-host-to-device-copy,hostsync-item' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out

void step(int64_t steps) {
  torch::Device device(torch::kCUDA);
  auto x = torch::randn({64, 8}, device);
  auto cpu = torch::randn({64, 8});
  auto order = torch::randperm(64, torch::TensorOptions(torch::kLong));
  for (int64_t i = 0; i != steps; ++i) {
    auto picked = x.index(order);
    // CHECK: api-change.cpp:[[@LINE-1]]:27: warning: indexing a CUDA tensor with a host index tensor{{.*}}[hostsync-host-to-device-copy]
    // CHECK-NEXT: auto picked = x.index(order);{{$}}
    auto mask = x > 0;
    float kept = x.index(mask).sum().item<float>();
    // CHECK: api-change.cpp:[[@LINE-1]]:20: warning: {{.*}}[hostsync-bool-mask-index]
    // CHECK: api-change.cpp:[[@LINE-2]]:38: warning: 'item' {{.*}}[hostsync-item]
    // CHECK-NEXT: float kept = x.index(mask).sum().item<float>();{{$}}
    auto noise = torch::randn({64, 8}, device);
    x.index_put_(mask, noise.index(mask));
    // CHECK: api-change.cpp:[[@LINE-1]]:7: warning: {{.*}}[hostsync-bool-mask-index]
    // CHECK: api-change.cpp:[[@LINE-2]]:30: warning: {{.*}}[hostsync-bool-mask-index]
    // A scalar value: LibTorch fills in place (masked_fill_), no sync.
    x.index_put_(mask, 0.0);
    // A CPU tensor: respelled like the others, and silent.
    auto rows = cpu.index(order);
    // An argument that is no tensor is not respelled: the statement stays invalid.
    auto bad = x.index("rows");
  }
}
