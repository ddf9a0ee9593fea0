/* End-to-end check of f32 -> bf16 rounding and bf16 arithmetic (bf16.test):
 * every result must be the f32 value rounded to nearest even, as the GPU's
 * cvt.rn.bf16.f32 does (NaN stays a NaN). usage: bf16 <kernel.so> */
#include "driver.h"

#include <string.h>

static uint32_t bits_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float float_of(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
/* Round to nearest, ties to even. */
static uint16_t rne(float f) {
  uint32_t u = bits_of(f);
  if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu))
    return 0x7fc0 | ((u >> 16) & 0x8000);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (uint16_t)(u >> 16);
}
static float widen(uint16_t b) { return float_of((uint32_t)b << 16); }
static int is_nan16(uint16_t b) { return (b & 0x7f80) == 0x7f80 && (b & 0x7f); }

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "bf16_kernel");
  enum { N = 64 };
  float *x = guarded_alloc(N * sizeof(float));
  float *y = guarded_alloc(N * sizeof(float));
  uint16_t *t = guarded_alloc(N * 2), *p = guarded_alloc(N * 2),
           *s = guarded_alloc(N * 2);
  /* Ties (to even, down and up), the largest finite f32 (rounds to inf),
   * inf, NaN, a subnormal, negative zero, then random values. */
  const uint32_t special[] = {0x3f808000u, 0x3f818000u, 0x3f808001u,
                              0x7f7fffffu, 0x7f800000u, 0x7fc00001u,
                              0x00008000u, 0x80000000u, 0xbf80c000u};
  int nspecial = sizeof(special) / sizeof(special[0]);
  for (int i = 0; i < N; ++i) {
    x[i] = i < nspecial ? float_of(special[i]) : (float)uniform(-100, 100);
    y[i] = (float)uniform(-3, 3);
  }
  void *args[] = {&x, &y, &t, &p, &s};
  kernel(args, 0, 0, 0, 1, 1, 1);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    uint16_t xb = rne(x[i]), yb = rne(y[i]);
    uint16_t want[3] = {xb, rne(widen(xb) * widen(yb)),
                        rne(widen(xb) + widen(yb))};
    uint16_t got[3] = {t[i], p[i], s[i]};
    for (int k = 0; k < 3; ++k) {
      int ok = is_nan16(want[k]) ? is_nan16(got[k]) : got[k] == want[k];
      if (!ok && bad++ < 10)
        printf("%s[%d]: got 0x%04x, want 0x%04x (x=0x%08x)\n",
               k == 0 ? "t" : k == 1 ? "p" : "s", i, got[k], want[k],
               bits_of(x[i]));
    }
  }
  printf("bf16 t=0x%04x,0x%04x,0x%04x inf=0x%04x: %s (%d mismatches)\n", t[0],
         t[1], t[2], t[3], bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
