x = torch.zeros(3, device="cuda")
y = x.item()
# été
y = 2
