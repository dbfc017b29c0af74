// Syncs behind a framework's own box-list class (issue 51): a method reads `this`'s members,
// an overloaded operator and a conversion operator are calls like any other, a dispatcher
// on the device reaches only the half its argument's device decides, and a helper that
// moves every member to a device passed in is a copy when that device is the CPU. Not
// followed, and said so in docs/lint.md: a device given as a string parameter, and what a
// std::future hands over from another thread (unknown).
// RUN: %lint --checks='-*,hostsync-item,hostsync-bool-mask-index,hostsync-nonzero,hostsync-device-to-host-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='waits for the GPU' < %t.out
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}9{{$}}
#include <future>

struct BoxList {
  torch::Tensor boxes;
  torch::Tensor scores;
  BoxList(torch::Tensor b, torch::Tensor s) : boxes(b), scores(s) {}
  // CHECK-DAG: [[@LINE+1]]:47: warning: 'item' {{.*}}device: cuda
  int64_t count() const { return scores.sum().item<int64_t>(); }
  BoxList operator[](const torch::Tensor &mask) const {
    // CHECK-DAG: [[@LINE+1]]:34: warning: 'masked_select' {{.*}}device: cuda
    return BoxList(boxes, scores.masked_select(mask));
  }
  // CHECK-DAG: [[@LINE+1]]:56: warning: 'item' {{.*}}device: cuda
  explicit operator bool() const { return scores.any().item<bool>(); }
  // CHECK-DAG: [[@LINE+2]]:53: warning: 'to(kCPU)' {{.*}}(hot: called in a loop in train(); device: cuda
  // CHECK-DAG: [[@LINE+1]]:67: warning: 'to(kCPU)' {{.*}}(hot: called in a loop in train(); device: cuda
  BoxList To(torch::Device d) const { return {boxes.to(d), scores.to(d)}; }
  // Not followed: the string's value does not reach the Device it names.
  BoxList ToNamed(const std::string &d) const {
    return {boxes.to(torch::Device(d)), scores.to(torch::Device(d))};
  }
};

torch::Tensor nms_cuda(const torch::Tensor &b);
// Reached only from the dispatcher's CPU branch: on the CPU, no finding.
torch::Tensor nms_cpu(const torch::Tensor &b) { return b.nonzero(); }
torch::Tensor nms(const torch::Tensor &b) {
  if (b.is_cuda())
    return nms_cuda(b);
  return nms_cpu(b);
}

torch::Tensor host_reply() { return torch::from_blob(new float[4], {4}).clone(); }

void train(std::future<torch::Tensor> &reply) {
  auto dev = torch::Device(torch::kCUDA);
  auto b = torch::rand({10, 4}, dev);
  BoxList list(b, torch::rand({10}, dev));
  for (int i = 0; i < 100; ++i) {
    // CHECK-DAG: [[@LINE+1]]:19: note: the call of `BoxList::count()` waits for the GPU: 'item' {{.*}}(hot: inside a loop
    auto n = list.count();
    // CHECK-DAG: [[@LINE+1]]:17: note: the call of `BoxList::operator[]()` waits for the GPU: 'masked_select' {{.*}}(hot: inside a loop
    auto kept = list[list.scores > 0.5];
    // CHECK-DAG: [[@LINE+1]]:9: note: the call of `BoxList::operator bool()` waits for the GPU: 'item' {{.*}}(hot: inside a loop
    if (kept) {
    }
    // The copies inside are ranked by this loop (above); the target device is a parameter,
    // so the call itself gets no finding of its own.
    auto on_host = list.To(torch::kCPU);
    auto named = list.ToNamed("cpu");
    auto k = nms(torch::rand({10, 4}));
    // CHECK-DAG: [[@LINE+1]]:33: warning: 'item' {{.*}}device: unknown (what `std::future<at::Tensor>::get()` returns
    float v = reply.get().sum().item<float>();
  }
}
