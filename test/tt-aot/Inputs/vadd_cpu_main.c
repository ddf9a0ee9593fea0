/* Calls the CPU launcher `vadd_cpu` of a tt-aot pair on sizes given on the
   command line and checks out = x + y, then that a bad grid is reported. */
#include "vadd.h"

#include <stdio.h>
#include <stdlib.h>

static int run(int32_t n) {
  float *x = (float *)aligned_alloc(64, 4 * (size_t)n + 64);
  float *y = (float *)aligned_alloc(64, 4 * (size_t)n + 64);
  float *out = (float *)aligned_alloc(64, 4 * (size_t)n + 64);
  int bad = 0, status;
  for (int32_t i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 0.5f * (float)i;
    out[i] = -1.0f;
  }
  status = vadd_cpu(x, y, out, n);
  for (int32_t i = 0; i < n; ++i)
    if (out[i] != 1.5f * (float)i)
      ++bad;
  printf("vadd_cpu n=%d: %s, %s\n", n, tt_aot_status_string(status),
         bad ? "WRONG" : "checked");
  free(x);
  free(y);
  free(out);
  return status != TT_AOT_SUCCESS || bad;
}

int main(int argc, char **argv) {
  int failed = 0;
  for (int i = 1; i < argc; ++i)
    failed |= run((int32_t)atoi(argv[i]));
  /* A negative n makes a negative grid. */
  printf("vadd_cpu n=-2048: %s\n",
         tt_aot_status_string(vadd_cpu(NULL, NULL, NULL, -2048)));
  return failed;
}
