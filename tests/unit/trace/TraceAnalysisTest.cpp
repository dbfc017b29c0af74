// The tracer's analyses on small synthetic traces (no GPU): each test builds the handful
// of events that make its case.
#include "analysis/Summary.h"
#include "io/JobRank.h"
#include "model/ApiRegistry.h"
#include "TraceBuilder.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

TEST(Stalls, ItemPatternIsADeviceToHostCopyWithTheQueuedWork) {
  // A 10 ms kernel, then item(): cudaMemcpyAsync DtoH + cudaStreamSynchronize that waits.
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1 * ms, 1 * ms + 5 * us);
  b.kernel(k, 1 * ms + 10 * us, 11 * ms);
  uint32_t c = b.api("cudaMemcpyAsync", 1 * ms + 20 * us, 1 * ms + 25 * us);
  b.copy(c, 11 * ms, 11 * ms + 2 * us, CopyKind::DtoH, MemoryKind::Pinned, 4);
  b.api("cudaStreamSynchronize", 1 * ms + 30 * us, 11 * ms + 5 * us);
  auto stalls = findStalls(b.m);
  ASSERT_EQ(stalls.size(), 1u);
  EXPECT_EQ(stalls[0].cls, StallClass::DeviceToHostCopy);
  EXPECT_EQ(stalls[0].bytes, 4u);
  EXPECT_EQ(b.m.name(stalls[0].site), "cudaStreamSynchronize");
  // The wait began with the kernel's remaining 9.97 ms still to run.
  EXPECT_EQ(stalls[0].queued_ns, 11 * ms + 2 * us - (1 * ms + 30 * us));
}

TEST(Stalls, PageableAndBlockingCopiesAndShortCallsAreClassified) {
  Builder b;
  uint32_t c1 = b.api("cudaMemcpyAsync", 1 * ms, 3 * ms); // "async", but it blocked 2 ms
  b.copy(c1, 1 * ms + 10 * us, 3 * ms, CopyKind::HtoD, MemoryKind::Pageable, 1 << 20);
  uint32_t c2 = b.api("cudaMemcpy", 4 * ms, 5 * ms);
  b.copy(c2, 4 * ms + 10 * us, 5 * ms, CopyKind::HtoD, MemoryKind::Pinned, 1 << 20);
  uint32_t c3 = b.api("cudaMemcpyAsync", 6 * ms, 6 * ms + 2 * us); // pinned, returned at once
  b.copy(c3, 6 * ms + 10 * us, 6 * ms + 50 * us, CopyKind::HtoD, MemoryKind::Pinned, 1 << 20);
  b.api("cudaEventSynchronize", 7 * ms, 8 * ms);
  b.api("cudaLaunchKernel", 9 * ms, 10 * ms); // slow, but not a sync
  auto stalls = findStalls(b.m);
  ASSERT_EQ(stalls.size(), 3u);
  EXPECT_EQ(stalls[0].cls, StallClass::PageableCopy);
  EXPECT_EQ(stalls[0].bytes, 1u << 20);
  EXPECT_EQ(stalls[1].cls, StallClass::HostToDeviceCopy);
  EXPECT_EQ(stalls[2].cls, StallClass::EventSync);
}

TEST(GpuIdle, BubbleAfterAStallIsChargedToIt) {
  // Kernel 0-10 ms; the host waits 1-10 ms, then launches the next kernel at 12 ms: the GPU
  // idles 10-12 ms because of the wait. A later gap with no wait is launch-bound.
  Builder b;
  uint32_t k1 = b.api("cudaLaunchKernel", 100 * us, 110 * us);
  b.kernel(k1, 120 * us, 10 * ms);
  b.api("cudaDeviceSynchronize", 1 * ms, 10 * ms + 5 * us);
  uint32_t k2 = b.api("cudaLaunchKernel", 11 * ms, 11 * ms + 10 * us);
  b.kernel(k2, 12 * ms, 20 * ms);
  uint32_t k3 = b.api("cudaLaunchKernel", 19 * ms, 19 * ms + 10 * us);
  b.kernel(k3, 23 * ms, 25 * ms);
  Summary s = summarize(b.m);
  ASSERT_EQ(s.idle.size(), 1u);
  const DeviceIdle &d = s.idle[0];
  ASSERT_EQ(d.gaps.size(), 2u);
  EXPECT_EQ(d.gaps[0].cause, GapCause::SyncBubble);
  EXPECT_EQ(d.gaps[0].length(), 2 * ms);
  EXPECT_EQ(d.gaps[1].cause, GapCause::LaunchBound);
  EXPECT_EQ(d.busy_ns, (10 * ms - 120 * us) + 8 * ms + 2 * ms);
  EXPECT_EQ(s.bubble_ns, 2 * ms);
  ASSERT_EQ(s.sites.size(), 1u);
  EXPECT_EQ(b.m.name(s.sites[0].site), "cudaDeviceSynchronize");
  EXPECT_EQ(s.sites[0].idle_charged_ns, 2 * ms);
}

