// The offline symbolize step on this very test binary: a stack captured here with
// backtrace() must resolve to this file and line, through the module map and build-id
// read from memory and from disk. Needs addr2line (binutils) and -g, like real use.
#include "elf/ProcessModules.h"
#include "symbolize/StallSites.h"
#include "symbolize/Symbolizer.h"
#include "io/TraceJson.h"
#include "symbolize/TraceStacks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <execinfo.h>
#include <unistd.h>

using namespace hostsync::trace;

// Clang links ASan's runtime into the executable (GCC loads libasan.so).
#if defined(__clang__)
#if __has_feature(address_sanitizer)
#define CLANG_ASAN_RUNTIME_IN_EXECUTABLE 1
#endif
#endif

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

// trace.json's "modules", as the traced process writes them.
nlohmann::ordered_json modulesJson(const std::vector<Module> &mods) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Module &mod : mods) {
    char base[24];
    std::snprintf(base, sizeof base, "0x%llx", static_cast<unsigned long long>(mod.base));
    list.push_back(
        {{"path", mod.path}, {"base", base}, {"size", mod.size}, {"build_id", mod.build_id}});
  }
  return list;
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
  EXPECT_NE(sym.problems()[0].why.find("build-id differs"), std::string::npos);
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
  // A sanitizer's interceptors, shared (GCC) or linked in (Clang): scripts/test.sh --sanitize
  // captures this test's own stacks through ASan's backtrace().
  EXPECT_TRUE(isLibraryFrame("/usr/lib/x86_64-linux-gnu/libasan.so.8", ""));
  EXPECT_TRUE(
      isLibraryFrame("/app/train", "/src/sanitizer_common/sanitizer_common_interceptors.inc"));
  EXPECT_FALSE(isLibraryFrame("/app/train", "/app/src/loss.cpp"));
  EXPECT_FALSE(isLibraryFrame("/app/libmymodel.so", "/app/src/model.cpp"));
}

// Call sites: named by the first address in the user's own module at exit, by file:line
// for the summary, and regrouped by line once the trace is symbolized.
TEST(StallSites, StallsFromOneCallShareASiteNamedByAddressThenByLine) {
  TraceModel m;
  m.modules = loadedModules();
  m.stacks.push_back(captureHere());
  Stack onlyLibrary;
  // A libc function no sanitizer intercepts: a Clang ASan build links its interceptors
  // (backtrace's among them) into the test executable itself.
  const Module *libc = moduleOf(m.modules, reinterpret_cast<uintptr_t>(&::getpid));
  ASSERT_NE(libc, nullptr);
  onlyLibrary.pcs.push_back(reinterpret_cast<uintptr_t>(&::getpid));
  m.stacks.push_back(onlyLibrary);
  for (int stack : {0, 0, 1, -1}) {
    ApiCall a;
    a.name = m.intern("cudaMemcpy");
    a.stack = stack;
    m.api.push_back(a);
  }
  std::map<uint32_t, uint64_t> addresses = assignStallSites(m);
  ASSERT_EQ(addresses.size(), 1u);
  EXPECT_NE(m.api[0].site, 0u);
  EXPECT_EQ(m.api[0].site, m.api[1].site);
  EXPECT_EQ(m.name(m.api[0].site).rfind("hostsync_trace_tests+0x", 0), 0u) << m.name(m.api[0].site);
  EXPECT_EQ(m.api[2].site, 0u); // library frames only: the API name stands in
  EXPECT_EQ(m.api[3].site, 0u);

#ifdef CLANG_ASAN_RUNTIME_IN_EXECUTABLE
  // Clang links ASan's runtime into the executable: the stack starts in backtrace()'s
  // interceptor there, which names the site by address; only symbolize (by file) tells it
  // from the program's code, so the summary's line at exit is not this one.
  GTEST_SKIP() << "the at-exit line under Clang's ASan (docs/contributing.md)";
#endif
  SiteCost top;
  top.site = m.api[0].site;
  std::map<uint32_t, std::string> lines = siteLines(m, {top}, addresses, 5, {});
  ASSERT_EQ(lines.count(top.site), 1u);
  EXPECT_NE(lines[top.site].find("SymbolizeTest.cpp:" + std::to_string(g_captureLine)),
            std::string::npos)
      << lines[top.site];
  EXPECT_NE(lines[top.site].find("captureHere"), std::string::npos);
}

