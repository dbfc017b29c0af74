// The process's one CUPTI subscriber (CUPTI allows a single one): the runtime API callbacks
// of the sync-relevant calls go to StackCapture, those of the calls the analyses read to
// ApiCallRecorder (when it runs), NVTX range starts to StepMarks. Callbacks are enabled id
// by id, never for a whole domain: every other call runs without tracer code.
#pragma once

#include <cstdint>
#include <string>

namespace hostsync::trace {

// Subscribes for whichever of the three has been started. Returns "" or why not (another
// subscriber, such as the PyTorch profiler, came first).
std::string subscribeCallbacks();

// Sampled mode (--sample): the callbacks of the calls that only launch work are enabled only
// inside the windows (setLaunchCallbacks), so that a launch outside them runs no tracer code.
// Call before subscribeCallbacks.
void launchCallbacksInWindowsOnly();
// Turns those callbacks on or off (a window opens or closes).
void setLaunchCallbacks(bool on);
// Called from a sync's callback when the host waited at least `threshold_ns` in it (an event
// window: analysis/SampleSchedule). Must be cheap and safe inside a CUDA call.
void setExpensiveSyncHook(int64_t threshold_ns, void (*hook)());

// Called once, from the first runtime API callback of the process (a CUDA call made: the
// program's libraries are loaded by then). Must be cheap and safe inside a CUDA call: the
// tracer wakes its fold thread with it, which then loads the LibTorch link (cupti/TorchLink).
void setFirstCallHook(void (*hook)());

} // namespace hostsync::trace