TEST(GpuIdle, OverheadGapsAreNotTheUsersStall) {
  Builder b;
  uint32_t k1 = b.api("cudaLaunchKernel", 10 * us, 20 * us);
  b.kernel(k1, 30 * us, 1 * ms);
  uint32_t k2 = b.api("cudaLaunchKernel", 1 * ms, 5 * ms);
  b.kernel(k2, 5 * ms, 6 * ms);
  b.m.add(b.m.overheads, Overhead{2 * ms, 4 * ms, b.m.intern("lazy module loading")});
  Summary s = summarize(b.m);
  ASSERT_EQ(s.idle[0].gaps.size(), 1u);
  EXPECT_EQ(s.idle[0].gaps[0].cause, GapCause::Overhead);
}

TEST(Overlap, TwoStreamsAndCopyUnderCompute) {
  // Stream 1: kernels 0-10 and 20-30 ms. Stream 2: kernel 5-15 ms, copy HtoD 22-26 ms.
  Builder b;
  for (auto [s, e, st] : {std::tuple<Ns, Ns, uint32_t>{1 * ms, 10 * ms, 1},
                          {20 * ms, 30 * ms, 1},
                          {5 * ms, 15 * ms, 2}})
    b.kernel(b.api("cudaLaunchKernel", 1, 2), s, e, st);
  b.copy(b.api("cudaMemcpyAsync", 1, 2), 22 * ms, 26 * ms, CopyKind::HtoD, MemoryKind::Pinned, 64,
         2);
  OverlapResult r = findOverlap(b.m);
  EXPECT_EQ(r.gpu_busy_ns, 14 * ms + 10 * ms);
  EXPECT_EQ(r.multi_stream_ns, 5 * ms + 4 * ms);
  EXPECT_EQ(r.copy_ns, 4 * ms);
  EXPECT_EQ(r.copy_under_compute_ns, 4 * ms);
  ASSERT_EQ(r.pairs.size(), 1u);
  EXPECT_EQ(r.pairs[0].overlap_ns, 9 * ms);
  EXPECT_DOUBLE_EQ(r.copyOverlapPercent(), 100.0);
}

TEST(Model, InvalidTimestampsAreCountedNotUsed) {
  Builder b;
  b.api("cudaDeviceSynchronize", 0, 5 * ms);      // zero start
  b.api("cudaDeviceSynchronize", 9 * ms, 8 * ms); // inverted
  b.api("cudaDeviceSynchronize", 10 * ms, 12 * ms);
  EXPECT_EQ(b.m.invalid_records, 2u);
  EXPECT_EQ(b.m.api.size(), 1u);
  EXPECT_EQ(findStalls(b.m).size(), 1u);
}

TEST(Summary, SitesSortedByIdleChargedThenStall) {
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1, 2);
  b.kernel(k, 1 * ms, 2 * ms);
  b.api("cudaStreamSynchronize", 3 * ms, 9 * ms); // long, but the GPU was already idle
  uint32_t k2 = b.api("cudaLaunchKernel", 9 * ms, 9 * ms + 1);
  b.kernel(k2, 10 * ms, 20 * ms);
  b.api("cudaDeviceSynchronize", 11 * ms, 20 * ms); // shorter, but the GPU ran dry in it
  uint32_t k3 = b.api("cudaLaunchKernel", 22 * ms, 22 * ms + 1);
  b.kernel(k3, 23 * ms, 24 * ms);
  Summary s = summarize(b.m);
  ASSERT_EQ(s.sites.size(), 2u);
  EXPECT_EQ(b.m.name(s.sites[0].site), "cudaDeviceSynchronize");
  EXPECT_EQ(s.sites[0].idle_charged_ns, 3 * ms);
  EXPECT_EQ(b.m.name(s.sites[1].site), "cudaStreamSynchronize");
}