// A header function the compiler did not inline (at::Tensor::to) is code of the program's
// own module, one return address for every line that calls it: its callers' addresses tell
// the lines apart (an H200 run counted four lines' .to(device) at one).
TEST(StallSites, LinesThatCallOneOutOfLineHeaderFunctionAreSitesApart) {
  TraceModel m;
  m.modules = loadedModules();
  Stack here = captureHere(); // [captureHere's call, this test's line, ...]: user frames
  ASSERT_GE(here.pcs.size(), 2u);
  uint64_t header = here.pcs[0], caller = here.pcs[1];
  const Module *libc = moduleOf(m.modules, reinterpret_cast<uintptr_t>(&::getpid));
  ASSERT_NE(libc, nullptr);
  uint64_t library = reinterpret_cast<uintptr_t>(&::getpid);
  m.stacks.push_back({{library, header, caller}, {}});     // line A
  m.stacks.push_back({{library, header, caller + 4}, {}}); // line B, through the same function
  m.stacks.push_back({{library, header, caller}, {}});     // line A again
  for (int stack : {0, 1, 2}) {
    ApiCall a;
    a.name = m.intern("cudaStreamSynchronize");
    a.stack = stack;
    m.api.push_back(a);
  }
  std::map<uint32_t, uint64_t> addresses = assignStallSites(m);
  EXPECT_NE(m.api[0].site, m.api[1].site) << m.name(m.api[0].site);
  EXPECT_EQ(m.api[0].site, m.api[2].site);
  EXPECT_EQ(addresses.size(), 2u);
  EXPECT_EQ(addresses[m.api[0].site], header); // the summary's line: the first address
  std::string name = m.name(m.api[1].site);
  EXPECT_EQ(std::count(name.begin(), name.end(), '<'), 1) << name; // two user frames
}

TEST(StallSites, SymbolizingATraceRenamesItsSitesAndRebuildsTheTable) {
  Stack s = captureHere();
  nlohmann::ordered_json doc;
  doc["modules"] = modulesJson(loadedModules());
  doc["stacks"] = {{{"pcs", s.pcs}}};
  // Two stalls of the captured call (as if from two addresses of it) and one without a stack.
  doc["stalls"] = {{{"site", "a+0x1"},
                    {"stack", 0},
                    {"start_ns", 100},
                    {"end_ns", 400},
                    {"bytes", 4},
                    {"idle_charged_ns", 50}},
                   {{"site", "a+0x2"},
                    {"stack", 0},
                    {"start_ns", 500},
                    {"end_ns", 600},
                    {"bytes", 4},
                    {"idle_charged_ns", 0}},
                   {{"site", "cudaStreamSynchronize"},
                    {"stack", -1},
                    {"start_ns", 700},
                    {"end_ns", 1700},
                    {"bytes", 0},
                    {"idle_charged_ns", 0}}};
  symbolizeTraceDoc(doc, {});
  const auto &sites = doc["sites"];
  ASSERT_EQ(sites.size(), 2u);
  std::string line = "SymbolizeTest.cpp:" + std::to_string(g_captureLine);
  EXPECT_NE(sites[0]["site"].get<std::string>().find(line), std::string::npos) << sites;
  EXPECT_EQ(sites[0]["count"], 2);
  EXPECT_EQ(sites[0]["stall_ns"], 400);
  EXPECT_EQ(sites[0]["idle_charged_ns"], 50);
  EXPECT_EQ(sites[0]["bytes"], 8);
  EXPECT_EQ(sites[1]["site"], "cudaStreamSynchronize");
  EXPECT_EQ(doc["stalls"][1]["site"], sites[0]["site"]);
}

// A sync in autograd's backward tied to its forward op (autograd/AutogradLink.h): the forward
// op's native stack is symbolized too, and the site is the forward line, marked as its backward.
TEST(StallSites, ABackwardSyncIsNamedByItsForwardLine) {
  Stack forward = captureHere();
  nlohmann::ordered_json doc;
  doc["modules"] = modulesJson(loadedModules());
  nlohmann::ordered_json libraryOnly = nlohmann::ordered_json::array({"0x10"});
  doc["stacks"] = {{{"pcs", libraryOnly},
                    {"backward",
                     {{"node", "IndexBackward0"},
                      {"op", "aten::index"},
                      {"pcs", forward.pcs},
                      {"python", nlohmann::ordered_json::array()}}}}};
  doc["stalls"] = {{{"site", "cudaStreamSynchronize"},
                    {"stack", 0},
                    {"start_ns", 100},
                    {"end_ns", 400},
                    {"bytes", 4},
                    {"idle_charged_ns", 50}}};
  symbolizeTraceDoc(doc, {});
  const auto &backward = doc["stacks"][0]["backward"];
  ASSERT_TRUE(backward.contains("frames"));
  EXPECT_GE(backward["user_frame"].get<int>(), 0);
  std::string site = doc["sites"][0]["site"];
  EXPECT_NE(site.find("SymbolizeTest.cpp:" + std::to_string(g_captureLine)), std::string::npos)
      << site;
  EXPECT_NE(site.find(" (backward of aten::index)"), std::string::npos) << site;
}

