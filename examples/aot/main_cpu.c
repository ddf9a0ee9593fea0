/*===- main_cpu.c - the tt-aot example on the CPU -------------------------===*\
|*                                                                            *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                  *|
|*                                                                            *|
|* Three kernels compiled ahead of time by tt-aot into libkernels.a (see the  *|
|* Makefile) and called from plain C: vector add (two specializations linked  *|
|* into one entry point), a row softmax and a matmul. Every result is checked *|
|* against a reference computed here in double precision.                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "demo.h"
#include "matmul.h"
#include "softmax.h"
#include "vadd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int check(const char *what, int status, int bad) {
  printf("%-34s %s%s\n", what, tt_aot_status_string(status),
         status == TT_AOT_SUCCESS && !bad ? ", checked" : ", WRONG");
  return status != TT_AOT_SUCCESS || bad;
}

static int test_vadd(int32_t n, int offset) {
  float *buf = (float *)aligned_alloc(64, sizeof(float) * ((size_t)n + 16) * 3);
  float *x = buf + offset, *y = x + n + 16, *out = y + n + 16;
  const char *variant;
  char what[64];
  int bad = 0, status;
  for (int32_t i = 0; i < n; ++i) {
    x[i] = (float)rnd();
    y[i] = (float)rnd();
    out[i] = NAN;
  }
  variant = vadd_cpu_variant(x, y, out, n);
  status = vadd_cpu(x, y, out, n);
  for (int32_t i = 0; i < n; ++i)
    bad += out[i] != x[i] + y[i];
  snprintf(what, sizeof what, "vadd n=%d (%s):", n, variant ? variant : "none");
  free(buf);
  return check(what, status, bad);
}

static int test_softmax(int32_t rows, int32_t cols, int32_t stride) {
  float *in = (float *)aligned_alloc(64, sizeof(float) * (size_t)rows * stride);
  float *out = (float *)aligned_alloc(64, sizeof(float) * (size_t)rows * stride);
  char what[64];
  int bad = 0, status;
  for (int32_t i = 0; i < rows * stride; ++i) {
    in[i] = (float)(4 * rnd());
    out[i] = NAN;
  }
  status = softmax_cpu(out, in, stride, stride, cols, rows);
  bad = softmax_mismatches(in, out, rows, cols, stride);
  snprintf(what, sizeof what, "softmax %dx%d:", rows, cols);
  free(in);
  free(out);
  return check(what, status, bad);
}

static int test_matmul(int32_t M, int32_t N, int32_t K) {
  float *a = (float *)malloc(sizeof(float) * (size_t)M * K);
  float *b = (float *)malloc(sizeof(float) * (size_t)K * N);
  float *c = (float *)malloc(sizeof(float) * (size_t)M * N);
  char what[64];
  int bad = 0, status;
  for (int32_t i = 0; i < M * K; ++i)
    a[i] = (float)rnd();
  for (int32_t i = 0; i < K * N; ++i)
    b[i] = (float)rnd();
  for (int32_t i = 0; i < M * N; ++i)
    c[i] = NAN;
  status = matmul_cpu(a, b, c, M, N, K, K, N, N);
  for (int32_t i = 0; i < M; ++i)
    for (int32_t j = 0; j < N; ++j) {
      double ref = 0;
      for (int32_t k = 0; k < K; ++k)
        ref += (double)a[(size_t)i * K + k] * b[(size_t)k * N + j];
      bad += !(fabs(c[(size_t)i * N + j] - ref) <= 1e-4 * (1 + fabs(ref)));
    }
  snprintf(what, sizeof what, "matmul %dx%dx%d:", M, N, K);
  free(a);
  free(b);
  free(c);
  return check(what, status, bad);
}

int main(void) {
  int failed = 0;
  failed |= test_vadd(1 << 20, 0);  /* everything a multiple of 16: vadd_16 */
  failed |= test_vadd(100003, 0);   /* n is not: vadd_any */
  failed |= test_vadd(4096, 1);     /* x, y, out misaligned: vadd_any */
  failed |= test_softmax(300, 1000, 1024);
  failed |= test_softmax(7, 1024, 1024);
  failed |= test_matmul(200, 300, 150);
  failed |= test_matmul(64, 64, 64);
  printf(failed ? "FAILED\n" : "all checks passed\n");
  return failed;
}