TEST(Stalls, AnAsyncCopyThatReturnedBeforeItsCopyStartedIsNoStall) {
  // 64 MiB from pinned memory queued behind a 20 ms kernel: the call takes 21 us (over the
  // threshold) but returns long before the GPU reaches the copy.
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1 * ms, 1 * ms + 5 * us);
  b.kernel(k, 1 * ms + 10 * us, 21 * ms);
  uint32_t c = b.api("cudaMemcpyAsync", 1 * ms + 10 * us, 1 * ms + 31 * us);
  b.copy(c, 21 * ms, 24 * ms, CopyKind::HtoD, MemoryKind::Pinned, 64 << 20);
  EXPECT_TRUE(findStalls(b.m).empty());
}

#include "analysis/Window.h"

TEST(Window, OnlyEventsBetweenProfilerStartAndStopAreKept) {
  Builder b;
  b.api("cudaDeviceSynchronize", 1 * ms, 2 * ms); // set-up: outside
  b.api("cudaProfilerStart", 3 * ms, 3 * ms + 10 * us);
  uint32_t k = b.api("cudaLaunchKernel", 4 * ms, 4 * ms + 10 * us);
  b.kernel(k, 4 * ms + 20 * us, 6 * ms);
  b.api("cudaStreamSynchronize", 5 * ms, 6 * ms + 5 * us);
  b.api("cudaProfilerStop", 7 * ms, 7 * ms + 10 * us);
  b.api("cudaDeviceSynchronize", 8 * ms, 9 * ms); // tear-down: outside
  WindowInfo info;
  TraceModel w = restrictToProfilerWindows(b.m, info);
  EXPECT_EQ(info.windows, 1u);
  EXPECT_EQ(info.kept_ns, 7 * ms - (3 * ms + 10 * us));
  auto stalls = findStalls(w);
  ASSERT_EQ(stalls.size(), 1u);
  EXPECT_EQ(w.name(w.api[stalls[0].api_index].name), "cudaStreamSynchronize");
  EXPECT_EQ(w.gpu.size(), 1u);
}

TEST(Window, WithoutMarkersEverythingIsKept) {
  Builder b;
  b.api("cudaDeviceSynchronize", 1 * ms, 2 * ms);
  WindowInfo info;
  TraceModel w = restrictToProfilerWindows(b.m, info);
  EXPECT_EQ(info.windows, 0u);
  EXPECT_EQ(w.api.size(), 1u);
}

TEST(Stalls, APollingLoopIsOneEventWaitFromTheFirstPollToTheAnswer) {
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 0, 10 * us);
  b.kernel(k, 20 * us, 5 * ms);
  b.api("cudaEventQuery", 100 * us, 102 * us);     // a query that finds the work done: no wait
  for (Ns t = 1 * ms; t < 5 * ms; t += 500 * us) { // polled every 0.5 ms while the kernel runs
    b.api("cudaEventQuery", t, t + 2 * us);
    b.m.api.back().result = CudaErrorNotReady;
  }
  b.api("cudaEventQuery", 5 * ms + 100 * us, 5 * ms + 102 * us); // done
  // Another thread's polls that never got an answer are no stall.
  b.api("cudaStreamQuery", 2 * ms, 2 * ms + 1 * us, /*thread=*/2);
  b.m.api.back().result = CudaErrorNotReady;
  std::vector<Stall> stalls = findStalls(b.m);
  ASSERT_EQ(stalls.size(), 1u);
  EXPECT_EQ(stalls[0].cls, StallClass::EventSync);
  EXPECT_EQ(stalls[0].start, 1 * ms);
  EXPECT_EQ(stalls[0].end, 5 * ms + 102 * us);
  EXPECT_EQ(b.m.name(b.m.api[stalls[0].api_index].name), "cudaEventQuery");
  EXPECT_EQ(b.m.api[stalls[0].api_index].start, 5 * ms + 100 * us); // the answering query
}

