/*===- aot-overhead.c - launch overhead of tt-aot's generated launchers ---===*\
|*                                                                            *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                  *|
|*                                                                            *|
|* Times the host side of launching a tiny kernel (vadd with n = 16: one      *|
|* program of 128 threads) four ways on one stream:                           *|
|*   bare      cuLaunchKernel with its parameter array built once, outside    *|
|*             the loop: the floor                                            *|
|*   vadd_any  the launcher tt-aot generated (no conditions to check)         *|
|*   vadd_16   the launcher of the specialization, which checks x, y, out     *|
|*             and n % 16 first                                               *|
|*   vadd      the linked dispatcher over vadd_16 and vadd_any                *|
|* all running the same cubin, and vadd_16 and vadd with n = 0, whose grid is *|
|* empty: they return before calling the driver, so their time is the        *|
|* launchers' own work (conditions, grid arithmetic). Two figures per path:  *|
|*   enqueue   host time per launch in batches of 256 launches followed by    *|
|*             a synchronize (untimed), so the launch queue never fills: the  *|
|*             cost a launcher adds                                           *|
|*   stream    time per launch of 20000 back-to-back launches, synchronize    *|
|*             included: launch throughput, bounded by the GPU                *|
|* Paths alternate round by round; medians of the rounds are printed.        *|
|*                                                                            *|
|*   aot-overhead CUBIN      (the cubin the launchers embed, for the bare     *|
|*                            path; its metadata: 4 warps, no shared memory)  *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L
#include "vadd.h"
#include "vadd_16.h"
#include "vadd_any.h"

#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../examples/aot/demo.h" /* CHECK */

enum { PATHS = 6, ROUNDS = 31, BATCH = 256, BATCHES = 40, STREAMED = 20000 };
static const char *const names[PATHS] = {
    "bare cuLaunchKernel", "vadd_any",         "vadd_16",
    "vadd (linked)",       "vadd_16, n=0",     "vadd (linked), n=0"};

static CUstream stream;
static CUfunction bare_fn;
static CUdeviceptr x, y, out, no_scratch;
static int32_t n = 16;
static void *bare_params[6];

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void launch(int path, int count) {
  int i;
  switch (path) {
  case 0:
    for (i = 0; i < count; ++i)
      CHECK(cuLaunchKernel(bare_fn, 1, 1, 1, 128, 1, 1, 0, stream,
                           bare_params, NULL));
    break;
  case 1:
    for (i = 0; i < count; ++i)
      CHECK(vadd_any(stream, x, y, out, n));
    break;
  case 2:
    for (i = 0; i < count; ++i)
      CHECK(vadd_16(stream, x, y, out, n));
    break;
  case 3:
    for (i = 0; i < count; ++i)
      CHECK(vadd(stream, x, y, out, n));
    break;
  case 4:
    for (i = 0; i < count; ++i)
      CHECK(vadd_16(stream, x, y, out, 0));
    break;
  default:
    for (i = 0; i < count; ++i)
      CHECK(vadd(stream, x, y, out, 0));
    break;
  }
}

static int compare(const void *a, const void *b) {
  double d = *(const double *)a - *(const double *)b;
  return (d > 0) - (d < 0);
}

/* The q-quantile (0..1) of k values, sorting them. */
static double quantile(double *v, int k, double q) {
  qsort(v, (size_t)k, sizeof *v, compare);
  return v[(int)(q * (k - 1) + 0.5)];
}

static void *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  long size;
  char *data;
  if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET)) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  data = (char *)malloc((size_t)size + 1);
  if (fread(data, 1, (size_t)size, f) != (size_t)size) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  fclose(f);
  return data;
}

