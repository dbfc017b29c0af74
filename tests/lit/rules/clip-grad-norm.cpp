// RUN: %lint --checks='-*,hostsync-clip-grad-norm' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}2{{$}}

void positives(torch::nn::Linear model) {
  double n = torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
  // CHECK-DAG: clip-grad-norm.cpp:[[@LINE-1]]:32: warning: 'clip_grad_norm_' returns the total norm as a host double{{.*}}device: unknown ({{.*}})) [hostsync-clip-grad-norm]
  std::vector<torch::Tensor> params = model->parameters();
  torch::nn::utils::clip_grad_norm_(params, 0.5, 2.0);
  // CHECK-DAG: clip-grad-norm.cpp:[[@LINE-1]]:21: warning: {{.*}}[hostsync-clip-grad-norm]
  (void)n;
}

void negatives(torch::nn::Linear model) {
  // Clipping by value needs no norm on the host.
  torch::nn::utils::clip_grad_value_(model->parameters(), 1.0);
  // The device-side clip from the catalog's fix.
  std::vector<torch::Tensor> norms;
  for (auto &p : model->parameters())
    if (p.grad().defined())
      norms.push_back(p.grad().norm());
  auto total = torch::stack(norms).norm();
  auto coef = torch::clamp_max(1.0 / (total + 1e-6), 1.0);
  for (auto &p : model->parameters())
    if (p.grad().defined())
      p.grad().mul_(coef);
}
