/*===- ref.c - plain C reference loops for the CPU benchmark ---------------===*
 *
 * Part of tt, the Triton compiler as a suite of Unix tools.
 *
 * The same computations as the corpus kernels, written as plain loops
 * (compiled -O3 -march=native -fopenmp, rows spread over all cores), and
 * matmul through OpenBLAS when it is installed. Prints one line per kernel:
 * name, median milliseconds over 20 runs.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef HAVE_OPENBLAS
#include <cblas.h>
#endif

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
#define REPS 20
#define TIME(name, stmt)                                                       \
  do {                                                                         \
    double t[REPS];                                                            \
    stmt; /* warm-up */                                                        \
    for (int r = 0; r < REPS; ++r) {                                           \
      double s = now_ms();                                                     \
      stmt;                                                                    \
      t[r] = now_ms() - s;                                                     \
    }                                                                          \
    qsort(t, REPS, sizeof(double), cmp);                                       \
    printf("%s %.4f\n", name, t[REPS / 2]);                                    \
  } while (0)

static void add(const float *x, const float *y, float *o, long n) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i)
    o[i] = x[i] + y[i];
}

static void softmax(const float *x, float *o, long m, long n) {
#pragma omp parallel for schedule(static)
  for (long r = 0; r < m; ++r) {
    const float *a = x + r * n;
    float *b = o + r * n;
    float mx = -INFINITY, s = 0;
    for (long c = 0; c < n; ++c)
      mx = a[c] > mx ? a[c] : mx;
    for (long c = 0; c < n; ++c) {
      b[c] = expf(a[c] - mx);
      s += b[c];
    }
    float inv = 1.0f / s;
    for (long c = 0; c < n; ++c)
      b[c] *= inv;
  }
}

static void layernorm(const _Float16 *x, const _Float16 *w, const _Float16 *bi,
                      _Float16 *y, long m, long n, float eps) {
#pragma omp parallel for schedule(static)
  for (long r = 0; r < m; ++r) {
    const _Float16 *a = x + r * n;
    float mean = 0, var = 0;
    for (long c = 0; c < n; ++c)
      mean += (float)a[c];
    mean /= n;
    for (long c = 0; c < n; ++c) {
      float d = (float)a[c] - mean;
      var += d * d;
    }
    float rstd = 1.0f / sqrtf(var / n + eps);
    for (long c = 0; c < n; ++c)
      y[r * n + c] = (_Float16)(((float)a[c] - mean) * rstd * (float)w[c] +
                                (float)bi[c]);
  }
}

/* C[m,n] = A[m,k] B[k,n], i-k-j order so the inner loop vectorizes. */
static void matmul_f32(const float *a, const float *b, float *c, long M, long N,
                       long K) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < M; ++i) {
    float *ci = c + i * N;
    memset(ci, 0, N * sizeof(float));
    for (long k = 0; k < K; ++k) {
      float av = a[i * K + k];
      const float *bk = b + k * N;
      for (long j = 0; j < N; ++j)
        ci[j] += av * bk[j];
    }
  }
}

static void matmul_f16(const _Float16 *a, const _Float16 *b, _Float16 *c,
                       long M, long N, long K) {
#pragma omp parallel for schedule(static)
  for (long i = 0; i < M; ++i) {
    float acc[N];
    memset(acc, 0, sizeof(acc));
    for (long k = 0; k < K; ++k) {
      float av = (float)a[i * K + k];
      const _Float16 *bk = b + k * N;
      for (long j = 0; j < N; ++j)
        acc[j] += av * (float)bk[j];
    }
    for (long j = 0; j < N; ++j)
      c[i * N + j] = (_Float16)acc[j];
  }
}

int main(void) {
  long n = 1L << 24;
  float *x = malloc(n * 4), *y = malloc(n * 4), *o = malloc(n * 4);
  for (long i = 0; i < n; ++i)
    x[i] = (float)rand() / RAND_MAX, y[i] = (float)rand() / RAND_MAX;
  TIME("add", add(x, y, o, n));
  TIME("softmax", softmax(x, o, 4096, 1024));
  _Float16 *h = malloc(4096L * 4096 * 2), *hy = malloc(4096L * 4096 * 2),
           *w = malloc(4096 * 2), *bi = malloc(4096 * 2);
  for (long i = 0; i < 4096L * 4096; ++i)
    h[i] = (_Float16)x[i];
  for (long i = 0; i < 4096; ++i)
    w[i] = (_Float16)y[i], bi[i] = (_Float16)x[i];
  TIME("layernorm", layernorm(h, w, bi, hy, 4096, 4096, 1e-5f));
  long M = 1024;
  TIME("matmul_f32", matmul_f32(x, y, o, M, M, M));
  TIME("matmul_f16", matmul_f16(h, h + M * M, hy, M, M, M));
#ifdef HAVE_OPENBLAS
  TIME("openblas_sgemm", cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans,
                                     M, M, M, 1.0f, x, M, y, M, 0.0f, o, M));
#endif
  return 0;
}
