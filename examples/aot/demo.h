/*===- demo.h - what the tt-aot demos share -------------------------------===*\
|*                                                                            *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                  *|
|*                                                                            *|
|* The random inputs and the softmax reference of main_cpu.c and main_cuda.c, *|
|* and, for the CUDA demo (and bench/gpu/aot-overhead.c), CHECK: a CUDA       *|
|* driver call that must succeed. Plain C11.                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TT_EXAMPLES_AOT_DEMO_H
#define TT_EXAMPLES_AOT_DEMO_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A uniform number in [-1, 1) from a fixed xorshift sequence. */
static inline double rnd(void) {
  static unsigned long long s = 0x9E3779B97F4A7C15ull;
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return (double)(s >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

/* How many of the `rows` x `cols` outputs of a row softmax of `in` are off
 * the double-precision reference; rows are `stride` floats apart in both. */
static inline int softmax_mismatches(const float *in, const float *out,
                                     int32_t rows, int32_t cols,
                                     int32_t stride) {
  int bad = 0;
  for (int32_t r = 0; r < rows; ++r) {
    const float *xr = in + (size_t)r * stride;
    double max = -INFINITY, sum = 0;
    for (int32_t c = 0; c < cols; ++c)
      max = xr[c] > max ? xr[c] : max;
    for (int32_t c = 0; c < cols; ++c)
      sum += exp(xr[c] - max);
    for (int32_t c = 0; c < cols; ++c) {
      double ref = exp(xr[c] - max) / sum;
      bad += !(fabs(out[(size_t)r * stride + c] - ref) <= 1e-6 + 1e-4 * ref);
    }
  }
  return bad;
}

#ifdef CUDA_VERSION /* <cuda.h> was included */
#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult err_ = (call);                                                    \
    if (err_ != CUDA_SUCCESS) {                                                \
      const char *name_ = "?";                                                 \
      cuGetErrorName(err_, &name_);                                            \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              name_);                                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#endif

#endif /* TT_EXAMPLES_AOT_DEMO_H */