int main(int argc, char **argv) {
  CUdevice device;
  CUcontext context;
  CUmodule module;
  char name[256];
  int driver, round, path, b;
  double enqueue[PATHS][ROUNDS], streamed[PATHS][ROUNDS];
  float host[4096];
  if (argc != 2) {
    fprintf(stderr, "usage: %s VADD.cubin\n", argv[0]);
    return 2;
  }
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDeviceGetName(name, sizeof name, device));
  CHECK(cuDriverGetVersion(&driver));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CHECK(cuMemAlloc(&x, 3 * 4096 * sizeof(float)));
  y = x + 4096 * sizeof(float);
  out = y + 4096 * sizeof(float);
  CHECK(cuModuleLoadData(&module, read_file(argv[1])));
  CHECK(cuModuleGetFunction(&bare_fn, module, "vadd"));
  bare_params[0] = &x;
  bare_params[1] = &y;
  bare_params[2] = &out;
  bare_params[3] = &n;
  bare_params[4] = &no_scratch;
  bare_params[5] = &no_scratch;
  CHECK(load_vadd_any());
  CHECK(load_vadd_16());
  CHECK(load_vadd());
  printf("device: %s, driver %d.%d\n", name, driver / 1000,
         driver % 1000 / 10);
  printf("loaded: vadd_any %s, vadd_16 %s; vadd picks %s\n",
         vadd_any_loaded_target(), vadd_16_loaded_target(),
         vadd_variant(x, y, out, n));

  /* The launchers compute what the bare path was given: check once. */
  {
    int i, bad = 0;
    for (i = 0; i < 4096; ++i)
      host[i] = (float)i;
    CHECK(cuMemcpyHtoD(x, host, sizeof host));
    CHECK(cuMemcpyHtoD(y, host, sizeof host));
    CHECK(vadd(stream, x, y, out, 4096));
    CHECK(cuStreamSynchronize(stream));
    CHECK(cuMemcpyDtoH(host, out, sizeof host));
    for (i = 0; i < 4096; ++i)
      bad += host[i] != 2.0f * (float)i;
    printf("check vadd n=4096: %s\n", bad ? "WRONG" : "ok");
    if (bad)
      return 1;
  }

  for (path = 0; path < PATHS; ++path) { /* warm-up */
    launch(path, 2000);
    CHECK(cuStreamSynchronize(stream));
  }
  for (round = 0; round < ROUNDS; ++round)
    for (path = 0; path < PATHS; ++path) {
      double total = 0, t0;
      for (b = 0; b < BATCHES; ++b) {
        t0 = now_ns();
        launch(path, BATCH);
        total += now_ns() - t0;
        CHECK(cuStreamSynchronize(stream));
      }
      enqueue[path][round] = total / (BATCHES * BATCH);
      t0 = now_ns();
      launch(path, STREAMED);
      CHECK(cuStreamSynchronize(stream));
      streamed[path][round] = (now_ns() - t0) / STREAMED;
    }

  printf("\nlaunch overhead: vadd n=16 (1 program, 128 threads), %d rounds; "
         "ns per launch: median [20th, 80th percentile]\n",
         ROUNDS);
  printf("%-22s %26s %9s %26s %9s\n", "path", "enqueue", "vs bare", "stream",
         "vs bare");
  {
    double bare_e = quantile(enqueue[0], ROUNDS, 0.5);
    double bare_s = quantile(streamed[0], ROUNDS, 0.5);
    for (path = 0; path < PATHS; ++path) {
      double e = quantile(enqueue[path], ROUNDS, 0.5);
      double s = quantile(streamed[path], ROUNDS, 0.5);
      printf("%-22s %8.1f [%7.1f, %7.1f] %+9.1f %8.1f [%7.1f, %7.1f] %+9.1f\n",
             names[path], e, quantile(enqueue[path], ROUNDS, 0.2),
             quantile(enqueue[path], ROUNDS, 0.8), e - bare_e, s,
             quantile(streamed[path], ROUNDS, 0.2),
             quantile(streamed[path], ROUNDS, 0.8), s - bare_s);
    }
  }
  CHECK(unload_vadd());
  CHECK(unload_vadd_16());
  CHECK(unload_vadd_any());
  CHECK(cuModuleUnload(module));
  CHECK(cuMemFree(x));
  CHECK(cuStreamDestroy(stream));
  CHECK(cuDevicePrimaryCtxRelease(device));
  return 0;
}
