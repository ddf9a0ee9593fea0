/* Runs print_kernel (print.ttir) as program 1 of a grid of 2.
 * usage: print <kernel.so> <n>; the kernel asserts that 0..3 < n. */
#include "driver.h"

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "print_kernel");
  float x[4] = {1.5f, -2, 3, 4};
  float *px = x;
  int32_t n = atoi(argv[2]);
  void *args[] = {&px, &n};
  kernel(args, 1, 0, 0, 2, 1, 1);
  printf("done\n");
  return 0;
}
