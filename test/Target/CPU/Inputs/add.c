/* End-to-end check of the corpus add kernel: out = x + y, BLOCK 1024.
 * usage: add <kernel.so> <n> */
#include "driver.h"

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "add_kernel");
  int32_t n = atoi(argv[2]);
  float *x = guarded_alloc(n * sizeof(float));
  float *y = guarded_alloc(n * sizeof(float));
  float *out = guarded_alloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    x[i] = (float)uniform(-10, 10);
    y[i] = (float)uniform(-10, 10);
    out[i] = NAN;
  }
  int grid = (n + 1023) / 1024;
  void *args[] = {&x, &y, &out, &n};
  for (int pid = 0; pid < grid; ++pid)
    kernel(args, pid, 0, 0, grid, 1, 1);
  int bad = 0, reported = 0;
  for (int i = 0; i < n; ++i)
    bad += check("out", out[i], (double)x[i] + (double)y[i], 1e-6, 0, i,
                 &reported);
  printf("add n=%d grid=%d: %s (%d mismatches)\n", n, grid,
         bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
