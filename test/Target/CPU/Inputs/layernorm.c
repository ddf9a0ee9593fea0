/* End-to-end check of the corpus layernorm kernels (f16 in and out, f32
 * math): y = (x - mean) * rstd * w + b, one row per program.
 * usage: layernorm <kernel.so> <rows> <cols> */
#include "driver.h"

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "layernorm_kernel");
  int32_t rows = atoi(argv[2]), cols = atoi(argv[3]);
  int32_t stride = cols + 16;
  float eps = 1e-5f;
  size_t elems = (size_t)(rows - 1) * stride + cols;
  uint16_t *x = guarded_alloc(elems * 2), *y = guarded_alloc(elems * 2);
  uint16_t *w = guarded_alloc(cols * 2), *b = guarded_alloc(cols * 2);
  for (size_t i = 0; i < elems; ++i) {
    x[i] = double_to_half(uniform(-3, 5));
    y[i] = 0x7e00;
  }
  for (long c = 0; c < cols; ++c) {
    w[c] = double_to_half(uniform(0.5, 1.5));
    b[c] = double_to_half(uniform(-1, 1));
  }
  void *args[] = {&x, &y, &w, &b, &stride, &cols, &eps};
  for (int pid = 0; pid < rows; ++pid)
    kernel(args, pid, 0, 0, rows, 1, 1);
  int bad = 0, reported = 0;
  for (long r = 0; r < rows; ++r) {
    const uint16_t *xr = x + r * stride;
    double mean = 0, var = 0;
    for (long c = 0; c < cols; ++c)
      mean += half_to_double(xr[c]);
    mean /= cols;
    for (long c = 0; c < cols; ++c)
      var += pow(half_to_double(xr[c]) - mean, 2);
    var /= cols;
    double rstd = 1 / sqrt(var + eps);
    for (long c = 0; c < cols; ++c) {
      double want = (half_to_double(xr[c]) - mean) * rstd *
                        half_to_double(w[c]) +
                    half_to_double(b[c]);
      /* f16 output: half an ulp of rounding plus f32 math. */
      bad += check("y", half_to_double(y[r * stride + c]), want, 2e-3, 2e-3,
                   r * stride + c, &reported);
    }
  }
  printf("layernorm %dx%d: %s (%d mismatches)\n", rows, cols,
         bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
