// A helper file with no main(). main.cpp passes mean_of() a tensor; nothing analysed
// calls max_of(), so on their own neither file can tell where its `t` lives.
float mean_of(const torch::Tensor &t) { return t.mean().item<float>(); }
float max_of(const torch::Tensor &t) { return t.max().item<float>(); }
