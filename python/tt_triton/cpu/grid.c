/*===- grid.c - runs a CPU kernel's grid on a pool of threads -----*- C -*-===*
 *
 * Part of tt, the Triton compiler as a suite of Unix tools.
 *
 * Built once per machine by tt_triton.cpu.driver (cc -O2 -shared -pthread)
 * and called through ctypes, which releases the GIL for the whole grid. A
 * kernel compiled by `tt-translate --target cpu` exports
 *   void <kernel>__packed(void **args, int32_t pid_x, int32_t pid_y,
 *                         int32_t pid_z, int32_t num_x, int32_t num_y,
 *                         int32_t num_z);
 * (docs/cpu-backend.md); programs may run concurrently. Threads take chunks
 * of consecutive program ids from one shared counter, x fastest.
 *
 *===----------------------------------------------------------------------===*/

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

typedef void (*tt_cpu_kernel_fn)(void **, int32_t, int32_t, int32_t, int32_t,
                                 int32_t, int32_t);

struct grid {
  tt_cpu_kernel_fn fn;
  void **args;
  int64_t gx, gy, gz, total, chunk;
  _Atomic int64_t next;
};

static void *worker(void *p) {
  struct grid *g = (struct grid *)p;
  for (;;) {
    int64_t begin = atomic_fetch_add(&g->next, g->chunk);
    if (begin >= g->total)
      return NULL;
    int64_t end = begin + g->chunk < g->total ? begin + g->chunk : g->total;
    for (int64_t pid = begin; pid < end; ++pid) {
      int64_t x = pid % g->gx, y = (pid / g->gx) % g->gy,
              z = pid / (g->gx * g->gy);
      g->fn(g->args, (int32_t)x, (int32_t)y, (int32_t)z, (int32_t)g->gx,
            (int32_t)g->gy, (int32_t)g->gz);
    }
  }
}

/* Runs every program of a gx x gy x gz grid on up to `threads` threads
 * (the calling one included). Returns 0, or -1 when a thread could not be
 * started (the programs still all run, on the threads that did start). */
int tt_cpu_run_grid(tt_cpu_kernel_fn fn, void **args, int64_t gx, int64_t gy,
                    int64_t gz, int threads) {
  struct grid g;
  g.fn = fn;
  g.args = args;
  g.gx = gx;
  g.gy = gy;
  g.gz = gz;
  g.total = gx * gy * gz;
  if (g.total <= 0)
    return 0;
  if (threads < 1)
    threads = 1;
  if (threads > g.total)
    threads = (int)g.total;
  /* Chunks small enough to balance uneven programs, large enough that the
   * counter is not contended: about 8 per thread, at most 64 programs. */
  g.chunk = g.total / ((int64_t)threads * 8);
  if (g.chunk < 1)
    g.chunk = 1;
  if (g.chunk > 64)
    g.chunk = 64;
  atomic_init(&g.next, 0);
  if (threads == 1) {
    worker(&g);
    return 0;
  }
  pthread_t *pool = (pthread_t *)calloc((size_t)threads - 1, sizeof(pthread_t));
  int started = 0, status = 0;
  for (int t = 0; pool && t < threads - 1; ++t) {
    if (pthread_create(&pool[t], NULL, worker, &g) != 0) {
      status = -1;
      break;
    }
    ++started;
  }
  if (!pool)
    status = -1;
  worker(&g);
  for (int t = 0; t < started; ++t)
    pthread_join(pool[t], NULL);
  free(pool);
  return status;
}
