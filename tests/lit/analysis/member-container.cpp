// A member container of tensors of the program's own class (a rollout buffer) holds what the
// code adds to it: `agent->actions.push_back(t)` and `buffer_[i] = t` are stores of its
// tensors. Actions and states made on the host are read on the host; a buffer also given a
// tensor of unknown device, or filled by a call that constructs its elements, is unknown.
// RUN: %lint --checks='-*,hostsync-item,hostsync-device-to-host-copy' %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}2{{$}}

struct Agent {
  std::vector<torch::Tensor> actions, states, outputs, built;
};

void act(Agent *agent, torch::Tensor output, int64_t action) {
  agent->actions.push_back(torch::full({1}, action));
  agent->states.push_back(torch::zeros({4}));
  agent->states[0] = torch::ones({4});
  agent->outputs.push_back(output);
  agent->built.insert(agent->built.end(), agent->outputs.begin(), agent->outputs.end());
}

void count(Agent *agent) {
  for (size_t i = 0; i < agent->actions.size(); i++) {
    int a = agent->actions[i].item<int>();
    auto s = torch::cat(agent->states).to(torch::kCPU);
    float o = agent->outputs[i].item<float>();
    // CHECK-DAG: member-container.cpp:[[@LINE-1]]:33: warning: 'item'{{.*}}device: unknown{{.*}}[hostsync-item]
    float b = agent->built[i].sum().item<float>();
    // CHECK-DAG: member-container.cpp:[[@LINE-1]]:37: warning: 'item'{{.*}}device: unknown{{.*}}[hostsync-item]
    (void)a; (void)s; (void)o; (void)b;
  }
}
