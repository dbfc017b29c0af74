// glibc's heap, sampled from inside a process, for bench/rss-curve (issue 34:
// word_language_model's RSS growth under hostsync-trace). LD_PRELOAD'ed into the program,
// traced or not alike; unset HEAPSTATS_OUT: it does nothing (but, in the profiling build, pass
// each call on). It starts one detached thread that writes:
//   - every second, to $HEAPSTATS_OUT.<pid>:
//       <CLOCK_MONOTONIC ns> <heap in use: uordblks> <mmapped chunks: hblkhd> <arena bytes: arena>
//     (mallinfo2(), all arenas summed: the numbers HOSTSYNC_FOLD_STATS prints in a traced run);
//   - every HEAPSTATS_INFO_S seconds (default 10; 0: never), to $HEAPSTATS_OUT.<pid>.info, a
//     line "# t <ns>" and glibc's malloc_info(0) XML: each arena's (<heap nr=N>) system bytes
//     and free chunks, so its bytes in use are system - free (fast and rest).
// Built with -DHEAPSTATS_PROFILE (libheapprof.so), it is also a sampling heap profiler: it
// defines malloc, free, calloc, realloc, memalign, posix_memalign, aligned_alloc, valloc and
// pvalloc over glibc's own (__libc_malloc...; every pointer is glibc's, untouched), and about
// once per HEAPSTATS_SAMPLE_KB (default 256) KB allocated by a thread (a Poisson process over
// bytes, as tcmalloc samples) it records the allocation's call stack (backtrace, 24 frames),
// the thread's id and name, and the time, until the block is freed. Each sample stands for
// size / (1 - exp(-size / mean)) bytes. Every HEAPSTATS_INFO_S seconds it appends to
// $HEAPSTATS_OUT.<pid>.prof:
//   # t <ns> samples <live> est_live <bytes> dropped <n>
//   thread <name> <est live bytes> <est bytes allocated >= 30 s ago and live> <samples> <tid>
//   arena <tid> <name> <nr in malloc_info, main, mmap or ?>
//   stack <id> <est live bytes> <est old bytes (>= 30 s)> <samples> <a thread's name>
//     <module>+0x<offset> <symbol>            (one line per frame, innermost first; CUPTI's
//                                              module by its whole path)
//     =block <size> <first 32 bytes in hex> <first 64 bytes as text>   (two live blocks)
// (stacks with at least 1 MB live or 512 KB old, the 60 largest by live bytes; ids stay the
// same from one dump to the next, so that a stack's growth is read across dumps). A block
// that stays live and whose "old" bytes grow from dump to dump is what a leak looks like;
// memory recycled within seconds has no old bytes. The arena lines tie each thread to its
// glibc arena (malloc_info's heap nr) by the arena's list, read at glibc 2.26-2.39's offsets
// and checked against malloc_info's count of heaps ("?" when the check fails).
// Cost: a thread-local countdown per call; a free() looks at one hash bucket.
// build: gcc -O2 -shared -fPIC -o libheapstats.so heapstats.c -lpthread
//        gcc -O2 -shared -fPIC -DHEAPSTATS_PROFILE -o libheapprof.so heapstats.c -lpthread -lm -ldl
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long g_info_s = 10;
static char g_out[4000];

#ifdef HEAPSTATS_PROFILE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

#define TLS __attribute__((tls_model("initial-exec"))) __thread
#define DEPTH 24
#define STACKS 16384        // distinct stacks kept
#define STACK_SLOTS 32768   // their hash table
#define BUCKETS (1u << 18)  // live samples' hash table
#define NODES (1u << 18)    // live samples at most (pages touched only as they are used)
#define THREADS 4096

struct node {
  uintptr_t ptr;
  size_t size;   // as asked for
  double weight; // estimated bytes
  long long t;   // when allocated
  uint32_t stack, tid;
  char name[16];
  struct node *next;
};
struct stack {
  uint64_t hash;
  int depth;
  uintptr_t pcs[DEPTH];
};