TEST(Overlap, TwoGpusAreKeptApartEvenWithTheSameStreamIds) {
  // Stream 7 exists on both GPUs; busy at once on two devices is not two streams busy.
  Builder b;
  b.kernel(b.api("cudaLaunchKernel", 1 * us, 10 * us), 100 * us, 4100 * us, /*stream=*/7,
           /*device=*/0);
  b.kernel(b.api("cudaLaunchKernel", 20 * us, 30 * us), 1 * ms, 2 * ms, 7, /*device=*/1);
  b.kernel(b.api("cudaLaunchKernel", 40 * us, 50 * us), 1500 * us, 3 * ms, 8, /*device=*/1);
  Summary s = summarize(b.m);
  ASSERT_EQ(s.overlap.streams.size(), 3u);
  ASSERT_EQ(s.overlap.pairs.size(), 1u); // only (7, 8) on device 1
  EXPECT_EQ(s.overlap.pairs[0].device, 1u);
  EXPECT_EQ(s.overlap.pairs[0].overlap_ns, 500 * us);
  EXPECT_EQ(s.overlap.multi_stream_ns, 500 * us);
  ASSERT_EQ(s.idle.size(), 2u);
  EXPECT_EQ(s.idle[0].device, 0u);
  EXPECT_EQ(s.idle[0].busy_ns, 4 * ms);
  EXPECT_EQ(s.idle[1].device, 1u);
  EXPECT_EQ(s.idle[1].busy_ns, 2 * ms);
  EXPECT_EQ(s.idle[1].window_start, 1 * ms);
}

TEST(ApiRegistry, OnlyHostSideBookkeepingIsLeftOutOfTheRecords) {
  for (const char *kept :
       {"cudaLaunchKernel", "cudaMemcpyAsync", "cudaMemsetAsync", "cudaStreamSynchronize",
        "cudaEventQuery", "cudaEventRecord", "cudaStreamWaitEvent", "cudaProfilerStart", "cudaFree",
        "cudaMalloc", "cudaGraphLaunch", "cudaDeviceSynchronize"})
    EXPECT_FALSE(isBookkeeping(kept)) << kept;
  for (const char *dropped :
       {"cudaGetDevice", "cudaSetDevice", "cudaGetLastError", "cudaDeviceGetAttribute",
        "cudaPointerGetAttributes", "cudaStreamIsCapturing"})
    EXPECT_TRUE(isBookkeeping(dropped)) << dropped;
}

// The default recording times only these calls in callbacks: every name an analysis reads
// must be among them (Stalls: roles and launches; Summary: launches and capture marks;
// Window: profiler start/stop), and the per-launch bookkeeping must not.
TEST(ApiRegistry, CallbacksRecordEveryCallTheAnalysesRead) {
  for (const char *read : {"cudaLaunchKernel",
                           "cudaLaunchKernelExC",
                           "cudaLaunchCooperativeKernel",
                           "cudaGraphLaunch",
                           "cudaMemcpyAsync",
                           "cudaMemcpy",
                           "cudaMemsetAsync",
                           "cudaMemset",
                           "cudaStreamSynchronize",
                           "cudaDeviceSynchronize",
                           "cudaEventSynchronize",
                           "cudaEventQuery",
                           "cudaStreamQuery",
                           "cudaFree",
                           "cudaFreeHost",
                           "cudaHostUnregister",
                           "cudaStreamBeginCapture",
                           "cudaStreamEndCapture",
                           "cudaProfilerStart",
                           "cudaProfilerStop"})
    EXPECT_TRUE(analysesRead(read)) << read;
  for (const char *unread :
       {"cudaGetDevice", "cudaGetLastError", "cudaEventRecord", "cudaStreamWaitEvent", "cudaMalloc",
        "cudaStreamIsCapturing", "cudaStreamGetCaptureInfo", "cudaSetDevice"})
    EXPECT_FALSE(analysesRead(unread)) << unread;
}

TEST(Window, SkippingStepsStartsAtTheNthStepMark) {
  Builder b;
  for (int step = 0; step < 4; ++step) { // one sync per step, 1 ms apart
    b.m.step_starts.push_back(step * ms + 1);
    b.api("cudaStreamSynchronize", step * ms + 100 * us, step * ms + 200 * us);
  }
  b.m.step_range = "step";
  std::string note;
  TraceModel w = skipSteps(b.m, 2, note);
  EXPECT_TRUE(note.empty());
  ASSERT_EQ(w.api.size(), 2u);
  EXPECT_EQ(w.api[0].start, 2 * ms + 100 * us);
  EXPECT_EQ(skipSteps(b.m, 0, note).api.size(), 4u);
  // More steps to skip than the program marked: nothing is left, and the note says why.
  TraceModel none = skipSteps(b.m, 4, note);
  EXPECT_TRUE(none.api.empty());
  EXPECT_NE(note.find("only 4 steps (NVTX ranges named 'step')"), std::string::npos) << note;
}

