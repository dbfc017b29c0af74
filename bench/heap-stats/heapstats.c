// glibc's heap, sampled from inside a process once a second, for bench/rss-curve (issue 34:
// word_language_model's RSS growth). LD_PRELOAD'ed into the program traced or not alike, it
// starts one detached thread that writes, every second, to $HEAPSTATS_OUT.<pid>:
//   <CLOCK_MONOTONIC ns> <heap in use: uordblks> <mmapped chunks: hblkhd> <arena bytes: arena>
// (mallinfo2(), all arenas summed: the numbers HOSTSYNC_FOLD_STATS prints in a traced run).
// Nothing else: no allocation hooks, no CUDA. Unset HEAPSTATS_OUT: it does nothing.
// build: gcc -O2 -shared -fPIC -o libheapstats.so heapstats.c -lpthread
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void *sample(void *arg) {
  FILE *f = (FILE *)arg;
  for (;;) {
    struct mallinfo2 m = mallinfo2();
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    fprintf(f, "%lld %zu %zu %zu\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec, m.uordblks,
            m.hblkhd, m.arena);
    fflush(f);
    sleep(1);
  }
  return NULL;
}

__attribute__((constructor)) static void start(void) {
  const char *out = getenv("HEAPSTATS_OUT");
  if (!out || !*out)
    return;
  char path[4096];
  snprintf(path, sizeof path, "%s.%d", out, (int)getpid());
  FILE *f = fopen(path, "w");
  if (!f)
    return;
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&t, &attr, sample, f) != 0)
    fclose(f);
  pthread_attr_destroy(&attr);
}