static double g_mean = 0; // mean bytes between samples; 0: off
static _Atomic(struct node *) *g_heads;
static atomic_flag *g_locks;
static struct node *g_nodes, *g_free_nodes;
static uint32_t g_nodes_used; // g_nodes[0, used) have been handed out at least once
static pthread_mutex_t g_mutex = PTHREAD_MUTEX_INITIALIZER; // nodes' free list, stacks, threads
static struct stack *g_stacks;
static int32_t *g_stack_slots;
static uint32_t g_stack_count;
static atomic_ulong g_dropped, g_live;
static struct {
  uint32_t tid;
  uintptr_t arena; // 1: main arena, 2: only mmapped chunks seen so far, else the arena
  char name[16];
} g_threads[THREADS];
static int g_thread_count;

static TLS double t_left;
static TLS uint64_t t_rng;
static TLS int t_busy, t_registered;

static double draw(void) {
  t_rng ^= t_rng << 13, t_rng ^= t_rng >> 7, t_rng ^= t_rng << 17;
  double u = ((t_rng >> 11) + 1) * (1.0 / 9007199254740993.0);
  return -log(u) * g_mean;
}

static uint64_t hash_pcs(const uintptr_t *pcs, int n) {
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < n; ++i)
    h = (h ^ pcs[i]) * 1099511628211ull;
  return h ? h : 1;
}

static uint32_t bucket_of(uintptr_t p) {
  return (uint32_t)((p >> 4) * 0x9E3779B97F4A7C15ull >> 46) & (BUCKETS - 1);
}

// The chunk's arena, read from glibc's chunk header (see the top of the file).
static uintptr_t arena_of(void *p) {
  size_t size = ((size_t *)p)[-1];
  if (size & 2)
    return 2;
  if (!(size & 4))
    return 1;
  return *(uintptr_t *)((uintptr_t)p & ~((uintptr_t)(64u << 20) - 1));
}

static void sample(void *p, size_t n) {
  if (!t_rng) { // this thread's first call: seed, and draw its first distance
    t_rng = ((uint64_t)now_ns() * 2654435761u ^ (uint64_t)syscall(SYS_gettid) << 32) | 1;
    t_left = draw();
    if (t_left > 0)
      return;
  }
  t_busy = 1;
  double weight = n >= g_mean * 30 ? (double)n : (double)n / (1 - exp(-(double)n / g_mean));
  t_left = draw();
  void *frames[DEPTH + 2];
  int depth = backtrace(frames, DEPTH + 2) - 2; // less sample() and the allocation function
  if (depth < 0)
    depth = 0;
  uintptr_t pcs[DEPTH];
  for (int i = 0; i < depth; ++i)
    pcs[i] = (uintptr_t)frames[i + 2];
  uint64_t h = hash_pcs(pcs, depth);
  uint32_t tid = (uint32_t)syscall(SYS_gettid);
  char name[16] = "";
  prctl(PR_GET_NAME, name);
  pthread_mutex_lock(&g_mutex);
  if (!t_registered && g_thread_count < THREADS) {
    t_registered = 1;
    g_threads[g_thread_count].tid = tid;
    g_threads[g_thread_count].arena = arena_of(p);
    memcpy(g_threads[g_thread_count].name, name, 16);
    ++g_thread_count;
  } else if (t_registered) {
    for (int i = g_thread_count - 1; i >= 0; --i)
      if (g_threads[i].tid == tid) {
        if (g_threads[i].arena == 2)
          g_threads[i].arena = arena_of(p);
        memcpy(g_threads[i].name, name, 16);
        break;
      }
  }
  uint32_t slot = (uint32_t)h & (STACK_SLOTS - 1);
  int32_t id = -1;
  for (;;) {
    int32_t s = g_stack_slots[slot];
    if (s < 0) {
      if (g_stack_count >= STACKS)
        break;
      id = (int32_t)g_stack_count++;
      g_stacks[id].hash = h;
      g_stacks[id].depth = depth;
      memcpy(g_stacks[id].pcs, pcs, sizeof(uintptr_t) * (size_t)depth);
      g_stack_slots[slot] = id;
      break;
    }
    if (g_stacks[s].hash == h && g_stacks[s].depth == depth &&
        !memcmp(g_stacks[s].pcs, pcs, sizeof(uintptr_t) * (size_t)depth)) {
      id = s;
      break;
    }
    slot = (slot + 1) & (STACK_SLOTS - 1);
  }
  struct node *node = NULL;
  if (id >= 0 && g_free_nodes) {
    node = g_free_nodes;
    g_free_nodes = node->next;
  } else if (id >= 0 && g_nodes_used < NODES) {
    node = &g_nodes[g_nodes_used++];
  }
  pthread_mutex_unlock(&g_mutex);
  if (!node) {
    atomic_fetch_add(&g_dropped, 1);
    t_busy = 0;
    return;
  }
  node->ptr = (uintptr_t)p;
  node->size = n;
  node->weight = weight;
  node->t = now_ns();
  node->stack = (uint32_t)id;
  node->tid = tid;
  memcpy(node->name, name, 16);
  uint32_t b = bucket_of((uintptr_t)p);
  while (atomic_flag_test_and_set_explicit(&g_locks[b], memory_order_acquire))
    ;
  node->next = atomic_load_explicit(&g_heads[b], memory_order_relaxed);
  atomic_store_explicit(&g_heads[b], node, memory_order_release);
  atomic_flag_clear_explicit(&g_locks[b], memory_order_release);
  atomic_fetch_add(&g_live, 1);
  t_busy = 0;
}

