import torch
from agents.trpo import line_search

policy = torch.nn.Linear(4, 2)
state = torch.zeros(4)
for episode in range(10):
    print(line_search(policy, lambda v: policy(state).sum(), state, state, 1.0))