TEST(GpuIdle, AnotherThreadsWaitIsNotTheBubblesCause) {
  // Thread 2 (a worker) waits on an event while the GPU idles; thread 1 launches the next
  // kernel late because it was busy: launch-bound, not a sync bubble.
  Builder b;
  uint32_t k1 = b.api("cudaLaunchKernel", 10 * us, 20 * us, /*thread=*/1);
  b.kernel(k1, 30 * us, 1 * ms);
  b.api("cudaEventSynchronize", 500 * us, 1 * ms + 10 * us, /*thread=*/2);
  uint32_t k2 = b.api("cudaLaunchKernel", 3 * ms, 3 * ms + 10 * us, /*thread=*/1);
  b.kernel(k2, 3 * ms + 20 * us, 4 * ms);
  Summary s = summarize(b.m);
  ASSERT_EQ(s.idle[0].gaps.size(), 1u);
  EXPECT_EQ(s.idle[0].gaps[0].cause, GapCause::LaunchBound);
  // The same wait on the launching thread is the bubble's cause.
  Builder c;
  uint32_t j1 = c.api("cudaLaunchKernel", 10 * us, 20 * us, 1);
  c.kernel(j1, 30 * us, 1 * ms);
  c.api("cudaEventSynchronize", 500 * us, 1 * ms + 10 * us, 1);
  uint32_t j2 = c.api("cudaLaunchKernel", 3 * ms, 3 * ms + 10 * us, 1);
  c.kernel(j2, 3 * ms + 20 * us, 4 * ms);
  EXPECT_EQ(summarize(c.m).idle[0].gaps[0].cause, GapCause::SyncBubble);
}

TEST(Summary, LaunchesWithoutKernelRecordsAreCounted) {
  // What a second CUPTI client leaves behind: launches recorded, their kernels not.
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1 * ms, 1 * ms + 5 * us);
  b.kernel(k, 1 * ms + 10 * us, 2 * ms);
  b.api("cudaLaunchKernel", 3 * ms, 3 * ms + 5 * us);
  b.api("cudaLaunchKernelExC", 4 * ms, 4 * ms + 5 * us);
  Summary s = summarize(b.m);
  EXPECT_EQ(s.launches, 3u);
  EXPECT_EQ(s.launches_without_work, 2u);
}

TEST(Stalls, QueriesBetweenLaunchesAreNoPollingLoop) {
  // LibTorch's caching allocator queries the events of blocks freed with record_stream on
  // its allocations: "not ready" now, "done" a step later, with kernels launched between.
  // The thread never waited: no stall. A real loop on another thread still is one.
  Builder b;
  auto notReady = [&] { b.m.api.back().result = CudaErrorNotReady; };
  b.api("cudaEventQuery", 1 * ms, 1 * ms + 2 * us, 1);
  notReady();
  b.api("cudaLaunchKernel", 1 * ms + 10 * us, 1 * ms + 15 * us, 1);
  b.api("cudaEventQuery", 3 * ms, 3 * ms + 2 * us, 1);
  b.api("cudaEventQuery", 4 * ms, 4 * ms + 2 * us, 2);
  notReady();
  b.api("cudaEventQuery", 5 * ms, 5 * ms + 2 * us, 2);
  notReady();
  b.api("cudaEventQuery", 6 * ms, 6 * ms + 2 * us, 2);
  auto stalls = findStalls(b.m);
  ASSERT_EQ(stalls.size(), 1u);
  EXPECT_EQ(stalls[0].thread, 2u);
  EXPECT_EQ(stalls[0].start, 4 * ms);
}

TEST(Summary, LaunchesInsideAGraphCaptureAreNotMissingRecords) {
  // A CUDA graph's capture: launches on the capturing thread and on another one (the
  // autograd engine's) run nothing; the graph's launch runs the kernels. Outside the
  // capture a launch with no kernel is still counted as missing.
  Builder b;
  b.api("cudaStreamBeginCapture_v10000", 1 * ms, 1 * ms + 2 * us, /*thread=*/1);
  b.api("cudaLaunchKernel", 1 * ms + 10 * us, 1 * ms + 12 * us, /*thread=*/1);
  b.api("cudaLaunchKernel", 1 * ms + 20 * us, 1 * ms + 22 * us, /*thread=*/2);
  b.api("cudaStreamEndCapture", 1 * ms + 30 * us, 1 * ms + 40 * us, /*thread=*/1);
  uint32_t g = b.api("cudaGraphLaunch", 2 * ms, 2 * ms + 5 * us, /*thread=*/1);
  b.kernel(g, 2 * ms + 10 * us, 2 * ms + 50 * us);
  b.api("cudaLaunchKernel", 3 * ms, 3 * ms + 5 * us, /*thread=*/2);
  Summary s = summarize(b.m);
  EXPECT_EQ(s.launches, 3u);
  EXPECT_EQ(s.launches_captured, 2u);
  EXPECT_EQ(s.launches_without_work, 1u);
}