static inline void track(void *p, size_t n) {
  if (!p || g_mean <= 0 || t_busy)
    return;
  t_left -= (double)n;
  if (t_left <= 0)
    sample(p, n);
}

static inline void untrack(void *p) {
  if (!p || !g_heads)
    return;
  uint32_t b = bucket_of((uintptr_t)p);
  if (!atomic_load_explicit(&g_heads[b], memory_order_acquire))
    return;
  struct node *found = NULL;
  while (atomic_flag_test_and_set_explicit(&g_locks[b], memory_order_acquire))
    ;
  struct node *prev = NULL;
  for (struct node *n = atomic_load_explicit(&g_heads[b], memory_order_relaxed); n;
       prev = n, n = n->next)
    if (n->ptr == (uintptr_t)p) {
      if (prev)
        prev->next = n->next;
      else
        atomic_store_explicit(&g_heads[b], n->next, memory_order_relaxed);
      found = n;
      break;
    }
  atomic_flag_clear_explicit(&g_locks[b], memory_order_release);
  if (found) {
    atomic_fetch_sub(&g_live, 1);
    pthread_mutex_lock(&g_mutex);
    found->next = g_free_nodes;
    g_free_nodes = found;
    pthread_mutex_unlock(&g_mutex);
  }
}

void *malloc(size_t n) {
  void *p = __libc_malloc(n);
  track(p, n);
  return p;
}
void free(void *p) {
  untrack(p);
  __libc_free(p);
}
void *calloc(size_t a, size_t b) {
  void *p = __libc_calloc(a, b);
  track(p, a * b);
  return p;
}
void *realloc(void *p, size_t n) {
  untrack(p);
  void *q = __libc_realloc(p, n);
  track(q, n);
  return q;
}
void *memalign(size_t a, size_t n) {
  void *p = __libc_memalign(a, n);
  track(p, n);
  return p;
}
void *aligned_alloc(size_t a, size_t n) { return memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
  if (a % sizeof(void *) || (a & (a - 1)) || !a)
    return EINVAL;
  void *p = __libc_memalign(a, n);
  if (!p)
    return ENOMEM;
  track(p, n);
  *out = p;
  return 0;
}
void *valloc(size_t n) {
  void *p = __libc_valloc(n);
  track(p, n);
  return p;
}
void *pvalloc(size_t n) {
  void *p = __libc_pvalloc(n);
  track(p, n);
  return p;
}

static void *map(size_t bytes) {
  void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return m == MAP_FAILED ? NULL : m;
}

static void profile_start(void) {
  const char *kb = getenv("HEAPSTATS_SAMPLE_KB");
  double mean = (kb && *kb ? atof(kb) : 256) * 1024;
  if (mean <= 0)
    return;
  void *warm[4];
  backtrace(warm, 4); // loads the unwinder now, not inside a sampled call
  g_locks = map(sizeof(atomic_flag) * BUCKETS);
  g_nodes = map(sizeof(struct node) * NODES);
  g_stacks = map(sizeof(struct stack) * STACKS);
  g_stack_slots = map(sizeof(int32_t) * STACK_SLOTS);
  _Atomic(struct node *) *heads = map(sizeof(struct node *) * BUCKETS);
  if (!g_locks || !g_nodes || !g_stacks || !g_stack_slots || !heads)
    return;
  for (uint32_t i = 0; i < STACK_SLOTS; ++i)
    g_stack_slots[i] = -1;
  g_heads = heads;
  g_mean = mean;
}

