// Every sync counted (issue 76): syncs that did not wait are kept and marked, a read-back is
// one sync, a pinned asynchronous copy is never one, and a sync is charged only the GPU idle
// its wait caused (analysis/Stalls.h, analysis/GpuIdle.h).
#include "analysis/Summary.h"
#include "model/ApiRegistry.h"
#include "TraceBuilder.h"

#include <gtest/gtest.h>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

TEST(SyncCount, SyncsThatDidNotWaitAreCountedAndMarked) {
  // Three stream syncs on an idle GPU (2 us each) and one behind a 5 ms kernel.
  Builder b;
  for (Ns t : {1 * ms, 2 * ms, 3 * ms})
    b.api("cudaStreamSynchronize", t, t + 2 * us);
  uint32_t k = b.api("cudaLaunchKernel", 4 * ms, 4 * ms + 5 * us);
  b.kernel(k, 4 * ms + 10 * us, 9 * ms);
  b.api("cudaStreamSynchronize", 4 * ms + 20 * us, 9 * ms + 3 * us);
  std::vector<Stall> syncs = findStalls(b.m);
  ASSERT_EQ(syncs.size(), 4u);
  EXPECT_FALSE(syncs[0].waited);
  EXPECT_FALSE(syncs[2].waited);
  EXPECT_TRUE(syncs[3].waited);
  EXPECT_EQ(waitedOnly(syncs).size(), 1u);
  Summary s = summarize(b.m);
  EXPECT_EQ(s.sync_count, 4u);
  EXPECT_EQ(s.stall_count, 1u);
  ASSERT_EQ(s.sites.size(), 1u);
  EXPECT_EQ(s.sites[0].count, 4u);
  EXPECT_EQ(s.sites[0].waited, 1u);
  EXPECT_EQ(s.sites[0].stall_ns, 3 * 2 * us + (9 * ms + 3 * us - (4 * ms + 20 * us)));
}

TEST(SyncCount, APinnedAsynchronousCopyIsNeverASyncHoweverLongItsCall) {
  // x.pin_memory().to("cuda", non_blocking=True) behind a kernel: the call takes 37 us and
  // its copy begins before it returns (the GPU was ready), but pinned memory never waits for
  // the queue. The same copy from pageable memory that outlasts the threshold is a stall.
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1 * ms, 1 * ms + 5 * us);
  b.kernel(k, 1 * ms + 8 * us, 1 * ms + 9 * us);
  uint32_t pinned = b.api("cudaMemcpyAsync", 2 * ms, 2 * ms + 37 * us);
  b.copy(pinned, 2 * ms + 20 * us, 2 * ms + 30 * us, CopyKind::HtoD, MemoryKind::Pinned, 98304);
  uint32_t pageable = b.api("cudaMemcpyAsync", 3 * ms, 3 * ms + 40 * us);
  b.copy(pageable, 3 * ms + 5 * us, 3 * ms + 39 * us, CopyKind::HtoD, MemoryKind::Pageable,
         1 << 20);
  uint32_t shortPageable = b.api("cudaMemcpyAsync", 4 * ms, 4 * ms + 8 * us);
  b.copy(shortPageable, 4 * ms + 2 * us, 4 * ms + 6 * us, CopyKind::HtoD, MemoryKind::Pageable,
         4096);
  std::vector<Stall> syncs = findStalls(b.m);
  ASSERT_EQ(syncs.size(), 1u);
  EXPECT_EQ(syncs[0].correlation, pageable);
  EXPECT_EQ(syncs[0].cls, StallClass::PageableCopy);
}

