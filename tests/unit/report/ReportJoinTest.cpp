// The report's join, rule guessing, path matching and gates on small hand-built inputs:
// each test states the case it pins (no match, two stalls on one line, a header used by
// many TUs, several ranks...).
#include "gates/Gates.h"
#include "join/Join.h"
#include "join/Paths.h"
#include "join/RuleGuess.h"
#include "analysis/Stalls.h"
#include "model/ApiRegistry.h"
#include "rules/Catalog.h"

#include "../trace/TraceBuilder.h"

#include <gtest/gtest.h>

using namespace hostsync::report;

namespace {
using hostsync::trace::testing::ms;

StaticFinding finding(const std::string &rule, const std::string &file, int line,
                      const std::string &function = "train", const std::string &rank = "hot") {
  StaticFinding f;
  f.rule = rule;
  f.file = file;
  f.line = line;
  f.function = function;
  f.rank = rank;
  return f;
}

TracedStall stall(const std::string &file, int line, Ns length, Ns idle,
                  const std::string &function = "train") {
  TracedStall s;
  s.api = "cudaStreamSynchronize";
  s.cls = "device_to_host_copy";
  s.start = 10 * ms;
  s.end = s.start + length;
  s.idle_ns = idle;
  s.user = {file, line, function};
  s.guessed_rule = "hostsync-item";
  return s;
}

// The tracer's site of one sync: as a trace written before phases lists it.
TracedSite siteOf(const TracedStall &s) {
  TracedSite t;
  t.sample = s;
  t.count = t.waited = 1;
  t.stall_ns = s.length();
  t.idle_ns = s.idle_ns;
  t.lengths.add(s.length());
  return t;
}

TracedRun run(const std::string &label, std::vector<TracedStall> stalls) {
  TracedRun r;
  r.label = label;
  r.window_ns = 100 * ms;
  r.gpu_window_ns = 100 * ms;
  r.gpu_busy_ns = 60 * ms;
  for (const TracedStall &s : stalls) {
    r.stall_ns += s.length();
    r.bubble_ns += s.idle_ns;
    r.sites.push_back(siteOf(s));
  }
  r.stalls = std::move(stalls);
  return r;
}

Report twoRuns() {
  Report r;
  r.has_lint = r.has_trace = true;
  r.findings = {finding("hostsync-item", "/src/app/train.cpp", 42),
                finding("hostsync-nonzero", "/src/app/train.cpp", 50, "Loss::forward"),
                finding("hostsync-unique", "/src/app/train.cpp", 90, "eval", "cold"),
                finding("hostsync-item", "/src/app/include/loss.h", 10, "masked_mean")};
  r.analysed_files = {"/src/app/train.cpp"};
  // Rank 0 ran on another machine: its paths are under /gpu/work, not /src.
  r.runs = {run("rank 0", {stall("/gpu/work/app/train.cpp", 42, 3 * ms, 2 * ms),
                           stall("/gpu/work/app/train.cpp", 42, 1 * ms, 1 * ms),
                           stall("/gpu/work/app/train.cpp", 55, 2 * ms, 0, "forward"),
                           stall("/gpu/work/app/include/loss.h", 10, 1 * ms, 0, "masked_mean")}),
            run("rank 1", {stall("/src/app/train.cpp", 42, 2 * ms, 4 * ms),
                           stall("/src/app/include/loss.h", 10, 1 * ms, 0, "masked_mean"),
                           stall("/src/app/other.cpp", 7, 5 * ms, 0, "helper")})};
  TracedStall lib;
  lib.api = "cudaStreamSynchronize";
  lib.cls = "device_to_host_copy";
  lib.start = 0;
  lib.end = 1 * ms;
  lib.first_library_fn = "at::native::nonzero_cuda";
  lib.guessed_rule = "hostsync-nonzero";
  lib.stack_state = TracedStall::StackState::Resolved; // symbolized: every frame in LibTorch
  r.runs[1].stalls.push_back(lib);
  r.runs[1].sites.push_back(siteOf(lib));
  return r;
}

const Site *siteAt(const Report &r, const std::string &file, int line) {
  for (const Site &s : r.sites)
    if (s.where.file == file && s.where.line == line)
      return &s;
  return nullptr;
}
} // namespace

