/* CPU stand-ins for the corpus kernels, following tt-run's CPU kernel ABI
 * (include/tt/Runtime/CpuKernelABI.h): one call per program, args[i] points
 * at parameter i, the two scratch pointers come last. They let the lit tests
 * run the examples' launches and checks without a GPU or a CPU backend.
 *
 * -DBUG makes each kernel subtly wrong, to show that the checks catch it.
 * -DSKIP_LAST makes add_kernel leave its last program's elements unwritten.
 * -DBN=128 or 256 picks the matmul tile width.
 */
#include <math.h>
#include <stdint.h>

#define ARG(T, i) (*(T *)args[i])

/* IEEE half <-> float, round to nearest even (no _Float16: older compilers
 * lack it on x86). */
typedef uint16_t half;

static float h2f(half h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023;
  float v;
  if (e == 0)
    v = ldexpf((float)m, -24);
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = ldexpf((float)(m | 1024), (int)e - 25);
  return s ? -v : v;
}

static half f2h(float f) {
  half sign = signbit(f) ? 0x8000 : 0;
  float a = fabsf(f);
  if (isnan(a))
    return sign | 0x7E00;
  if (a >= 65520.0f)
    return sign | 0x7C00;
  int e;
  frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  int exp = e - 1 < -14 ? -14 : e - 1;
  float q = ldexpf(1.0f, exp - 10);
  float r = nearbyintf(a / q) * q;
  if (r == 0)
    return sign;
  frexpf(r, &e);
  if (e - 1 < -14)
    return sign | (half)(r / ldexpf(1.0f, -24));
  return sign | (half)((e - 1 + 15) << 10) |
         (half)((uint32_t)(r / ldexpf(1.0f, e - 11)) & 1023);
}
#define PROGRAM_ARGS                                                           \
  void **args, int32_t pid, int32_t pid_y, int32_t pid_z, int32_t grid,        \
      int32_t grid_y, int32_t grid_z

void add_kernel(PROGRAM_ARGS) {
  const float *x = ARG(const float *, 0), *y = ARG(const float *, 1);
  float *out = ARG(float *, 2);
  int32_t n = ARG(int32_t, 3);
  if (ARG(void *, 4) || ARG(void *, 5))
    return; /* the scratch pointers must be null */
#ifdef SKIP_LAST
  if (pid == grid - 1)
    return;
#endif
  for (int32_t i = pid * 1024; i < (pid + 1) * 1024 && i < n; ++i)
#ifdef BUG
    out[i] = x[i] - y[i];
#else
    out[i] = x[i] + y[i];
#endif
}

void softmax_kernel(PROGRAM_ARGS) {
  float *out = ARG(float *, 0);
  const float *in = ARG(const float *, 1);
  int32_t in_stride = ARG(int32_t, 2), out_stride = ARG(int32_t, 3),
          n = ARG(int32_t, 4);
  const float *x = in + (int64_t)pid * in_stride;
  float *y = out + (int64_t)pid * out_stride;
  float m = -INFINITY, s = 0;
  for (int32_t i = 0; i < n; ++i)
    m = x[i] > m ? x[i] : m;
  for (int32_t i = 0; i < n; ++i)
    s += expf(x[i] - m);
#ifdef BUG
  s -= expf(x[n - 1] - m);
#endif
  for (int32_t i = 0; i < n; ++i)
    y[i] = expf(x[i] - m) / s;
}

void layernorm_kernel(PROGRAM_ARGS) {
  const half *x = ARG(const half *, 0);
  half *y = ARG(half *, 1);
  const half *w = ARG(const half *, 2), *b = ARG(const half *, 3);
  int32_t stride = ARG(int32_t, 4), n = ARG(int32_t, 5);
  float eps = ARG(float, 6);
  const half *xr = x + (int64_t)pid * stride;
  half *yr = y + (int64_t)pid * stride;
  float mean = 0, var = 0;
  for (int32_t i = 0; i < n; ++i)
    mean += h2f(xr[i]);
  mean /= n;
  for (int32_t i = 0; i < n; ++i)
    var += (h2f(xr[i]) - mean) * (h2f(xr[i]) - mean);
#ifdef BUG
  var /= n - 1;
#else
  var /= n;
#endif
  float rstd = 1.0f / sqrtf(var + eps);
  for (int32_t i = 0; i < n; ++i)
    yr[i] = f2h((h2f(xr[i]) - mean) * rstd * h2f(w[i]) + h2f(b[i]));
}

#ifndef BN
#define BN 128
#endif
#define BM 128
#define GROUP_M 8

/* a, b, c, M, N, K, sam, sbk, scm: the unit strides were specialized away. */
void matmul_kernel(PROGRAM_ARGS) {
  const half *a = ARG(const half *, 0), *b = ARG(const half *, 1);
  half *c = ARG(half *, 2);
  int32_t M = ARG(int32_t, 3), N = ARG(int32_t, 4), K = ARG(int32_t, 5);
  int32_t sam = ARG(int32_t, 6), sbk = ARG(int32_t, 7), scm = ARG(int32_t, 8);
  int32_t num_m = (M + BM - 1) / BM, num_n = (N + BN - 1) / BN;
  int32_t group = GROUP_M * num_n, gid = pid / group, first_m = gid * GROUP_M;
  int32_t gsz = num_m - first_m < GROUP_M ? num_m - first_m : GROUP_M;
  int32_t pid_m = first_m + (pid % group) % gsz, pid_n = (pid % group) / gsz;
  for (int32_t i = pid_m * BM; i < (pid_m + 1) * BM && i < M; ++i)
    for (int32_t j = pid_n * BN; j < (pid_n + 1) * BN && j < N; ++j) {
      float acc = 0;
#ifdef BUG
      for (int32_t k = 0; k < K - 1; ++k)
#else
      for (int32_t k = 0; k < K; ++k)
#endif
        acc += h2f(a[(int64_t)i * sam + k]) * h2f(b[(int64_t)k * sbk + j]);
      c[(int64_t)i * scm + j] = f2h(acc);
    }
}

/* out[i, j] = 2 * in[i, j] for strided 2-D tensors, one program per row:
 * in, out, cols, in_stride, out_stride. */
void scale_rows(PROGRAM_ARGS) {
  const double *in = ARG(const double *, 0);
  double *out = ARG(double *, 1);
  int64_t cols = ARG(int64_t, 2), si = ARG(int64_t, 3), so = ARG(int64_t, 4);
  for (int64_t j = 0; j < cols; ++j)
    out[pid * so + j] = 2 * in[pid * si + j];
}
