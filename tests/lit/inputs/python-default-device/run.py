import torch
from poses import pose, sizes

mse2psnr = lambda x: -10.0 * torch.log(x) / torch.log(torch.Tensor([10.0]))


def train(steps):
    device = torch.device("cuda")
    for step in range(steps):
        noise = torch.randn(4, 4)
        moved = noise.to(device)
        scale = torch.tensor([2.0])
        psnr = mse2psnr(torch.mean(noise * scale))
        p = pose(4.0, step)
        s = sizes(8)


if __name__ == "__main__":
    torch.set_default_tensor_type("torch.cuda.FloatTensor")
    train(10)