TEST(Paths, RelativeToTheRootAndMatchedByTheLongestTail) {
  EXPECT_EQ(relativeTo("/src/app/train.cpp", "/src/app/"), "train.cpp");
  EXPECT_EQ(relativeTo("/srcx/train.cpp", "/src"), "/srcx/train.cpp");
  std::vector<std::string> known = {"app/train.cpp", "lib/train.cpp", "app/util.cpp"};
  EXPECT_EQ(matchKnownFile("/gpu/w/app/train.cpp", known), "app/train.cpp");
  EXPECT_EQ(matchKnownFile("/gpu/w/other/train.cpp", known), "/gpu/w/other/train.cpp") << "tie";
  EXPECT_EQ(matchKnownFile("/gpu/w/app/none.cpp", known), "/gpu/w/app/none.cpp");
}

TEST(RuleGuess, TheOutermostLibTorchOpDecidesElseTheStallClass) {
  std::string matched;
  // Innermost first: a boolean-mask index calls nonzero inside; the program called index.
  EXPECT_EQ(guessRule({"cudaMemcpyAsync", "at::native::nonzero_cuda(at::Tensor const&)",
                       "at::native::index(at::Tensor const&, ...)", "at::Tensor::index(...) const"},
                      "cudaStreamSynchronize", "device_to_host_copy", &matched),
            "hostsync-bool-mask-index");
  EXPECT_EQ(matched, "at::Tensor::index");
  EXPECT_EQ(guessRule({"at::native::_local_scalar_dense_cuda(at::Tensor const&)",
                       "float at::Tensor::item<float>() const"},
                      "cudaStreamSynchronize", "device_to_host_copy"),
            "hostsync-item");
  // In one frame the longest name wins: is_nonzero is item()'s, not nonzero's.
  EXPECT_EQ(guessRule({"at::native::is_nonzero(at::Tensor const&)"}, "", ""), "hostsync-item");
  EXPECT_EQ(guessRule({"at::print(std::ostream&, at::Tensor const&, long)",
                       "at::operator<<(std::ostream&, at::Tensor const&)"},
                      "cudaStreamSynchronize", "device_to_host_copy"),
            "hostsync-print-tensor");
  EXPECT_EQ(guessRule({"main"}, "cudaMemcpyAsync", "host_to_device_copy"),
            "hostsync-host-to-device-copy");
  EXPECT_EQ(guessRule({}, "cudaStreamSynchronize", "explicit_sync"), "hostsync-explicit-sync");
  EXPECT_EQ(guessRule({}, "cudaFoo", "a_class_of_a_newer_tracer"), "hostsync-explicit-sync");
  // No rule names an op of the stack: the call decides, and the outermost library function
  // is still the op the user called (the report's "library site").
  EXPECT_EQ(guessRule({"at::native::copy_kernel_cuda(...)", "at::native::copy_(...)",
                       "at::Tensor::contiguous(...) const", "main"},
                      "cudaStreamSynchronize", "explicit_sync", &matched),
            "hostsync-explicit-sync");
  EXPECT_EQ(matched, "at::Tensor::contiguous");
  EXPECT_EQ(guessRule({"main"}, "cudaStreamSynchronize", "explicit_sync", &matched),
            "hostsync-explicit-sync");
  EXPECT_EQ(matched, "");
  EXPECT_EQ(bareFunctionName("void at::native::f<bool>(at::Tensor const&)"), "at::native::f<bool>");
  EXPECT_EQ(bareFunctionName("float thrust::reference<float>::operator float() const"),
            "thrust::reference<float>::operator float");
  // Parentheses that open no parameter list.
  EXPECT_EQ(bareFunctionName("(anonymous namespace)::Net::forward(at::Tensor)"),
            "(anonymous namespace)::Net::forward");
  EXPECT_EQ(bareFunctionName("Net::operator()(at::Tensor) const"), "Net::operator()");
}

