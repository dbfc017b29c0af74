// The offline symbolize step on this very test binary: a stack captured here with
// backtrace() must resolve to this file and line, through the module map and build-id
// read from memory and from disk. Needs addr2line (binutils) and -g, like real use.
#include "elf/Modules.h"
#include "symbolize/Symbolizer.h"

#include <gtest/gtest.h>

#include <execinfo.h>

using namespace hostsync::trace;

namespace {
int g_captureLine = 0;

__attribute__((noinline)) Stack captureHere() {
  void *pcs[16];
  g_captureLine = __LINE__ + 1;
  int n = backtrace(pcs, 16);
  Stack s;
  for (int i = 0; i < n; ++i)
    s.pcs.push_back(reinterpret_cast<uintptr_t>(pcs[i]));
  asm volatile("" ::: "memory"); // keep the call a call, not a tail call
  return s;
}
} // namespace

TEST(Modules, TheExecutableComesFirstWithTheBuildIdOfItsFile) {
  std::vector<Module> mods = loadedModules();
  ASSERT_FALSE(mods.empty());
  EXPECT_NE(mods[0].path.find("hostsync_trace_tests"), std::string::npos) << mods[0].path;
  EXPECT_FALSE(mods[0].build_id.empty());
  EXPECT_EQ(mods[0].build_id, buildIdOfFile(mods[0].path));
  const Module *m = moduleOf(mods, reinterpret_cast<uintptr_t>(&captureHere));
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->path, mods[0].path);
  EXPECT_EQ(buildIdOfFile("/nonexistent"), "");
  EXPECT_EQ(buildIdOfFile("/proc/self/cmdline"), ""); // not an ELF file
}

TEST(Symbolizer, ResolvesACapturedStackToThisFileAndLine) {
  Stack s = captureHere();
  Symbolizer sym(loadedModules(), {});
  std::vector<std::vector<Frame>> frames = sym.symbolize({s});
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_TRUE(sym.problems().empty());
  int user = firstUserFrame(frames[0]);
  ASSERT_GE(user, 0);
  const Frame &f = frames[0][user];
  EXPECT_NE(f.file.find("SymbolizeTest.cpp"), std::string::npos) << f.file;
  EXPECT_EQ(f.line, g_captureLine);
  EXPECT_NE(f.function.find("captureHere"), std::string::npos) << f.function;
  // The next user frame is the test body that called it.
  bool caller = false;
  for (size_t i = user + 1; i < frames[0].size(); ++i)
    caller |= frames[0][i].function.find("ResolvesACapturedStack") != std::string::npos;
  EXPECT_TRUE(caller);
}

TEST(Symbolizer, AModuleWithAnotherBuildIdIsNotTrusted) {
  Stack s = captureHere();
  std::vector<Module> mods = loadedModules();
  mods[0].build_id = "00112233"; // as if the binary was rebuilt after the run
  Symbolizer sym(mods, {});
  std::vector<std::vector<Frame>> frames = sym.symbolize({s});
  ASSERT_EQ(sym.problems().size(), 1u);
  EXPECT_NE(sym.problems()[0].find("build-id differs"), std::string::npos);
  for (const Frame &f : frames[0])
    EXPECT_EQ(f.file.find("SymbolizeTest.cpp"), std::string::npos);
}

TEST(Symbolizer, LibraryFramesAreTorchCudaRuntimeAndHeaders) {
  EXPECT_TRUE(isLibraryFrame("/x/lib/libtorch_cuda.so", ""));
  EXPECT_TRUE(isLibraryFrame("/usr/lib/x86_64-linux-gnu/libcudart.so.13", ""));
  EXPECT_TRUE(isLibraryFrame("/usr/lib/x86_64-linux-gnu/libc.so.6", ""));
  EXPECT_TRUE(isLibraryFrame("/v/lib/python3.12/site-packages/torch/_C.cpython-312.so", ""));
  EXPECT_TRUE(isLibraryFrame("/app/train", "/usr/include/ATen/core/TensorBody.h"));
  EXPECT_TRUE(isLibraryFrame("/app/train", "/usr/include/c++/12/bits/stl_vector.h"));
  EXPECT_FALSE(isLibraryFrame("/app/train", "/app/src/loss.cpp"));
  EXPECT_FALSE(isLibraryFrame("/app/libmymodel.so", "/app/src/model.cpp"));
}