TEST(Summary, OverlappingCapturesOfTwoThreadsAreOneSpanEachLaunchIsCheckedAgainst) {
  // Thread 1 captures from 1 to 3 ms, thread 3 from 2 to 5 ms, thread 1 again from 8 ms
  // and never ends: launches at 4 ms (only thread 3's capture holds it) and 9 ms are
  // captured; one at 6 ms, between the captures, is a missing record.
  Builder b;
  b.api("cudaStreamBeginCapture", 1 * ms, 1 * ms + 1 * us, /*thread=*/1);
  b.api("cudaStreamBeginCapture", 2 * ms, 2 * ms + 1 * us, /*thread=*/3);
  b.api("cudaStreamEndCapture", 3 * ms, 3 * ms + 1 * us, /*thread=*/1);
  b.api("cudaLaunchKernel", 4 * ms, 4 * ms + 5 * us, /*thread=*/2);
  b.api("cudaStreamEndCapture", 5 * ms, 5 * ms + 1 * us, /*thread=*/3);
  b.api("cudaLaunchKernel", 6 * ms, 6 * ms + 5 * us, /*thread=*/2);
  b.api("cudaStreamBeginCapture", 8 * ms, 8 * ms + 1 * us, /*thread=*/1);
  b.api("cudaLaunchKernel", 9 * ms, 9 * ms + 5 * us, /*thread=*/1);
  Summary s = summarize(b.m);
  EXPECT_EQ(s.launches, 3u);
  EXPECT_EQ(s.launches_captured, 2u);
  EXPECT_EQ(s.launches_without_work, 1u);
}

TEST(Stalls, AnAsyncDeviceToDeviceCopyIsNeverAStall) {
  // clone() of a CUDA tensor on an idle GPU: the copy starts while the call is returning.
  Builder b;
  uint32_t c = b.api("cudaMemcpyAsync", 1 * ms, 1 * ms + 80 * us);
  b.copy(c, 1 * ms + 30 * us, 1 * ms + 60 * us, CopyKind::DtoD, MemoryKind::Device, 1 << 20);
  uint32_t d = b.api("cudaMemcpy", 2 * ms, 2 * ms + 80 * us); // the blocking form still waits
  b.copy(d, 2 * ms + 30 * us, 2 * ms + 60 * us, CopyKind::DtoD, MemoryKind::Device, 1 << 20);
  auto stalls = findStalls(b.m);
  ASSERT_EQ(stalls.size(), 1u);
  EXPECT_EQ(b.m.name(b.m.api[stalls[0].api_index].name), "cudaMemcpy");
}

TEST(Stalls, AnAsyncCopyCallWithNoCopyRecordIsNoStall) {
  // masked_loss's sort on an H100: cudaMemcpyAsync calls of 20-50 us whose copies CUPTI did
  // not record were listed as explicit syncs at the sort's line.
  Builder b;
  b.api("cudaMemcpyAsync", 1 * ms, 1 * ms + 40 * us);
  b.api("cudaMemcpy", 2 * ms, 2 * ms + 80 * us); // the blocking form is kept: it waited
  auto stalls = findStalls(b.m);
  ASSERT_EQ(stalls.size(), 1u);
  EXPECT_EQ(b.m.name(b.m.api[stalls[0].api_index].name), "cudaMemcpy");
}

TEST(Communication, NcclKernelsAreCommunicationWhateverTheirNamingAndMangling) {
  for (const char *name :
       {"ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)",
        "_Z39ncclDevKernel_AllReduce_Sum_f32_RING_LL24ncclDevKernelArgsStorageILm4096EE",
        "ncclDevKernel_SendRecv",
        "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, "
        "unsigned long, ncclWork*)"})
    EXPECT_TRUE(isCommunicationKernel(name)) << name;
  for (const char *name :
       {"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>",
        "ampere_sgemm_128x64_nn", "nccl_like_user_kernel", ""})
    EXPECT_FALSE(isCommunicationKernel(name)) << name;
}

