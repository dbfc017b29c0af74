// Command-line options read through a library that is not installed (Boost here, as in many
// LibTorch training programs): `namespace po = boost::program_options;` names nothing, so
// `po::variables_map` is a stand-in (unknown-namespace.cpp), and the values are read with a
// member template, `vm["nz"].as<size_t>()`. A member name followed by template arguments and
// a call is declared as a member template of the stand-ins, so the statements that read
// options, and the syncs in them, are kept. A comparison of a member (`cfg.rows < limit &&
// ...`) is not taken for template arguments: it keeps a plain member.
// RUN: %lint --checks='-*,hostsync-item,hostsync-host-to-device-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}3{{$}}
#include <boost/program_options.hpp>
namespace po = boost::program_options;

void train(po::variables_map &vm, torch::Device &device, po::options_description &cfg) {
  for (size_t step = 0; step < vm["steps"].as<size_t>(); step++) {
    auto z = torch::randn({4, (long int)vm["nz"].as<size_t>()}).to(device);
    // CHECK-DAG: unknown-member-template.cpp:[[@LINE-1]]:65: warning: {{.*}}[hostsync-host-to-device-copy]
    auto loss = z.square().mean();
    if (loss.item<float>() > 2.0 * vm["D_ltw"].as<float>())
      // CHECK-DAG: unknown-member-template.cpp:[[@LINE-1]]:14: warning: 'item'{{.*}}[hostsync-item]
      continue;
    if (cfg.rows < 10 && step > (2))
      std::cout << loss.item<double>() << '\n';
    // CHECK-DAG: unknown-member-template.cpp:[[@LINE-1]]:25: warning: 'item'{{.*}}[hostsync-item]
  }
}
