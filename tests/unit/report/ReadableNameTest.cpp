// readableName (report/render/ReadableName.h): one table of demangled names, as GCC's and
// LLVM's demanglers print them, and what the report shows for each.
#include "render/ReadableName.h"

#include <gtest/gtest.h>

using hostsync::report::readableName;

TEST(ReadableName, Table) {
  const struct {
    const char *demangled, *readable;
  } cases[] = {
      // Plain names, and what the report already shortened (bareFunctionName).
      {"main", "main"},
      {"train", "train"},
      {"MaskedLossImpl::forward", "MaskedLossImpl::forward"},
      {"at::native::nonzero_cuda(at::Tensor const&)", "at::native::nonzero_cuda"},
      {"f()", "f"},
      // Templates, nested: the arguments become <…>, the function keeps its name.
      {"void train<torch::data::StatelessDataLoader<torch::data::datasets::MapDataset<"
       "torch::data::datasets::MapDataset<torch::data::datasets::MNIST, "
       "torch::data::transforms::Normalize<at::Tensor> >, torch::data::transforms::Stack<"
       "torch::data::Example<at::Tensor, at::Tensor> > >, torch::data::samplers::"
       "RandomSampler> >(unsigned long, Net&, c10::Device, torch::data::StatelessDataLoader<"
       "torch::data::datasets::MapDataset<torch::data::datasets::MNIST, "
       "torch::data::transforms::Normalize<at::Tensor> >, torch::data::samplers::RandomSampler>&"
       ", torch::optim::Optimizer&, unsigned long)",
       "train<…>"},
      {"train<Loader>", "train<…>"},
      {"std::vector<int, std::allocator<int> >::push_back(int const&)",
       "std::vector<…>::push_back"},
      {"float at::Tensor::item<float>() const", "at::Tensor::item<…>"},
      {"void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
       "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, "
       "at::detail::Array<char*, 1>)",
       "at::native::vectorized_elementwise_kernel<…>"},
      {"f<>()", "f<…>"},
      // Return types of several words, references and pointers.
      {"unsigned long count(at::Tensor const&)", "count"},
      {"at::Tensor const& pick(std::vector<at::Tensor, std::allocator<at::Tensor> > const&)",
       "pick"},
      {"char const* name()", "name"},
      {"void const_helper()", "const_helper"},
      // Operators are names, not brackets.
      {"bool operator<(Key const&, Key const&)", "operator<"},
      {"std::ostream& operator<<(std::ostream&, Net const&)", "operator<<"},
      {"std::basic_ostream<char, std::char_traits<char> >& std::operator<< <std::char_traits"
       "<char> >(std::basic_ostream<char, std::char_traits<char> >&, char const*)",
       "std::operator<< <…>"},
      {"bool operator< <Key>(Key const&, Key const&)", "operator< <…>"},
      {"Net::operator()(at::Tensor)", "Net::operator()"},
      {"Table::operator[](unsigned long) const", "Table::operator[]"},
      {"bool Ptr::operator->() const", "Ptr::operator->"},
      {"Mask::operator<=(Mask const&) const", "Mask::operator<="},
      {"Iter::operator>>=(int)", "Iter::operator>>="},
      {"float thrust::reference<float, thrust::device_ptr<float>, thrust::device_reference<"
       "float> >::operator float() const",
       "thrust::reference<…>::operator float"},
      {"Buffer::operator std::vector<float, std::allocator<float> >() const",
       "Buffer::operator std::vector<…>"},
      {"void* Pool::operator new[](unsigned long)", "Pool::operator new[]"},
      // Lambdas, GCC's and LLVM's, and the functions they are in.
      {"train(unsigned long, Net&)::{lambda(at::Tensor const&)#1}::operator()(at::Tensor "
       "const&) const",
       "train::{lambda#1}::operator()"},
      {"void train<Loader>(Loader&)::{lambda(at::Tensor const&)#2}::operator()(at::Tensor "
       "const&) const",
       "train<…>::{lambda#2}::operator()"},
      {"Trainer::step() const::{lambda()#1}::operator()() const",
       "Trainer::step::{lambda#1}::operator()"},
      {"train(int)::'lambda'(at::Tensor const&)::operator()(at::Tensor const&) const",
       "train::'lambda'::operator()"},
      {"std::_Function_handler<void (at::Tensor), train()::{lambda(at::Tensor)#1}>::_M_invoke"
       "(std::_Any_data const&, at::Tensor&&)",
       "std::_Function_handler<…>::_M_invoke"},
      {"{unnamed type#1}::get()", "{unnamed type#1}::get"},
      // The anonymous namespace says where it is declared, as the file:line beside it does.
      {"(anonymous namespace)::Net::forward(at::Tensor)", "Net::forward"},
      {"void at::native::(anonymous namespace)::launch<float>(at::TensorIterator&)",
       "at::native::launch<…>"},
      // ABI tags and clones: how it was compiled, not another function.
      {"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > "
       "label[abi:cxx11](int)",
       "label"},
      {"train(int) [clone .cold]", "train"},
      {"step [clone .constprop.0] [clone .isra.0]", "step"},
      // Not a C++ name it can read: given back as it is.
      {"??", "??"},
      {"", ""},
      {"<module>", "<module>"},
      {"Model.forward", "Model.forward"},
      {"broken<int(", "broken<int("},
      {"void (*signal(int, void (*)(int)))(int)", "void (*signal(int, void (*)(int)))(int)"},
      {"f(int", "f(int"},
      {"a b c", "c"},
      {"trailing ", "trailing "},
  };
  for (const auto &c : cases)
    EXPECT_EQ(readableName(c.demangled), c.readable) << "for " << c.demangled;
}
