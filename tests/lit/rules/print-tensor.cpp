// RUN: %lint --checks='-*,hostsync-print-tensor' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}

void positives(torch::Tensor loss) {
  auto x = torch::randn({4}, torch::kCUDA);
  std::cout << x << "\n";
  // CHECK-DAG: print-tensor.cpp:[[@LINE-1]]:13: warning: printing a CUDA tensor copies it to the host{{.*}}device: cuda ({{.*}})) [hostsync-print-tensor]
  std::cerr << "loss " << loss << "\n";
  // CHECK-DAG: print-tensor.cpp:[[@LINE-1]]:24: warning: printing a tensor that may be on CUDA{{.*}}device: unknown ({{.*}})) [hostsync-print-tensor]
  x.print();
  // CHECK-DAG: print-tensor.cpp:[[@LINE-1]]:5: warning: printing a CUDA tensor{{.*}}[hostsync-print-tensor]
  at::print(x, 80);
  // CHECK-DAG: print-tensor.cpp:[[@LINE-1]]:7: warning: {{.*}}[hostsync-print-tensor]
}

void negatives(torch::Tensor loss) {
  // Host tensors print without touching the GPU.
  std::cout << torch::ones({2}) << "\n";
  auto h = loss.detach().cpu();
  std::cout << h << "\n";
  // Shapes, dtypes and devices are host metadata.
  std::cout << loss.sizes() << loss.dtype() << loss.device() << "\n";
  std::cout << loss.toString() << "\n";
}
