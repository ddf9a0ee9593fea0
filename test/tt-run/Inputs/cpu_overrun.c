/* add_kernel of cpu-add.run.yaml (tt-run's CPU kernel ABI) that writes out
 * of bounds on purpose, for the bounds check (bounds-check.test):
 * -DOVER=K has the last program write K elements past the end of `out`,
 * -DUNDER has the first program write out[-1] too. */
#include <stdint.h>

#define ARG(T, i) (*(T *)args[i])

void add_kernel(void **args, int32_t pid, int32_t pid_y, int32_t pid_z,
                int32_t grid, int32_t grid_y, int32_t grid_z) {
  const float *x = ARG(const float *, 0), *y = ARG(const float *, 1);
  float *out = ARG(float *, 2);
  int32_t n = ARG(int32_t, 3);
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