TEST(SyncCount, AReadBackIsOneSyncFromItsCopyToItsStreamSynchronize) {
  // item() into pageable memory: the copy call waits for the queue, then PyTorch's stream
  // synchronize returns at once. One sync, from the copy's start to the synchronize's end.
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1 * ms, 1 * ms + 5 * us);
  b.kernel(k, 1 * ms + 10 * us, 3 * ms);
  uint32_t c = b.api("cudaMemcpyAsync", 1 * ms + 20 * us, 3 * ms + 10 * us);
  b.copy(c, 3 * ms + 1 * us, 3 * ms + 3 * us, CopyKind::DtoH, MemoryKind::Pageable, 4);
  b.api("cudaStreamSynchronize", 3 * ms + 12 * us, 3 * ms + 14 * us);
  // A later synchronize, after a launch, is a sync of its own.
  uint32_t k2 = b.api("cudaLaunchKernel", 4 * ms, 4 * ms + 5 * us);
  b.kernel(k2, 4 * ms + 10 * us, 4 * ms + 20 * us);
  b.api("cudaStreamSynchronize", 5 * ms, 5 * ms + 2 * us);
  std::vector<Stall> syncs = findStalls(b.m);
  ASSERT_EQ(syncs.size(), 2u);
  EXPECT_EQ(syncs[0].cls, StallClass::DeviceToHostCopy);
  EXPECT_EQ(syncs[0].start, 1 * ms + 20 * us);
  EXPECT_EQ(syncs[0].end, 3 * ms + 14 * us);
  EXPECT_EQ(syncs[0].bytes, 4u);
  EXPECT_TRUE(syncs[0].waited);
  EXPECT_EQ(syncs[1].cls, StallClass::ExplicitSync);
  EXPECT_FALSE(syncs[1].waited);
}

TEST(SyncCount, ABlockingCopyToTheDeviceIsOneSyncWithItsStreamSynchronize) {
  // x.cuda() of pageable memory (measured on an H200: sync debug mode names it once, the
  // tracer counted it twice): the driver stages the 1 MB copy, 60 us in the call, then
  // PyTorch's memcpy_and_sync waits in a stream synchronize. One sync, of the copy's class.
  Builder b;
  uint32_t c = b.api("cudaMemcpyAsync", 1 * ms, 1 * ms + 60 * us);
  b.copy(c, 1 * ms + 5 * us, 1 * ms + 70 * us, CopyKind::HtoD, MemoryKind::Pageable, 1 << 20);
  b.api("cudaStreamSynchronize", 1 * ms + 61 * us, 1 * ms + 75 * us);
  // A small one, staged at once: its stream synchronize is the sync, a wait for the copy.
  uint32_t d = b.api("cudaMemcpyAsync", 2 * ms, 2 * ms + 6 * us);
  b.copy(d, 2 * ms + 8 * us, 2 * ms + 9 * us, CopyKind::HtoD, MemoryKind::Pageable, 4096);
  b.api("cudaStreamSynchronize", 2 * ms + 7 * us, 2 * ms + 12 * us);
  std::vector<Stall> syncs = findStalls(b.m);
  ASSERT_EQ(syncs.size(), 2u);
  EXPECT_EQ(syncs[0].cls, StallClass::PageableCopy);
  EXPECT_EQ(syncs[0].end, 1 * ms + 75 * us);
  EXPECT_EQ(syncs[1].cls, StallClass::HostToDeviceCopy);
  EXPECT_EQ(syncs[1].bytes, 4096u);
}

