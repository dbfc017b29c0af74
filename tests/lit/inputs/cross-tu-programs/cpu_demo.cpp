// Another program of the same repository: a Net of its own, of the same name,
// never moved: the other program's moves are not this one's.
struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Net);

int main() {
  Net net;
  torch::Device device(torch::kCPU);
  net->to(device);
  float loss = net->forward(torch::ones({1, 4}).to(device)).sum().item<float>();
  return static_cast<int>(loss);
}
