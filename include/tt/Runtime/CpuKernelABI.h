/*===- CpuKernelABI.h - how tt-run calls a CPU kernel ------------*- C -*-===*\
|*                                                                          *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                *|
|*                                                                          *|
|* The contract between tt-run and a CPU kernel object (a shared library).  *|
|* This is tt-run's side of the contract; the CPU backend, when it exists,  *|
|* emits a wrapper with this signature for each kernel. It is plain C so    *|
|* hand-written test kernels can follow it too.                             *|
|*                                                                          *|
|* For a kernel named K, the library exports the symbol K:                  *|
|*                                                                          *|
|*   void K(void **args, int32_t pid_x, int32_t pid_y, int32_t pid_z,       *|
|*          int32_t grid_x, int32_t grid_y, int32_t grid_z);                *|
|*                                                                          *|
|* args[i] points at the value of parameter i, exactly like cuLaunchKernel's *|
|* kernelParams: the user arguments that were not specialized away (tensors *|
|* as pointers, scalars by value), then the global-scratch pointer and the  *|
|* profile-scratch pointer (null when the metadata sizes are 0; otherwise   *|
|* base pointers of size * number-of-programs bytes).                       *|
|*                                                                          *|
|* tt-run calls K once per program of the grid, from several threads at    *|
|* once; programs must not depend on each other's order.                    *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TT_RUNTIME_CPUKERNELABI_H
#define TT_RUNTIME_CPUKERNELABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*tt_cpu_kernel_fn)(void **args, int32_t pid_x, int32_t pid_y,
                                 int32_t pid_z, int32_t grid_x, int32_t grid_y,
                                 int32_t grid_z);

#ifdef __cplusplus
}
#endif

#endif /* TT_RUNTIME_CPUKERNELABI_H */
