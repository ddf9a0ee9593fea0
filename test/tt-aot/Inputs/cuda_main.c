/* Drives the CUDA launcher of a tt-aot pair named `vadd` against the fake
   driver (fake_cuda.c): loads, launches with the sizes on the command line
   (on made-up device addresses), unloads. */
#include "vadd.h"

#include <stdio.h>
#include <stdlib.h>

static const char *result(CUresult r) {
  switch (r) {
  case CUDA_SUCCESS:
    return "CUDA_SUCCESS";
  case CUDA_ERROR_NOT_SUPPORTED:
    return "CUDA_ERROR_NOT_SUPPORTED";
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
    return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  case CUDA_ERROR_INVALID_VALUE:
    return "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_INVALID_CONTEXT:
    return "CUDA_ERROR_INVALID_CONTEXT";
  default:
    return "other";
  }
}

int main(int argc, char **argv) {
  CUresult r = load_vadd();
  printf("load_vadd: %s, %s\n", result(r),
         vadd_loaded_target() ? vadd_loaded_target() : "nothing loaded");
  for (int i = 1; i < argc; ++i) {
    int32_t n = (int32_t)atoi(argv[i]);
    r = vadd(NULL, 0x10000, 0x20000, 0x30000, n);
    printf("vadd n=%d: %s\n", n, result(r));
  }
  r = vadd(NULL, 0x10004, 0x20000, 0x30000, 4096);
  printf("vadd x misaligned: %s\n", result(r));
  printf("unload_vadd: %s\n", result(unload_vadd()));
  return 0;
}
