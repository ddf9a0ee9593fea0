/* End-to-end check of the corpus softmax kernels: one row per program.
 * usage: softmax <kernel.so> <rows> <cols> */
#include "driver.h"

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "softmax_kernel");
  int32_t rows = atoi(argv[2]), cols = atoi(argv[3]);
  int32_t in_stride = cols + 5, out_stride = cols + 3;
  float *in = guarded_alloc(((size_t)(rows - 1) * in_stride + cols) * 4);
  float *out = guarded_alloc(((size_t)(rows - 1) * out_stride + cols) * 4);
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) {
      in[r * in_stride + c] = (float)uniform(-20, 20);
      out[r * out_stride + c] = NAN;
    }
  void *args[] = {&out, &in, &in_stride, &out_stride, &cols};
  for (int pid = 0; pid < rows; ++pid)
    kernel(args, pid, 0, 0, rows, 1, 1);
  int bad = 0, reported = 0;
  for (long r = 0; r < rows; ++r) {
    const float *x = in + r * in_stride;
    double m = -INFINITY, s = 0;
    for (long c = 0; c < cols; ++c)
      m = fmax(m, x[c]);
    for (long c = 0; c < cols; ++c)
      s += exp(x[c] - m);
    for (long c = 0; c < cols; ++c)
      bad += check("out", out[r * out_stride + c], exp(x[c] - m) / s, 1e-5,
                   1e-9, r * out_stride + c, &reported);
  }
  printf("softmax %dx%d: %s (%d mismatches)\n", rows, cols,
         bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
