/*===- fake_cuda.c - a stand-in CUDA driver for the launcher tests --------===*\
|*                                                                            *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                  *|
|*                                                                            *|
|* Defines the driver functions that tt-aot's generated launchers call, with  *|
|* the prototypes of the real <cuda.h>, and prints each call, so that the     *|
|* launchers' logic (which binary loads on which device, the grid, the launch *|
|* parameters, the shared-memory opt-in, scratch allocation) is tested on a   *|
|* machine without a GPU. The device is described by environment variables:  *|
|*   FAKE_CC           compute capability, e.g. 90 (default 90)               *|
|*   FAKE_SMEM_OPTIN   opt-in shared memory per block (default 232448)        *|
|*   FAKE_PARAMS       how to print kernelParams: one letter per parameter,   *|
|*                     p (8 bytes, hex), i (int32), b (byte), f (float)       *|
|*   FAKE_NO_CONTEXT   if set, cuCtxGetDevice fails as without a context      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <cuda.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int env_int(const char *name, int fallback) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : fallback;
}

struct fake_module {
  const char *image;
  int ptx;
};
static struct fake_module modules[16];
static int next_module;
static char functions[16][128];
static int next_function;

CUresult cuCtxGetDevice(CUdevice *device) {
  if (getenv("FAKE_NO_CONTEXT"))
    return CUDA_ERROR_INVALID_CONTEXT;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attr,
                              CUdevice device) {
  (void)device;
  switch (attr) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = env_int("FAKE_CC", 90) / 10;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = env_int("FAKE_CC", 90) % 10;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = env_int("FAKE_SMEM_OPTIN", 232448);
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  const char *bytes = (const char *)image;
  int ptx = strncmp(bytes, "\177ELF", 4) != 0;
  if (ptx && !strstr(bytes, ".version")) {
    printf("fake: cuModuleLoadData: neither a cubin nor PTX\n");
    return CUDA_ERROR_INVALID_IMAGE;
  }
  if (next_module == 16)
    return CUDA_ERROR_OUT_OF_MEMORY;
  modules[next_module].image = bytes;
  modules[next_module].ptx = ptx;
  *module = (CUmodule)&modules[next_module++];
  printf("fake: cuModuleLoadData %s\n", ptx ? "ptx" : "cubin");
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  (void)module;
  if (next_function == 16 || strlen(name) >= 128)
    return CUDA_ERROR_OUT_OF_MEMORY;
  strcpy(functions[next_function], name);
  *function = (CUfunction)functions[next_function++];
  printf("fake: cuModuleGetFunction %s\n", name);
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attr,
                            int value) {
  printf("fake: cuFuncSetAttribute %s %s %d\n", (const char *)function,
         attr == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
             ? "MAX_DYNAMIC_SHARED_SIZE_BYTES"
             : "other",
         value);
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module) {
  (void)module;
  printf("fake: cuModuleUnload\n");
  return CUDA_SUCCESS;
}

static char scratch_pool[1 << 20];
static size_t scratch_used;

CUresult cuMemAllocAsync(CUdeviceptr *ptr, size_t bytes, CUstream stream) {
  (void)stream;
  if (scratch_used + bytes > sizeof scratch_pool)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *ptr = (CUdeviceptr)(uintptr_t)(scratch_pool + scratch_used);
  scratch_used += bytes;
  printf("fake: cuMemAllocAsync %zu\n", bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemFreeAsync(CUdeviceptr ptr, CUstream stream) {
  (void)ptr;
  (void)stream;
  printf("fake: cuMemFreeAsync\n");
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream stream, void **params, void **extra) {
  const char *format = getenv("FAKE_PARAMS");
  (void)stream;
  printf("fake: cuLaunchKernel %s grid %ux%ux%u block %ux%ux%u shared %u",
         (const char *)f, gx, gy, gz, bx, by, bz, shared);
  if (extra)
    printf(" extra!");
  for (int i = 0; format && format[i]; ++i) {
    switch (format[i]) {
    case 'p': {
      unsigned long long v;
      memcpy(&v, params[i], 8);
      printf(v ? " p:nonnull" : " p:null");
      break;
    }
    case 'i': {
      int32_t v;
      memcpy(&v, params[i], 4);
      printf(" i:%d", v);
      break;
    }
    case 'b':
      printf(" b:%d", *(const uint8_t *)params[i]);
      break;
    case 'f': {
      float v;
      memcpy(&v, params[i], 4);
      printf(" f:%g", v);
      break;
    }
    }
  }
  printf("\n");
  return CUDA_SUCCESS;
}
