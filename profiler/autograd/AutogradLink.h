/* The plain C interface between the tracer (libhostsync_trace.so) and its LibTorch link
 * (libhostsync_autograd.so, built against the program's LibTorch): which forward op of the
 * program's code a sync in autograd's backward belongs to. PyTorch numbers each autograd node
 * with a sequence number and records, with RecordFunction, the number and the forward thread of
 * the op that created it (FUNCTION scope) and of each backward node as it runs
 * (BACKWARD_FUNCTION scope): Kineto links the two so. The link records each forward op's number
 * with where it ran (its Python frames' code objects and offsets, or a native stack for ops
 * whose backward was seen to sync), and says, on autograd's engine thread, which node is
 * running. No LibTorch or CUDA type crosses this header. */
#ifndef HOSTSYNC_AUTOGRAD_LINK_H
#define HOSTSYNC_AUTOGRAD_LINK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { HOSTSYNC_FORWARD_PYTHON = 8, HOSTSYNC_FORWARD_PCS = 32 };

/* The backward node running on the calling thread. */
struct HostsyncBackwardNode {
  int64_t seq;             /* its sequence number: its forward op's */
  uint64_t forward_thread; /* RecordFunction's id of the thread its forward op ran on */
  const char *name;        /* "IndexBackward0", static for the program's life */
};

/* A forward op as recorded. */
struct HostsyncForwardOp {
  int64_t seq;
  const char *name; /* "aten::index", static for the program's life */
  int python;       /* frames in python_refs, innermost first: (code object, byte offset) */
  uint64_t python_refs[2 * HOSTSYNC_FORWARD_PYTHON];
  int pcs; /* return addresses in pc, innermost first (ops watched by name only) */
  uint64_t pc[HOSTSYNC_FORWARD_PCS];
};

/* Writes the calling thread's Python frames as (code, offset) pairs, at most max_frames;
 * returns how many. The tracer's (it reads CPython's frames); 0 off a Python thread. */
typedef int (*HostsyncLocate)(uint64_t *refs, int max_frames);

/* Registers the backward-node callback (cheap: backward nodes only). 1 when on. */
int hostsync_autograd_start(HostsyncLocate locate);
/* 1 and the node when the calling thread runs a backward node, else 0. */
int hostsync_autograd_backward_node(struct HostsyncBackwardNode *out);
/* From now on, records every forward op that autograd numbers (FUNCTION scope: every op pays
 * RecordFunction's cost, so the tracer asks for it only once a backward sync was seen). */
void hostsync_autograd_record_forward(void);
/* 1 and the op when the forward op of that thread and number is still recorded. */
int hostsync_autograd_forward_of(uint64_t forward_thread, int64_t seq,
                                 struct HostsyncForwardOp *out);
/* Forward ops of this name keep their native stack from now on (a program with no Python). */
void hostsync_autograd_watch(const char *name);
/* The LibTorch version it was built against ("2.11.0") and the folder of that libtorch. */
const char *hostsync_autograd_torch_version(void);
const char *hostsync_autograd_torch_lib(void);

#ifdef __cplusplus
}
#endif

#endif
