# RUN: %lint --checks='-*,hostsync-item' %s > %t.out; test $? -eq 1
# RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
# RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
# COUNT: {{^}}7{{$}}
# torch.distributions checks a distribution's parameters when it is built, and the value
# given to log_prob() or cdf(), with validate_args on by default: each check reads
# `valid.all()` on the host. Of values whose kind nothing in view says (a network's output
# taken apart: an actor a base class builds), device unknown. Not: parameters on the host,
# numbers, validate_args=False, sampling (rsample, sample and entropy check nothing).
import torch
import torch.distributions as D
from torch.distributions import Categorical, Normal


def policy_loss(net, states, actions):
    states = states.cuda()
    mean, std = net(states), torch.ones(4, device="cuda")
    dist = Normal(mean, std)
    # CHECK-DAG: distributions.py:[[@LINE-1]]:12: warning: torch.distributions' 'Normal' checks its parameters on the host (validate_args is on by default){{.*}}device: cuda{{.*}}[hostsync-item]
    sample = dist.rsample()
    entropy = dist.entropy()
    logp = dist.log_prob(actions.cuda())
    # CHECK-DAG: distributions.py:[[@LINE-1]]:17: warning: 'log_prob' of a torch.distributions distribution checks the value it is given on the host{{.*}}device: cuda{{.*}}[hostsync-item]
    probs = D.Categorical(logits=torch.randn(8, 4, device="cuda"))
    # CHECK-DAG: distributions.py:[[@LINE-1]]:15: warning: torch.distributions' 'Categorical' checks its parameters on the host{{.*}}device: cuda{{.*}}[hostsync-item]
    below = torch.distributions.Normal(mean, std).cdf(sample)
    # CHECK-DAG: distributions.py:[[@LINE-1]]:33: warning: torch.distributions' 'Normal' checks its parameters on the host{{.*}}[hostsync-item]
    # CHECK-DAG: distributions.py:[[@LINE-2]]:51: warning: 'cdf' of a torch.distributions distribution checks the value{{.*}}[hostsync-item]
    return logp, entropy, probs, below


def not_checked(actions):
    host = Normal(torch.zeros(4), torch.ones(4))  # on the host: a comparison there
    numbers = Normal(0.0, 1.0)  # numbers: no tensor to read
    quiet = Categorical(logits=torch.randn(8, 4, device="cuda"), validate_args=False)
    return host.log_prob(actions), numbers.sample(), quiet.log_prob(actions.cuda())


class Agent:
    def act(self, state, sigma=0.1):
        out = self.actor_local(state)
        mean, log_std = out[:, :4], out[:, 4:]
        normal = Normal(mean, log_std.exp())
        # CHECK-DAG: distributions.py:[[@LINE-1]]:18: warning: torch.distributions' 'Normal' checks its parameters on the host{{.*}}device: unknown{{.*}}[hostsync-item]
        noise = Normal(0, sigma)
        alpha = sigma
        mixing = D.Beta(alpha, alpha)
        jitter = D.Uniform(low=-self.eps, high=self.eps)
        return normal.log_prob(normal.rsample()), noise, mixing, jitter
        # CHECK-DAG: distributions.py:[[@LINE-1]]:23: warning: 'log_prob' of a torch.distributions distribution{{.*}}device: unknown{{.*}}[hostsync-item]