TEST(SyncCount, ASyncIsChargedItsWaitAndTheRefillAsFarAsItsQueue) {
  // 1) item() after 4 ms of work, then 1 ms of host work before the next launch: the whole
  //    gap is the sync's (without it the host would have done that work while the GPU ran).
  // 2) model.to(device): a 30 us copy and its sync, then 2 s of start-up before the next
  //    launch: the sync is charged the 30 us of queue it drained, the rest is the host's.
  Builder b;
  uint32_t k = b.api("cudaLaunchKernel", 1 * ms, 1 * ms + 5 * us);
  b.kernel(k, 1 * ms + 10 * us, 5 * ms);
  b.api("cudaStreamSynchronize", 1 * ms + 20 * us, 5 * ms + 5 * us);
  uint32_t k2 = b.api("cudaLaunchKernel", 6 * ms, 6 * ms + 5 * us);
  b.kernel(k2, 6 * ms + 10 * us, 7 * ms);
  uint32_t c = b.api("cudaMemcpyAsync", 8 * ms, 8 * ms + 5 * us);
  b.copy(c, 8 * ms + 6 * us, 8 * ms + 36 * us, CopyKind::HtoD, MemoryKind::Pageable, 1 << 16);
  b.api("cudaStreamSynchronize", 8 * ms + 6 * us, 8 * ms + 40 * us);
  uint32_t k3 = b.api("cudaLaunchKernel", 2008 * ms, 2008 * ms + 5 * us);
  b.kernel(k3, 2008 * ms + 10 * us, 2009 * ms);
  Summary s = summarize(b.m);
  ASSERT_EQ(s.idle.size(), 1u);
  const DeviceIdle &d = s.idle[0];
  Ns first = 6 * ms + 10 * us - 5 * ms; // the item's gap, all of it
  Ns queued = 8 * ms + 36 * us - (8 * ms + 6 * us);
  EXPECT_EQ(d.cause_ns[static_cast<int>(GapCause::SyncBubble)],
            first + (8 * ms + 40 * us - (8 * ms + 36 * us)) + queued);
  // The rest of the start-up gap is the host's, not the move's.
  Ns startup = 2008 * ms + 10 * us - (8 * ms + 36 * us);
  EXPECT_EQ(d.cause_ns[static_cast<int>(GapCause::LaunchBound)],
            startup - 4 * us - queued + (8 * ms + 6 * us - 7 * ms));
  EXPECT_EQ(s.bubble_ns, d.cause_ns[static_cast<int>(GapCause::SyncBubble)]);
  // Both parts of the split stretch are known when it ends.
  int parts = 0;
  for (const IdleGap &g : d.gaps)
    if (g.closedAt() == 2008 * ms + 10 * us)
      ++parts;
  EXPECT_EQ(parts, 2);
}

TEST(SyncCount, ACopyWithNoRecordIsReadFromItsArguments) {
  // A sampled run (--sample) gets no copy's record in time outside its windows. x.cpu() from
  // pageable memory behind a 2 ms kernel: the copy call blocks 2 ms, then the stream sync; its
  // arguments (device to host, 16 bytes) say what the record would have. A short one is a
  // read-back too, as with its record (a copy to pageable memory returns once done). A long
  // device-to-device copy call and a long one from pinned memory are no sync of their own.
  Builder b;
  auto copyCall = [&](Ns start, Ns end, CopyKind kind, uint64_t bytes) { // pageable memory
    b.api("cudaMemcpyAsync", start, end);
    b.m.api.back().copy = kind;
    b.m.api.back().copy_bytes = bytes;
    b.m.api.back().copy_host = MemoryKind::Pageable;
  };
  copyCall(1 * ms, 3 * ms, CopyKind::DtoH, 16);
  b.api("cudaStreamSynchronize", 3 * ms + 2 * us, 3 * ms + 5 * us);
  copyCall(4 * ms, 4 * ms + 50 * us, CopyKind::DtoD, 1 << 20);
  copyCall(5 * ms, 5 * ms + 6 * us, CopyKind::DtoH, 16);
  b.api("cudaStreamSynchronize", 5 * ms + 7 * us, 5 * ms + 9 * us);
  b.api("cudaMemcpy", 6 * ms, 7 * ms);
  b.m.api.back().copy = CopyKind::HtoD;
  b.m.api.back().copy_bytes = 4096;
  b.m.api.back().copy_host = MemoryKind::Pageable;
  copyCall(8 * ms, 8 * ms + 40 * us, CopyKind::HtoD, 64 << 20); // pinned: queued, however long
  b.m.api.back().copy_host = MemoryKind::Pinned;
  std::vector<Stall> syncs = findStalls(b.m);
  ASSERT_EQ(syncs.size(), 3u);
  EXPECT_EQ(syncs[0].cls, StallClass::DeviceToHostCopy);
  EXPECT_EQ(syncs[0].start, 1 * ms); // the read-back: the copy and its stream sync, one sync
  EXPECT_EQ(syncs[0].end, 3 * ms + 5 * us);
  EXPECT_EQ(syncs[0].bytes, 16u);
  EXPECT_EQ(syncs[1].start, 5 * ms); // a read-back, however short (its wait was the GPU's)
  EXPECT_EQ(syncs[1].end, 5 * ms + 9 * us);
  EXPECT_EQ(syncs[1].cls, StallClass::DeviceToHostCopy);
  EXPECT_EQ(syncs[2].cls, StallClass::PageableCopy); // a blocking copy from pageable memory
  EXPECT_EQ(syncs[2].bytes, 4096u);
}