// A folded run lists only its costliest stalls: the table is its sites (with their stall
// lengths) merged by line, whatever the list holds.
TEST(StallSites, AFoldedTracesSitesOfOneLineMergeWithTheirLengths) {
  Stack s = captureHere();
  nlohmann::ordered_json doc;
  doc["modules"] = modulesJson(loadedModules());
  doc["stacks"] = {{{"pcs", s.pcs}}};
  doc["stalls"] = {{{"site", "a+0x1"}, {"stack", 0}, {"start_ns", 100}, {"end_ns", 400000}}};
  SiteCost a, b, c;
  for (Ns length : {400000, 30000, 30000})
    a.lengths.add(length);
  for (Ns length : {20000, 20000})
    b.lengths.add(length);
  c.lengths.add(90000);
  auto site = [](const char *name, SiteCost &x, int stack, Ns idle) {
    x.count = x.lengths.count();
    x.stall_ns = x.lengths.total();
    x.stack = stack;
    x.idle_charged_ns = idle;
    return siteJson(name, x);
  };
  doc["sites"] = {site("a+0x1", a, 0, 50), site("a+0x2", b, 0, 0),
                  site("cudaStreamSynchronize", c, -1, 0)};
  symbolizeTraceDoc(doc, {});
  const auto &sites = doc["sites"];
  ASSERT_EQ(sites.size(), 2u) << sites;
  std::string line = "SymbolizeTest.cpp:" + std::to_string(g_captureLine);
  EXPECT_NE(sites[0]["site"].get<std::string>().find(line), std::string::npos) << sites;
  EXPECT_EQ(sites[0]["count"], 5); // not the one stall listed
  EXPECT_EQ(sites[0]["stall_ns"], 500000);
  EXPECT_EQ(sites[0]["idle_charged_ns"], 50);
  EXPECT_EQ(sites[0]["p99_ns"], 400000);
  EXPECT_NEAR(sites[0]["p50_ns"].get<double>(), 30000, 30000 * 0.023);
  EXPECT_EQ(sites[1]["site"], "cudaStreamSynchronize");
  // Lengths that do not add up to the count: named, not read as they are.
  doc["sites"][1]["count"] = 7;
  EXPECT_THROW(symbolizeTraceDoc(doc, {}), std::exception);
}

// Symbolized where the binaries are, then again where the test binary "is missing": the
// frames of the first run stay, address by address, and the one line about the binary says
// so; nothing is counted unresolved.
TEST(StallSites, SymbolizingAgainWithoutTheBinaryKeepsTheFrames) {
  Stack s = captureHere();
  std::vector<Module> mods = loadedModules();
  nlohmann::ordered_json doc;
  doc["modules"] = modulesJson(mods);
  doc["stacks"] = {{{"pcs", s.pcs}}};
  doc["stalls"] = {{{"site", "a+0x1"}, {"stack", 0}, {"start_ns", 100}, {"end_ns", 400}}};
  ASSERT_TRUE(symbolizeTraceDoc(doc, {}).problems.empty());
  nlohmann::ordered_json first = doc["stacks"][0];
  ASSERT_GE(first["user_frame"].get<int>(), 0);

  doc["modules"][0]["path"] = "/nonexistent/" + baseName(mods[0].path);
  SymbolizeOutcome again = symbolizeTraceDoc(doc, {});
  ASSERT_EQ(again.problems.size(), 1u);
  EXPECT_NE(again.problems[0].find(": not found; its "), std::string::npos) << again.problems[0];
  EXPECT_EQ(again.unresolved, 0u);
  EXPECT_GT(again.kept, 0u);
  EXPECT_EQ(doc["stacks"][0]["frames"], first["frames"]);
  EXPECT_EQ(doc["stacks"][0]["user_frame"], first["user_frame"]);
}