TEST(RuleGuess, RawCudaAndThrustStallsNameTheirRules) {
  EXPECT_EQ(guessRule({"main"}, "cudaFree", "implicit_sync"), "hostsync-cuda-implicit-sync");
  EXPECT_EQ(guessRule({}, "cudaHostUnregister", "implicit_sync"), "hostsync-cuda-implicit-sync");
  EXPECT_EQ(guessRule({"main"}, "cudaMemcpy", "device_to_host_copy"),
            "hostsync-cuda-blocking-copy");
  // A pageable "async" copy: the raw CUDA rule from the program's own code; LibTorch's
  // .to(device) of a pageable tensor is the LibTorch rule's.
  EXPECT_EQ(guessRule({"copy_rows(float*)", "main"}, "cudaMemcpyAsync", "pageable_copy"),
            "hostsync-cuda-pageable-async-copy");
  EXPECT_EQ(guessRule({"at::native::copy_(at::Tensor&, at::Tensor const&, bool)",
                       "at::Tensor::to(c10::Device, bool, bool) const", "main"},
                      "cudaMemcpyAsync", "pageable_copy"),
            "hostsync-host-to-device-copy");
  std::string matched;
  EXPECT_EQ(guessRule({"thrust::THRUST_200500_SM_90_NS::cuda_cub::reduce<...>(...)",
                       "float thrust::THRUST_200500_SM_90_NS::reduce<...>(...)", "main"},
                      "cudaStreamSynchronize", "device_to_host_copy", &matched),
            "hostsync-thrust-host-result");
  EXPECT_EQ(matched, "thrust::THRUST_200500_SM_90_NS::reduce<...>");
  // An algorithm whose result stays on the device: the synchronous policy's rule.
  EXPECT_EQ(guessRule({"thrust::THRUST_200500_SM_90_NS::cuda_cub::synchronize(...)",
                       "void thrust::THRUST_200500_SM_90_NS::transform<...>(...)", "main"},
                      "cudaStreamSynchronize", "explicit_sync"),
            "hostsync-thrust-sync-policy");
}

TEST(RuleGuess, EveryStallTheTracerRecordsMapsToACatalogRule) {
  const hostsync::Catalog &catalog = hostsync::Catalog::embedded();
  for (hostsync::trace::StallClass c : hostsync::trace::AllStallClasses) {
    std::string cls = hostsync::trace::stallClassName(c);
    // Each class is some rule's own, not the fallback for what nothing matched.
    bool named = false;
    for (const hostsync::RuleInfo &r : catalog.rules())
      for (const hostsync::RuleInfo::StallSignature &s : r.Stalls)
        for (const std::string &k : s.Classes)
          named |= k == cls && s.Apis.empty();
    EXPECT_TRUE(named) << "no rule names the stall class " << cls;
    for (const std::string &api : hostsync::trace::syncRelevantApis())
      EXPECT_NE(catalog.find(guessRule({}, api, cls)), nullptr) << api << " " << cls;
  }
  // The calls that wait for the device as a side effect are the implicit-sync rule's.
  for (const std::string &api : hostsync::trace::syncRelevantApis())
    if (hostsync::trace::roleOf(api) == hostsync::trace::ApiRole::ImplicitSync)
      EXPECT_EQ(guessRule({}, api, "implicit_sync"), "hostsync-cuda-implicit-sync") << api;
  // Every rule can be told from a stall, or says why not.
  for (const hostsync::RuleInfo &r : catalog.rules())
    EXPECT_TRUE(!r.NoStalls.empty() || !r.Stalls.empty()) << r.Id;
}

