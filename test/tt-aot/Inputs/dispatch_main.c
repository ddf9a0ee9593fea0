/* The linked CPU entry points `vadd_cpu` (over vadd_16, vadd_n16 and
   vadd_any) and `vadd_strict_cpu` (over vadd_16 and vadd_n16 only): which
   specialization each picks, that its result is right, and the error when
   none applies. */
#include "vadd.h"
#include "vadd_strict.h"

#include <stdio.h>
#include <stdlib.h>

static _Alignas(64) float x[8192];
static _Alignas(64) float y[8192];
static _Alignas(64) float out[8192];

static void run(const char *what, float *xp, int32_t n) {
  const char *v = vadd_cpu_variant(xp, y, out, n);
  int status, bad = 0;
  for (int32_t i = 0; i < n; ++i) {
    xp[i] = (float)i;
    y[i] = 2.0f;
    out[i] = -1.0f;
  }
  status = vadd_cpu(xp, y, out, n);
  for (int32_t i = 0; i < n; ++i)
    bad += out[i] != (float)i + 2.0f;
  printf("%s: variant %s, %s, %s\n", what, v ? v : "none",
         tt_aot_status_string(status), bad ? "WRONG" : "checked");
  v = vadd_strict_cpu_variant(xp, y, out, n);
  status = vadd_strict_cpu(xp, y, out, n);
  printf("%s strict: variant %s, %s\n", what, v ? v : "none",
         tt_aot_status_string(status));
}

int main(void) {
  run("aligned n=4096", x, 4096);
  run("x+1 n=4096", x + 1, 4096);
  run("aligned n=4097", x, 4097);
  run("x+1 n=4095", x + 1, 4095);
  return 0;
}
