/* End-to-end check of the corpus matmul kernels: C = A @ B in f16 with f32
 * accumulation, grouped program order (GROUP_M = 8).
 * usage: matmul <kernel.so> <BM> <BN> <M> <N> <K> */
#include "driver.h"

int main(int argc, char **argv) {
  if (argc != 7)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "matmul_kernel");
  int bm = atoi(argv[2]), bn = atoi(argv[3]);
  int32_t M = atoi(argv[4]), N = atoi(argv[5]), K = atoi(argv[6]);
  /* Unit inner strides were specialized away: row-major A, B, C. */
  int32_t sam = K, sbk = N, scm = N;
  uint16_t *a = guarded_alloc((size_t)M * K * 2);
  uint16_t *b = guarded_alloc((size_t)K * N * 2);
  uint16_t *c = guarded_alloc((size_t)M * N * 2);
  for (size_t i = 0; i < (size_t)M * K; ++i)
    a[i] = double_to_half(uniform(-1, 1));
  for (size_t i = 0; i < (size_t)K * N; ++i)
    b[i] = double_to_half(uniform(-1, 1));
  for (size_t i = 0; i < (size_t)M * N; ++i)
    c[i] = 0x7e00;
  int grid = ((M + bm - 1) / bm) * ((N + bn - 1) / bn);
  void *args[] = {&a, &b, &c, &M, &N, &K, &sam, &sbk, &scm};
  double t0 = now_seconds();
  for (int pid = 0; pid < grid; ++pid)
    kernel(args, pid, 0, 0, grid, 1, 1);
  double t1 = now_seconds();
  int bad = 0, reported = 0;
  double *row = malloc(sizeof(double) * N);
  for (long i = 0; i < M; ++i) {
    for (long j = 0; j < N; ++j)
      row[j] = 0;
    for (long k = 0; k < K; ++k) {
      double aik = half_to_double(a[i * K + k]);
      for (long j = 0; j < N; ++j)
        row[j] += aik * half_to_double(b[k * N + j]);
    }
    for (long j = 0; j < N; ++j)
      bad += check("c", half_to_double(c[i * N + j]), row[j], 2e-3,
                   2e-3 * sqrt((double)K), i * N + j, &reported);
  }
  printf("matmul %dx%dx%d tile %dx%d grid=%d: %s (%d mismatches)\n", M, N, K,
         bm, bn, grid, bad ? "FAIL" : "PASS", bad);
  fprintf(stderr, "matmul: %.3f s, %.2f GFLOP/s (1 thread)\n", t1 - t0,
          2.0 * M * N * K / (t1 - t0) * 1e-9);
  return bad != 0;
}