TEST(Communication, HiddenIsTheCommunicationThatRanUnderComputeOnTheSameDevice) {
  // Device 0: an all-reduce 10-20 ms on stream 9 while a kernel runs 5-15 ms on stream 7
  // (5 ms hidden), then a second all-reduce 30-34 ms alone. Device 1: compute at 10-20 ms
  // does not hide device 0's communication.
  const char *allReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";
  Builder b;
  b.kernel(b.api("cudaLaunchKernel", 1, 2), 5 * ms, 15 * ms, 7, 0, "gemm");
  b.kernel(0, 10 * ms, 20 * ms, 9, 0, allReduce);
  b.kernel(0, 30 * ms, 34 * ms, 9, 0, allReduce);
  b.kernel(b.api("cudaLaunchKernel", 3, 4), 10 * ms, 20 * ms, 7, 1, "gemm");
  CommunicationResult r = findCommunication(b.m);
  ASSERT_EQ(r.collectives.size(), 2u);
  EXPECT_EQ(r.collectives[0].start, 10 * ms);
  EXPECT_EQ(r.collectives[1].end, 34 * ms);
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices[0].collectives, 2u);
  EXPECT_EQ(r.comm_ns, 14 * ms);
  EXPECT_EQ(r.hidden_ns, 5 * ms);
  EXPECT_NEAR(r.hiddenPercent(), 100.0 * 5 / 14, 1e-9);
}

TEST(Communication, ATraceWithoutNcclHasNoCommunication) {
  Builder b;
  b.kernel(b.api("cudaLaunchKernel", 1, 2), 5 * ms, 15 * ms, 7, 0, "gemm");
  CommunicationResult r = findCommunication(b.m);
  EXPECT_TRUE(r.collectives.empty());
  EXPECT_TRUE(r.devices.empty());
  EXPECT_EQ(r.hiddenPercent(), 0.0);
}

TEST(JobRank, EachLauncherNamesTheRankAndTheFirstOneSetWins) {
  auto envOf = [](std::map<std::string, std::string> vars) {
    return [vars](const char *name) {
      auto it = vars.find(name);
      return it == vars.end() ? std::string() : it->second;
    };
  };
  JobRank torchrun = jobRankFrom(envOf({{"RANK", "3"},
                                        {"LOCAL_RANK", "1"},
                                        {"WORLD_SIZE", "4"},
                                        {"SLURM_PROCID", "0"},
                                        {"SLURM_NTASKS", "2"}}));
  EXPECT_EQ(torchrun.rank, "3");
  EXPECT_EQ(torchrun.local_rank, "1");
  EXPECT_EQ(torchrun.world_size, "4");
  EXPECT_EQ(torchrun.launcher, "torchrun");
  JobRank mpi = jobRankFrom(envOf({{"OMPI_COMM_WORLD_RANK", "5"},
                                   {"OMPI_COMM_WORLD_LOCAL_RANK", "1"},
                                   {"OMPI_COMM_WORLD_SIZE", "8"}}));
  EXPECT_EQ(mpi.rank, "5");
  EXPECT_EQ(mpi.world_size, "8");
  EXPECT_EQ(mpi.launcher, "mpirun");
  JobRank mpich = jobRankFrom(envOf({{"PMI_RANK", "2"}, {"PMI_SIZE", "4"}}));
  EXPECT_EQ(mpich.launcher, "mpich");
  EXPECT_EQ(mpich.local_rank, "");
  JobRank slurm =
      jobRankFrom(envOf({{"SLURM_PROCID", "1"}, {"SLURM_LOCALID", "1"}, {"SLURM_NTASKS", "2"}}));
  EXPECT_EQ(slurm.launcher, "slurm");
  EXPECT_EQ(slurm.world_size, "2");
  JobRank localOnly = jobRankFrom(envOf({{"LOCAL_RANK", "2"}}));
  EXPECT_EQ(localOnly.rank, "2");
  EXPECT_EQ(localOnly.launcher, "");
  JobRank alone = jobRankFrom(envOf({}));
  EXPECT_EQ(alone.rank, "");
  EXPECT_EQ(alone.world_size, "");
}