TEST(SyncCount, OutsideASampledRunsWindowsNoLaunchIsSeenBetweenCalls) {
  // Outside a sampled run's windows (--sample) a thread's launches are not recorded. Queries
  // answered "not ready", then "done": without the launches between them a polling loop cannot
  // be told from the caching allocator's queries at each allocation, so none is formed (a
  // whole run sees the launches). A copy then a stream sync 2 us later is one read-back; the
  // same sync 5 ms later, launches unseen between, is a sync of its own.
  Builder b;
  auto unseen = [&] { b.m.api.back().launches_unseen = true; };
  for (Ns t : {1 * ms, 2 * ms, 3 * ms}) {
    b.api("cudaEventQuery", t, t + 2 * us);
    b.m.api.back().result = CudaErrorNotReady;
    unseen();
  }
  b.api("cudaEventQuery", 4 * ms, 4 * ms + 2 * us);
  unseen();
  auto readBack = [&](Ns t, Ns syncAfter) {
    b.api("cudaMemcpyAsync", t, t + 300 * us);
    b.m.api.back().copy = CopyKind::DtoH;
    b.m.api.back().copy_host = MemoryKind::Pageable;
    b.m.api.back().copy_bytes = 4;
    unseen();
    Ns s = t + 300 * us + syncAfter;
    b.api("cudaStreamSynchronize", s, s + 3 * us);
    unseen();
  };
  readBack(10 * ms, 2 * us);
  readBack(20 * ms, 5 * ms);
  std::vector<Stall> syncs = findStalls(b.m);
  ASSERT_EQ(syncs.size(), 3u); // no polling loop; one read-back; a copy and a sync
  EXPECT_EQ(syncs[0].start, 10 * ms);
  EXPECT_EQ(syncs[0].end, 10 * ms + 305 * us);
  EXPECT_EQ(syncs[1].end, 20 * ms + 300 * us);
  EXPECT_EQ(syncs[2].start, 25 * ms + 300 * us);
  // The same calls seen whole: the queries are one polling loop, the late sync still merges.
  for (ApiCall &a : b.m.api)
    a.launches_unseen = false;
  EXPECT_EQ(findStalls(b.m).size(), 3u);
  EXPECT_EQ(findStalls(b.m)[0].start, 1 * ms);
}

TEST(SyncCount, OutsideWindowsTheTracersOwnTimeAfterACopyIsNotTheProgramsGap) {
  // A pageable copy whose exit callback took 2 ms (its stack taken, the driver asked about
  // its memory), then the program's device sync 10 us after the copy returned to it: one
  // read-back, as the whole run sees it (ground_truth.cu's pageable copy). Without the time
  // it returned, the sync would come 2 ms after the copy's end: a sync of its own.
  for (bool returnedKept : {true, false}) {
    Builder b;
    b.api("cudaMemcpyAsync", 1 * ms, 29 * ms);
    ApiCall &copy = b.m.api.back();
    copy.copy = CopyKind::HtoD;
    copy.copy_host = MemoryKind::Pageable;
    copy.copy_bytes = 64 << 20;
    copy.launches_unseen = true;
    copy.returned = returnedKept ? 31 * ms : 0;
    b.api("cudaDeviceSynchronize", 31 * ms + 10 * us, 31 * ms + 12 * us);
    b.m.api.back().launches_unseen = true;
    std::vector<Stall> syncs = findStalls(b.m);
    ASSERT_EQ(syncs.size(), returnedKept ? 1u : 2u);
    EXPECT_EQ(syncs[0].cls, StallClass::PageableCopy);
    EXPECT_EQ(syncs[0].end, returnedKept ? 31 * ms + 12 * us : 29 * ms);
  }
}
