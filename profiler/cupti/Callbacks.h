// The process's one CUPTI subscriber (CUPTI allows a single one): the runtime API callbacks
// of the sync-relevant calls go to StackCapture, NVTX range starts to StepMarks.
#pragma once

#include <string>

namespace hostsync::trace {

// Subscribes for whichever of the two has been started. Returns "" or why not (another
// subscriber, such as the PyTorch profiler, came first).
std::string subscribeCallbacks();

} // namespace hostsync::trace
