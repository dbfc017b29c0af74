// One program of a repository of demos: its own Net, moved to CUDA.
struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Net);

int main() {
  Net net;
  torch::Device device(torch::kCUDA);
  net->to(device);
  float loss = net->forward(torch::ones({1, 4}).to(device)).sum().item<float>();
  return static_cast<int>(loss);
}
