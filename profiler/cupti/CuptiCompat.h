// Every CUDA/CUPTI version difference lives here: which versioned record struct this
// toolkit's CUPTI writes for each activity kind.
#pragma once

#include <cupti.h>

namespace hostsync::trace::cupti_compat {

#if CUDA_VERSION >= 13000 // CUDA 13 writes the tenth kernel record layout
using KernelRecord = CUpti_ActivityKernel10;
#else
using KernelRecord = CUpti_ActivityKernel9;
#endif
using MemcpyRecord = CUpti_ActivityMemcpy6;
using MemsetRecord = CUpti_ActivityMemset4;
using SyncActivityRecord = CUpti_ActivitySynchronization2;
using OverheadRecord = CUpti_ActivityOverhead3;
using ApiRecord = CUpti_ActivityAPI;
using ExternalRecord = CUpti_ActivityExternalCorrelation;
// The external correlation kind hostsync pushes on the sync calls it keeps stacks for
// (Kineto uses CUSTOM0 and CUSTOM1).
constexpr CUpti_ExternalCorrelationKind HostsyncExternalKind =
    CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2;

} // namespace hostsync::trace::cupti_compat
