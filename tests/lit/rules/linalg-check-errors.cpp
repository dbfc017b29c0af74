// RUN: %lint --checks='-*,hostsync-linalg-check-errors' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}9{{$}}

void positives(torch::Tensor A) {
  auto M = torch::eye(4, torch::kCUDA);
  auto a = torch::linalg::cholesky(M);
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:27: warning: 'cholesky' on a CUDA tensor copies its error code to the host to check it; use 'linalg_cholesky_ex'{{.*}}[hostsync-linalg-check-errors]
  auto b = torch::linalg_inv(M);
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:19: warning: 'linalg_inv'{{.*}}'linalg_inv_ex'{{.*}}[hostsync-linalg-check-errors]
  auto c = M.inverse();
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:14: warning: 'inverse'{{.*}}'linalg_inv_ex'{{.*}}[hostsync-linalg-check-errors]
  auto d = torch::linalg::solve(A, A, true);
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:27: warning: 'solve' on a tensor that may be on CUDA{{.*}}'linalg_solve_ex'{{.*}}[hostsync-linalg-check-errors]
  auto e = A.cholesky();
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:14: warning: {{.*}}[hostsync-linalg-check-errors]
}

void converging() {
  // Decompositions that check their convergence on the host, with no _ex form.
  auto M = torch::eye(4, torch::kCUDA);
  auto usv = torch::linalg::svd(M, false, c10::nullopt);
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:29: warning: 'svd' on a CUDA tensor copies its convergence code to the host{{.*}}no _ex form{{.*}}[hostsync-linalg-check-errors]
  auto s = torch::linalg_svdvals(M);
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:19: warning: 'linalg_svdvals' on a CUDA tensor copies its convergence code{{.*}}[hostsync-linalg-check-errors]
  auto eig = torch::linalg_eigh(M);
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:21: warning: 'linalg_eigh'{{.*}}convergence{{.*}}[hostsync-linalg-check-errors]
  auto p = M.pinverse();
  // CHECK-DAG: linalg-check-errors.cpp:[[@LINE-1]]:14: warning: 'pinverse'{{.*}}convergence{{.*}}[hostsync-linalg-check-errors]
  auto host = torch::linalg_svdvals(torch::eye(4)); // on the host: no finding
  (void)usv; (void)s; (void)eig; (void)p; (void)host;
}

void negatives() {
  auto M = torch::eye(4, torch::kCUDA);
  // The _ex forms return the info code as a tensor instead of checking it.
  auto a = torch::linalg_cholesky_ex(M);
  auto b = torch::linalg_inv_ex(M);
  auto c = torch::linalg_solve_ex(M, M);
  // Host matrices.
  auto H = torch::eye(4);
  auto d = torch::linalg::inv(H);
  (void)a; (void)b; (void)c; (void)d;
}