// malloc_info's nr of an arena: the list is main, then the newest arena to the oldest.
static const char *arena_nr(uintptr_t arena, char *buf, size_t size) {
  if (arena == 1)
    return "main";
  if (arena == 2)
    return "mmap";
  // struct malloc_state (glibc 2.26-2.39, 64-bit): next at 2160 bytes.
  uintptr_t a = arena;
  for (int steps = 0; steps < 1024; ++steps) {
    uintptr_t next = *(uintptr_t *)(a + 2160);
    if (!next)
      return "?";
    // A thread arena's state sits just after its heap's header, near a 64 MB boundary;
    // the main arena is in libc's data.
    if ((next & ((64u << 20) - 1)) > 4096) { // next is the main arena: count from it
      int nr = 0;
      for (uintptr_t x = next; x != arena && nr < 1024; x = *(uintptr_t *)(x + 2160))
        ++nr;
      snprintf(buf, size, "%d", nr);
      return buf;
    }
    a = next;
  }
  return "?";
}

struct agg {
  double live, old;
  uint32_t samples;
  char name[16]; // the thread of its first sample met
  int examples;  // blocks copied below
  size_t sizes[2];
  unsigned char bytes[2][64]; // the first bytes of two live blocks (what the stack keeps)
};
struct named { // a thread: its name when it allocated, and its id
  char name[16];
  struct agg a;
  uint32_t tids[1];
  int ntids;
};

static int by_live(const void *x, const void *y, void *arg) {
  const struct agg *stacks = arg;
  double a = stacks[*(const uint32_t *)x].live, b = stacks[*(const uint32_t *)y].live;
  return a < b ? 1 : a > b ? -1 : 0;
}

static void profile_dump(FILE *f) {
  if (g_mean <= 0)
    return;
  long long t = now_ns(), old_before = t - 30000000000LL;
  static struct agg stacks[STACKS];
  static struct named names[256];
  int nnames = 0;
  memset(stacks, 0, sizeof stacks);
  memset(names, 0, sizeof names);
  double total = 0;
  unsigned long samples = 0;
  for (uint32_t b = 0; b < BUCKETS; ++b) {
    if (!atomic_load_explicit(&g_heads[b], memory_order_acquire))
      continue;
    while (atomic_flag_test_and_set_explicit(&g_locks[b], memory_order_acquire))
      ;
    for (struct node *n = atomic_load_explicit(&g_heads[b], memory_order_relaxed); n; n = n->next) {
      int old = n->t < old_before;
      struct agg *s = &stacks[n->stack];
      if (!s->samples)
        memcpy(s->name, n->name, 16);
      // The block is alive while its bucket is locked: free() waits for the lock first.
      if (s->examples < 2 && n->size >= 16 && !(((size_t *)n->ptr)[-1] & 2)) {
        s->sizes[s->examples] = n->size;
        memcpy(s->bytes[s->examples++], (const void *)n->ptr, n->size < 64 ? n->size : 64);
      }
      s->live += n->weight, s->old += old ? n->weight : 0, ++s->samples;
      total += n->weight, ++samples;
      int k = 0; // threads are told apart by id: new ones inherit their creator's name
      while (k < nnames && (names[k].tids[0] != n->tid || strncmp(names[k].name, n->name, 16)))
        ++k;
      if (k == nnames && nnames < 256) {
        memcpy(names[nnames].name, n->name, 16);
        names[nnames].tids[0] = n->tid;
        names[nnames++].ntids = 1;
      }
      if (k < nnames) {
        struct named *m = &names[k];
        m->a.live += n->weight, m->a.old += old ? n->weight : 0, ++m->a.samples;
      }
    }
    atomic_flag_clear_explicit(&g_locks[b], memory_order_release);
  }
  fprintf(f, "# t %lld samples %lu est_live %.0f dropped %lu\n", t, samples, total,
          (unsigned long)atomic_load(&g_dropped));
  for (int k = 0; k < nnames; ++k) {
    fprintf(f, "thread %s %.0f %.0f %u ", names[k].name[0] ? names[k].name : "-", names[k].a.live,
            names[k].a.old, names[k].a.samples);
    for (int i = 0; i < names[k].ntids; ++i)
      fprintf(f, "%s%u", i ? "," : "", names[k].tids[i]);
    fputc('\n', f);
  }
  pthread_mutex_lock(&g_mutex);
  int nthreads = g_thread_count;
  pthread_mutex_unlock(&g_mutex);
  for (int i = 0; i < nthreads; ++i) {
    char buf[32];
    fprintf(f, "arena %u %s %s\n", g_threads[i].tid,
            g_threads[i].name[0] ? g_threads[i].name : "-",
            arena_nr(g_threads[i].arena, buf, sizeof buf));
  }
  static uint32_t order[STACKS];
  uint32_t count = g_stack_count, shown = 0;
  for (uint32_t i = 0; i < count; ++i)
    order[i] = i;
  qsort_r(order, count, sizeof order[0], by_live, stacks);
  for (uint32_t i = 0; i < count && shown < 60; ++i) {
    const struct agg *s = &stacks[order[i]];
    if (s->live < (1 << 20) && s->old < (512 << 10))
      continue;
    ++shown;
    const struct stack *st = &g_stacks[order[i]];
    fprintf(f, "stack %u %.0f %.0f %u %s\n", order[i], s->live, s->old, s->samples,
            s->name[0] ? s->name : "-");
    for (int k = 0; k < st->depth; ++k) {
      Dl_info info;
      if (dladdr((void *)st->pcs[k], &info) && info.dli_fname) {
        // CUPTI by its whole path: a process may hold two copies (the tracer's, torch's).
        const char *base = strstr(info.dli_fname, "cupti") ? NULL : strrchr(info.dli_fname, '/');
        fprintf(f, "  %s+0x%lx %s\n", base ? base + 1 : info.dli_fname,
                (unsigned long)(st->pcs[k] - (uintptr_t)info.dli_fbase),
                info.dli_sname ? info.dli_sname : "?");
      } else {
        fprintf(f, "  ?+0x%lx ?\n", (unsigned long)st->pcs[k]);
      }
    }
    for (int e = 0; e < s->examples; ++e) { // "  =block <size> <hex of 32 bytes> <text of 64>"
      size_t n = s->sizes[e] < 64 ? s->sizes[e] : 64;
      fprintf(f, "  =block %zu ", s->sizes[e]);
      for (size_t b = 0; b < 32 && b < n; ++b)
        fprintf(f, "%02x", s->bytes[e][b]);
      fputc(' ', f);
      for (size_t b = 0; b < n; ++b)
        fputc(s->bytes[e][b] >= 33 && s->bytes[e][b] < 127 ? s->bytes[e][b] : '.', f);
      fputc('\n', f);
    }
  }
  fflush(f);
}
#define BUSY() (t_busy = 1)
#else
#define BUSY() ((void)0)
static void profile_start(void) {}
#endif

