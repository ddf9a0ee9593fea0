/* A CPU kernel (the ABI of include/tt/Runtime/CpuKernelABI.h) that does
   nothing: for launches whose tensors have no elements. */
#include <stdint.h>

void k(void **args, int32_t pid_x, int32_t pid_y, int32_t pid_z,
       int32_t grid_x, int32_t grid_y, int32_t grid_z) {
  (void)args; (void)pid_x; (void)pid_y; (void)pid_z;
  (void)grid_x; (void)grid_y; (void)grid_z;
}
