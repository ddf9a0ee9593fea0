/* bf16 atomic adds (bf16-atomic.test): LLVM makes them compare-and-swap
 * loops that round each sum through __truncsfbf2, which the kernel's object
 * defines. Adding 2^-8 to 1.0 is a tie that rounds to even (1.0), so 64
 * such adds leave 1.0; then 3 * 2^-8 is a tie that rounds up to 0x3f82.
 * usage: bf16-atomic <kernel.so> */
#include "driver.h"

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  packed_fn kernel = load_kernel(argv[1], "bf16_atomic");
  uint16_t *acc = guarded_alloc(2), *v = guarded_alloc(64 * 2);
  acc[0] = 0x3f80; /* 1.0 */
  for (int i = 0; i < 64; ++i)
    v[i] = 0x3b80; /* 2^-8 */
  void *args[] = {&acc, &v};
  kernel(args, 0, 0, 0, 1, 1, 1);
  uint16_t ties = acc[0];
  for (int i = 0; i < 64; ++i)
    v[i] = i == 0 ? 0x3c40 /* 3 * 2^-8 */ : 0x0000;
  kernel(args, 0, 0, 0, 1, 1, 1);
  printf("bf16 atomics: 0x%04x 0x%04x\n", ties, acc[0]);
  return !(ties == 0x3f80 && acc[0] == 0x3f82);
}
