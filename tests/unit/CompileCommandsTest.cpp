// How compile commands are made fit for Clang: nvcc's translated, unknown flags dropped
// and counted, --remove-arg globs, CUDA files switched to CUDA host-side parsing.
#include "commands/CompileCommands.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace hostsync;
using Args = clang::tooling::CommandLineArguments;

namespace {
bool has(const Args &A, const std::string &Flag) {
  return std::find(A.begin(), A.end(), Flag) != A.end();
}
CudaSetup standIn() { return CudaSetup{"/usr/local/cuda", "", "test"}; } // toolkit too new
} // namespace

TEST(CompileCommands, NvccFlagsBecomeClangFlags) {
  Args Out =
      translateNvcc({"/usr/local/cuda/bin/nvcc", "-gencode", "arch=compute_80,code=sm_80",
                     "--expt-relaxed-constexpr", "-Xcompiler", "-fPIC,-Wall", "--std=c++17", "-x",
                     "cu", "-arch=sm_90", "-Iinc", "-DX=1", "-c", "k.cu", "-o", "k.o"});
  Args Want = {"clang++", "-fPIC", "-Wall", "-std=c++17", "-Iinc",
               "-DX=1",   "-c",    "k.cu",  "-o",         "k.o"};
  EXPECT_EQ(Out, Want);
}

TEST(CompileCommands, UnknownFlagsAreDroppedAndCounted) {
  CommandAdjuster A({{}, {}, {}, CudaSetup{}, {}});
  Args Out = A.adjust({"g++", "-std=c++17", "-fconcepts-diagnostics-depth=2", "-O2", "-c", "a.cpp"},
                      "a.cpp");
  EXPECT_FALSE(has(Out, "-fconcepts-diagnostics-depth=2"));
  EXPECT_TRUE(has(Out, "-O2"));
  EXPECT_TRUE(has(Out, "a.cpp"));
  A.adjust({"g++", "-fconcepts-diagnostics-depth=2", "-c", "b.cpp"}, "b.cpp");
  ASSERT_EQ(A.droppedNotes().size(), 1u);
  EXPECT_EQ(A.droppedNotes()[0],
            "flag '-fconcepts-diagnostics-depth=2' (unknown to Clang) dropped from 2 commands");
}

TEST(CompileCommands, RemoveArgTakesGlobsAndExtraArgsAreAdded) {
  CommandAdjuster A({{"-DLATE"}, {"-DEARLY"}, {"-Werror*", "-DDROP"}, CudaSetup{}, {}});
  Args Out = A.adjust({"clang++", "-Werror=format", "-DDROP", "-DKEEP", "-c", "a.cpp"}, "a.cpp");
  EXPECT_FALSE(has(Out, "-Werror=format"));
  EXPECT_FALSE(has(Out, "-DDROP"));
  EXPECT_TRUE(has(Out, "-DKEEP"));
  ASSERT_GE(Out.size(), 2u);
  EXPECT_EQ(Out[1], "-DEARLY");
  EXPECT_TRUE(has(Out, "-DLATE"));
}

TEST(CompileCommands, CudaFilesParseAsCudaHostCode) {
  CommandAdjuster A({{}, {}, {}, standIn(), {}});
  Args Out = A.adjust(
      {"clang-tool", "-xc++", "-std=c++17", "-isystem/usr/local/cuda/include", "k.cu"}, "k.cu");
  EXPECT_EQ(Out[1], "-xcuda");
  EXPECT_TRUE(has(Out, "--cuda-host-only"));
  EXPECT_FALSE(has(Out, "-xc++"));
  // The stand-in replaces the toolkit's headers, which would clash with it.
  EXPECT_TRUE(has(Out, "-nocudainc"));
  EXPECT_FALSE(has(Out, "-isystem/usr/local/cuda/include"));
  Args Cpp = A.adjust({"clang-tool", "-xc++", "a.cpp"}, "a.cpp");
  EXPECT_FALSE(has(Cpp, "--cuda-host-only"));
}

TEST(CompileCommands, InferredRootsNearestFirst) {
  CommandAdjuster A({{}, {}, {}, CudaSetup{}, {"/p/a/include", "/p/b/include"}});
  Args Out = A.adjust({"clang-tool", "/p/b/src/main.cpp"}, "/p/b/src/main.cpp");
  auto First = std::find_if(Out.begin(), Out.end(),
                            [](const std::string &A) { return A.rfind("-I", 0) == 0; });
  ASSERT_NE(First, Out.end());
  EXPECT_EQ(*First, "-I/p/b/include");
}
