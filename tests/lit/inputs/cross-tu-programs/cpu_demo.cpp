// Another program of the same repository: a Net of its own, of the same name but another
// shape, never moved: the other program's moves are not this one's.
struct NetImpl : torch::nn::Module {
  explicit NetImpl(int64_t width)
      : head(register_module("head", torch::nn::Linear(width, 1))) {}
  torch::Tensor forward(torch::Tensor x) { return head->forward(x).relu(); }
  torch::nn::Linear head;
};
TORCH_MODULE(Net);

int main() {
  torch::Device device(torch::kCPU);
  Net net(8);
  net->to(device);
  auto batch = torch::rand({3, 8}).to(device);
  return net->forward(batch).max().item<float>() > 0;
}
