// Another file of the program that puts a tensor on CUDA.
float mean_of(const torch::Tensor &t);
float on_gpu() { return mean_of(torch::ones({2}).to(torch::kCUDA)); }