static FILE *open_out(const char *suffix) {
  char path[4096 + 16];
  snprintf(path, sizeof path, "%s.%d%s", g_out, (int)getpid(), suffix);
  return fopen(path, "w");
}

static void *sampler(void *arg) {
  BUSY(); // this thread's own allocations are not the program's
  FILE *f = (FILE *)arg;
  FILE *info = g_info_s > 0 ? open_out(".info") : NULL;
#ifdef HEAPSTATS_PROFILE
  FILE *prof = g_info_s > 0 ? open_out(".prof") : NULL;
#endif
  for (long k = 1;; ++k) {
    struct mallinfo2 m = mallinfo2();
    fprintf(f, "%lld %zu %zu %zu\n", now_ns(), m.uordblks, m.hblkhd, m.arena);
    fflush(f);
    if (g_info_s > 0 && k % g_info_s == 0) {
      if (info) {
        fprintf(info, "# t %lld\n", now_ns());
        malloc_info(0, info);
        fflush(info);
      }
#ifdef HEAPSTATS_PROFILE
      if (prof)
        profile_dump(prof);
#endif
    }
    sleep(1);
  }
  return NULL;
}

__attribute__((constructor)) static void start(void) {
  const char *out = getenv("HEAPSTATS_OUT");
  if (!out || !*out)
    return;
  snprintf(g_out, sizeof g_out, "%s", out);
  const char *info_s = getenv("HEAPSTATS_INFO_S");
  if (info_s && *info_s)
    g_info_s = atol(info_s);
  profile_start();
  FILE *f = open_out("");
  if (!f)
    return;
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&t, &attr, sampler, f) != 0)
    fclose(f);
  pthread_attr_destroy(&attr);
}