TEST(Join, SitesMatchByLineThenFunctionAndTheRestIsExplained) {
  Report r = twoRuns();
  joinReport(r, {"/src"});
  // Two stalls on one line, from two ranks (one on another machine): one site.
  const Site *item = siteAt(r, "app/train.cpp", 42);
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(item->count, 3u);
  EXPECT_EQ(item->stall_ns, 6 * ms);
  EXPECT_EQ(item->idle_ns, 7 * ms);
  EXPECT_NEAR(item->p50_ns, 2 * ms, 0.023 * 2 * ms); // the sites' histograms, merged
  EXPECT_EQ(item->runs, (std::vector<std::string>{"rank 0", "rank 1"}));
  EXPECT_EQ(item->matched_by, "line");
  EXPECT_EQ(r.findings[item->finding].rule, "hostsync-item");
  EXPECT_EQ(&r.sites[0], item) << "the most GPU idle comes first";
  // Inlined or moved code: same function, another line.
  const Site *fwd = siteAt(r, "app/train.cpp", 55);
  ASSERT_NE(fwd, nullptr);
  EXPECT_EQ(fwd->matched_by, "function");
  EXPECT_EQ(r.findings[fwd->finding].rule, "hostsync-nonzero");
  // A finding in a header many TUs include: every run's stall there meets it.
  const Site *header = siteAt(r, "app/include/loss.h", 10);
  ASSERT_NE(header, nullptr);
  EXPECT_EQ(header->count, 2u);
  EXPECT_EQ(header->matched_by, "line");
  // Missed statically: code not analysed, and a library with no user frame.
  const Site *other = siteAt(r, "app/other.cpp", 7);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->finding, -1);
  EXPECT_NE(other->missed_reason.find("not analysed"), std::string::npos);
  bool library = false;
  for (const Site &s : r.sites)
    if (s.library_site == "at::native::nonzero_cuda") {
      library = true;
      EXPECT_NE(s.missed_reason.find("in a library"), std::string::npos);
      EXPECT_EQ(s.rule, "hostsync-nonzero");
    }
  EXPECT_TRUE(library);
  // Cold: the eval-only unique.
  ASSERT_EQ(r.cold_findings.size(), 1u);
  EXPECT_EQ(r.findings[r.cold_findings[0]].rule, "hostsync-unique");
  // Headline over both runs.
  EXPECT_DOUBLE_EQ(r.headline.gpu_busy_pct, 60.0);
  EXPECT_DOUBLE_EQ(r.headline.lost_to_sync_pct, 100.0 * 7 / 200);
}

TEST(Join, ALibrarySiteSaysWhyItHasNoUserFrame) {
  Report r;
  r.has_trace = true;
  TracedStall none, unresolved;
  none.api = unresolved.api = "cudaStreamSynchronize";
  none.end = unresolved.end = 1 * ms;
  unresolved.first_library_fn = "at::native::nonzero_cuda";
  unresolved.stack_state = TracedStall::StackState::Unresolved;
  r.runs = {run("pid 1", {none, unresolved})};
  joinReport(r, {"/src"});
  ASSERT_EQ(r.sites.size(), 2u);
  for (const Site &s : r.sites)
    EXPECT_NE(s.missed_reason.find(s.library_site == "cudaStreamSynchronize"
                                       ? "no call stack was captured"
                                       : "could not be symbolized"),
              std::string::npos)
        << s.library_site << ": " << s.missed_reason;
}

TEST(Join, AKnownFileWithoutAFindingIsAnUnknownOp) {
  Report r;
  r.has_lint = r.has_trace = true;
  r.analysed_files = {"/src/a.cpp"};
  r.runs = {run("pid 1", {stall("/src/a.cpp", 3, 1 * ms, 0)})};
  joinReport(r, {"/src"});
  ASSERT_EQ(r.sites.size(), 1u);
  EXPECT_NE(r.sites[0].missed_reason.find("do not know"), std::string::npos);
}

