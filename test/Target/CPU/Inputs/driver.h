/*===- driver.h - helpers of the CPU end-to-end test drivers -------------===*\
|*                                                                            *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                  *|
|*                                                                            *|
|* Each driver loads a kernel compiled by `tt-translate --target cpu          *|
|* --emit=so`, calls its `<kernel>__packed` entry point once per program id   *|
|* (the CPU kernel ABI of docs/cpu-backend.md) and compares the results with  *|
|* a reference computed in double precision. Buffers end right before an      *|
|* inaccessible page, so a masked-off access past the end crashes the test.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TT_TEST_CPU_DRIVER_H
#define TT_TEST_CPU_DRIVER_H

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

typedef void (*packed_fn)(void **args, int32_t pid_x, int32_t pid_y,
                          int32_t pid_z, int32_t num_x, int32_t num_y,
                          int32_t num_z);

static packed_fn load_kernel(const char *so, const char *kernel) {
  void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "dlopen %s: %s\n", so, dlerror());
    exit(2);
  }
  char name[256];
  snprintf(name, sizeof name, "%s__packed", kernel);
  packed_fn f = (packed_fn)dlsym(h, name);
  if (!f) {
    fprintf(stderr, "dlsym %s: %s\n", name, dlerror());
    exit(2);
  }
  return f;
}

/* `bytes` of memory followed immediately by a PROT_NONE page. */
static void *guarded_alloc(size_t bytes) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t data = (bytes + page - 1) / page * page;
  char *base = mmap(NULL, data + page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) {
    perror("mmap");
    exit(2);
  }
  if (mprotect(base + data, page, PROT_NONE)) {
    perror("mprotect");
    exit(2);
  }
  return base + data - bytes;
}

/* Deterministic uniform numbers in [lo, hi). */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double uniform(double lo, double hi) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

/* IEEE half precision <-> double (round to nearest even). */
static double half_to_double(uint16_t h) {
  int s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v;
  if (e == 0)
    v = ldexp(m, -24);
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = ldexp(m + 1024, e - 25);
  return s ? -v : v;
}

static uint16_t double_to_half(double v) {
  uint16_t sign = signbit(v) ? 0x8000 : 0;
  v = fabs(v);
  if (isnan(v))
    return 0x7e00;
  if (v >= 65520.0)
    return sign | 0x7c00;
  if (v < ldexp(1, -14)) { /* subnormal: multiples of 2^-24 */
    double q = nearbyint(ldexp(v, 24));
    return sign | (uint16_t)q;
  }
  int e;
  frexp(v, &e); /* v = f * 2^e, f in [0.5, 1) */
  double q = nearbyint(ldexp(v, 11 - e)); /* 11 significant bits */
  if (q >= 2048) {
    q /= 2;
    e++;
  }
  return sign | (uint16_t)((e + 14) << 10) | ((uint16_t)q & 0x3ff);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Counts mismatches: |got - want| > atol + rtol * |want|. */
static int check(const char *what, double got, double want, double rtol,
                 double atol, long index, int *reported) {
  if (fabs(got - want) <= atol + rtol * fabs(want) && !isnan(got))
    return 0;
  if ((*reported)++ < 10)
    fprintf(stderr, "%s[%ld]: got %.9g, want %.9g\n", what, index, got, want);
  return 1;
}

#endif /* TT_TEST_CPU_DRIVER_H */