// --relative-to: paths under the directory are written relative to it, others stay.
TEST(RelativeTo, PathsUnderTheDirectoryOnly) {
  EXPECT_EQ(relativePath("/cluster/job/src/loss.cpp", "/cluster/job"), "src/loss.cpp");
  EXPECT_EQ(relativePath("/cluster/job/src/loss.cpp", "/cluster/job/"), "src/loss.cpp");
  EXPECT_EQ(relativePath("/cluster/job", "/cluster/job"), ".");
  EXPECT_EQ(relativePath("/cluster/jobs/loss.cpp", "/cluster/job"), "/cluster/jobs/loss.cpp");
  EXPECT_EQ(relativePath("/usr/include/c++/12/bits/stl_vector.h", "/cluster/job"),
            "/usr/include/c++/12/bits/stl_vector.h");
  EXPECT_EQ(relativePath("", "/cluster/job"), "");
  EXPECT_EQ(relativePath("/cluster/job/a.cpp", ""), "/cluster/job/a.cpp");
  // Debug info of a build given relative source paths (ccache's CCACHE_BASEDIR).
  EXPECT_EQ(relativePath("/cluster/job/build/../src/loss.cpp", "/cluster/job"), "src/loss.cpp");
  EXPECT_EQ(relativePath("/cluster/job/./src/loss.cpp", "/cluster/job/build/.."), "src/loss.cpp");
  EXPECT_EQ(relativePath("/cluster/job/../other/a.cpp", "/cluster/job"),
            "/cluster/job/../other/a.cpp");
  EXPECT_EQ(relativeCommand("/w/build/train --data=/w/data /w/cfg.yaml -n 3 /tmp/x", "/w"),
            "build/train --data=data cfg.yaml -n 3 /tmp/x");
  EXPECT_EQ(relativeCommand("python3 train.py", "/w"), "python3 train.py");
}

// A trace symbolized with relative_to = the source tree: this file's frames, the sites named
// by them, the test binary's module (when built inside the tree) and the command line come
// out relative; the system libraries' paths are kept.
TEST(RelativeTo, SymbolizingATraceWritesRepositoryRelativePaths) {
  // The checkout, from the build: __FILE__ may be relative to the build folder (ccache's
  // CCACHE_BASEDIR compiles "../tests/..."), and then so is the debug info's file name
  // ("<build>/../tests/..."), which relative_to must still see under the root.
  const std::string root = HOSTSYNC_SOURCE_ROOT;
  const std::string tail = "tests/unit/trace/SymbolizeTest.cpp";

  Stack s = captureHere();
  std::vector<Module> mods = loadedModules();
  nlohmann::ordered_json doc;
  doc["process"] = {{"pid", 1}, {"command", mods[0].path + " --out=" + root + "/x.json"}};
  doc["modules"] = modulesJson(mods);
  doc["stacks"] = {{{"pcs", s.pcs}}};
  doc["stalls"] = {{{"site", "a+0x1"}, {"stack", 0}, {"start_ns", 100}, {"end_ns", 400}}};
  SymbolizeOptions options;
  options.relative_to = root;
  EXPECT_TRUE(symbolizeTraceDoc(doc, options).problems.empty());

  const auto &stack = doc["stacks"][0];
  int user = stack["user_frame"];
  ASSERT_GE(user, 0);
  EXPECT_EQ(stack["frames"][user]["file"], tail);
  std::string line = tail + ":" + std::to_string(g_captureLine);
  EXPECT_NE(doc["sites"][0]["site"].get<std::string>().find(" " + line), std::string::npos)
      << doc["sites"];
  EXPECT_EQ(doc["stalls"][0]["site"], doc["sites"][0]["site"]);
  EXPECT_EQ(doc["process"]["command"], relativePath(mods[0].path, root) + " --out=x.json");
  EXPECT_EQ(doc["modules"][0]["path"], relativePath(mods[0].path, root));
  EXPECT_EQ(stack["frames"][user]["module"], relativePath(mods[0].path, root));
  for (const auto &m : doc["modules"]) {
    std::string p = m["path"];
    EXPECT_TRUE(p.rfind(root + "/", 0) != 0) << p; // nothing under the root stays absolute
  }
  // A library outside the tree (libc, where getpid() lives) keeps its absolute path.
  const Module *libc = moduleOf(mods, reinterpret_cast<uintptr_t>(&::getpid));
  ASSERT_NE(libc, nullptr);
  bool kept = false;
  for (const auto &m : doc["modules"])
    kept |= m["path"] == libc->path;
  EXPECT_TRUE(kept) << libc->path;
}
