/* add_kernel of cpu-add.run.yaml (tt-run's CPU kernel ABI) that crashes on
 * purpose: -DSEGV stores 64 TiB past `out` (a non-canonical address, so a
 * SIGSEGV wherever `out` lies), -DABORT calls abort(); without either it
 * is the plain vector add. The --isolate tests run these next to a good
 * variant. For the bounds check (bounds-check.test), -DOVER=K has the last
 * program also write K elements past the end of `out`, and -DUNDER has the
 * first program write out[-1]. */
#include <stdint.h>
#include <stdlib.h>

#define ARG(T, i) (*(T *)args[i])

void add_kernel(void **args, int32_t pid, int32_t pid_y, int32_t pid_z,
                int32_t grid, int32_t grid_y, int32_t grid_z) {
  const float *x = ARG(const float *, 0), *y = ARG(const float *, 1);
  float *out = ARG(float *, 2);
  int32_t n = ARG(int32_t, 3);
#if defined(SEGV)
  out = (float *)((uintptr_t)out + ((uintptr_t)1 << 46));
#elif defined(ABORT)
  abort();
#endif
  for (int32_t i = pid * 1024; i < (pid + 1) * 1024 && i < n; ++i)
    ((volatile float *)out)[i] = x[i] + y[i];
#if defined(OVER)
  if (pid == grid - 1)
    for (int32_t i = n; i < n + OVER; ++i)
      ((volatile float *)out)[i] = 1.0f;
#elif defined(UNDER)
  if (pid == 0)
    ((volatile float *)out)[-1] = 1.0f;
#endif
}