TEST(Join, TheHeadlinesOverlapIsTheSteadyPartsWhereARunHasOne) {
  Report r;
  r.has_trace = true;
  // Start-up loaded data on a second stream under kernels; the steps run on one stream.
  TracedRun phased = run("pid 1", {});
  phased.multi_stream_pct = 60;
  phased.copy_under_compute_pct = 90;
  phased.phases_how = "launches";
  RunPhase &steady = phased.phases[SteadyPhase];
  steady.gpu_busy_ns = steady.gpu_time_ns = 40 * ms;
  steady.multi_stream_ns = 4 * ms;
  steady.copy_ns = 10 * ms;
  steady.copy_under_compute_ns = 1 * ms;
  r.runs = {phased};
  joinReport(r, {"/src"});
  EXPECT_DOUBLE_EQ(r.headline.multi_stream_pct, 10.0);
  EXPECT_DOUBLE_EQ(r.headline.copy_overlap_pct, 10.0);
  // A trace written before the phases had their overlap: the whole run's shares.
  Report old;
  old.has_trace = true;
  phased.phases[SteadyPhase].multi_stream_ns = -1;
  old.runs = {phased};
  joinReport(old, {"/src"});
  EXPECT_DOUBLE_EQ(old.headline.multi_stream_pct, 60.0);
  EXPECT_DOUBLE_EQ(old.headline.copy_overlap_pct, 90.0);
}

TEST(Join, NewFindingsAreThoseTheBaselineLacks) {
  Report r = twoRuns();
  joinReport(r, {"/src"});
  std::vector<StaticFinding> baseline = {finding("hostsync-item", "/src/app/train.cpp", 42),
                                         finding("hostsync-unique", "/src/app/train.cpp", 90)};
  EXPECT_EQ(countNewFindings(r, baseline, {"/src"}), 2u);
  EXPECT_EQ(countNewFindings(r, {}, {"/src"}), 4u);
}

TEST(Gates, ParseEvaluateAndExplain) {
  Report r = twoRuns();
  joinReport(r, {"/src"});
  Gate g;
  std::string error;
  ASSERT_TRUE(parseGate("lost_to_sync > 3%", g, error)) << error;
  EXPECT_EQ(evaluateGate(g, r), "gate 'lost_to_sync > 3%' tripped: lost_to_sync is 3.5%");
  ASSERT_TRUE(parseGate("lost_to_sync > 5%", g, error));
  EXPECT_EQ(evaluateGate(g, r), "");
  ASSERT_TRUE(parseGate("missed_statically>=2", g, error)) << error;
  EXPECT_NE(evaluateGate(g, r), "");
  EXPECT_FALSE(parseGate("lost_to_sync > 5", g, error));
  EXPECT_NE(error.find("is a percentage"), std::string::npos);
  EXPECT_FALSE(parseGate("findings > 5%", g, error));
  EXPECT_FALSE(parseGate("speed > 5%", g, error));
  EXPECT_NE(error.find("unknown metric 'speed'"), std::string::npos);
  EXPECT_FALSE(parseGate("lost_to_sync ~ 5%", g, error));
  EXPECT_FALSE(parseGate("lost_to_sync > five%", g, error));
}

TEST(RuleGuess, TheOutermostAtenOpARuleNamesDecidesFirst) {
  std::string matched;
  // torch.equal(a, b) on CUDA reads a bool with item(): the op the program called decides.
  EXPECT_EQ(guessRule({}, "cudaStreamSynchronize", "device_to_host_copy", &matched,
                      {"aten::_local_scalar_dense", "aten::item", "aten::equal"}),
            "hostsync-equal");
  EXPECT_EQ(matched, "aten::equal");
  // A rule naming aten::index covers its overloads (aten::index.Tensor).
  EXPECT_EQ(guessRule({}, "cudaStreamSynchronize", "device_to_host_copy", &matched,
                      {"aten::nonzero", "aten::index.Tensor"}),
            "hostsync-bool-mask-index");
  EXPECT_EQ(matched, "aten::index.Tensor");
  // No rule names the copy ops: the stall's class decides, as without ops.
  EXPECT_EQ(guessRule({}, "cudaMemcpyAsync", "device_to_host_copy", nullptr,
                      {"aten::copy_", "aten::_to_copy", "aten::to.dtype_layout"}),
            "hostsync-device-to-host-copy");
  // A name that only starts like a listed op is another op.
  EXPECT_NE(guessRule({}, "cudaStreamSynchronize", "explicit_sync", nullptr, {"aten::index_add"}),
            "hostsync-bool-mask-index");
}
