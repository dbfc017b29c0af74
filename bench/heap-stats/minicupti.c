// A minimal CUPTI activity client, LD_PRELOAD'ed into a program in place of hostsync-trace,
// to tell CUPTI's own memory from the tracer's (issue 34, bench/rss-curve's cupti_* modes).
// It enables the activity kinds $MINICUPTI names (comma-separated: kernel, memcpy, memset,
// driver, runtime; and the settings global: CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER 0,
// noforce: flush without CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), takes buffers with mmap and gives
// them back with munmap once their records are counted, and flushes every second from a
// thread of its own, as hostsync-trace's fold thread does. Nothing else: no callbacks, no
// analysis, no allocation of its own after start.
// build: gcc -O2 -shared -fPIC -I$CUDA/include -o libminicupti.so minicupti.c -L$CUDA/lib64 -lcupti -lpthread
#define _GNU_SOURCE
#include <cupti.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const size_t kBuf = 8 << 20;
static int g_forced = 1;
static unsigned long g_records;

static void CUPTIAPI requested(uint8_t **b, size_t *size, size_t *max) {
  void *m = mmap(NULL, kBuf, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  *b = m == MAP_FAILED ? NULL : (uint8_t *)m;
  *size = *b ? kBuf : 0;
  *max = 0;
}

static void CUPTIAPI completed(CUcontext c, uint32_t s, uint8_t *b, size_t size, size_t valid) {
  (void)c, (void)s, (void)size;
  CUpti_Activity *r = NULL;
  while (cuptiActivityGetNextRecord(b, valid, &r) == CUPTI_SUCCESS)
    __atomic_add_fetch(&g_records, 1, __ATOMIC_RELAXED);
  munmap(b, kBuf);
}

static void *flusher(void *arg) {
  (void)arg;
  pthread_setname_np(pthread_self(), "minicupti-flush");
  for (;;) {
    sleep(1);
    cuptiActivityFlushAll(g_forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED : 0);
  }
  return NULL;
}

static int has(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; (p = strstr(p, word)); p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
      return 1;
  return 0;
}

__attribute__((constructor)) static void start(void) {
  const char *k = getenv("MINICUPTI");
  if (!k || !*k)
    return;
  g_forced = !has(k, "noforce");
  if (has(k, "global")) {
    uint8_t off = 0;
    size_t sz = sizeof off;
    cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER, &sz, &off);
  }
  if (cuptiActivityRegisterCallbacks(requested, completed) != CUPTI_SUCCESS) {
    fprintf(stderr, "minicupti: cannot register\n");
    return;
  }
  const struct { const char *name; CUpti_ActivityKind kind; } kinds[] = {
      {"kernel", CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL}, {"memcpy", CUPTI_ACTIVITY_KIND_MEMCPY},
      {"memset", CUPTI_ACTIVITY_KIND_MEMSET}, {"driver", CUPTI_ACTIVITY_KIND_DRIVER},
      {"runtime", CUPTI_ACTIVITY_KIND_RUNTIME}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (has(k, kinds[i].name) && cuptiActivityEnable(kinds[i].kind) != CUPTI_SUCCESS)
      fprintf(stderr, "minicupti: cannot enable %s\n", kinds[i].name);
  pthread_t t;
  pthread_create(&t, NULL, flusher, NULL);
  pthread_detach(t);
  fprintf(stderr, "minicupti: %s\n", k);
}
