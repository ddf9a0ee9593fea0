/* The linked CUDA entry point `vadd` (over vadd_16, compiled for sm_90a
   only, and vadd_any, for sm_80 only) against the fake driver: what loads on
   the device FAKE_CC describes, which specialization each launch picks. */
#include "vadd.h"

#include <stdio.h>

static const char *result(CUresult r) {
  switch (r) {
  case CUDA_SUCCESS:
    return "CUDA_SUCCESS";
  case TT_AOT_CUDA_ERROR_NO_VARIANT:
    return "TT_AOT_CUDA_ERROR_NO_VARIANT";
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
    return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  default:
    return "other";
  }
}

static void launch(const char *what, CUdeviceptr x, int32_t n) {
  const char *v = vadd_variant(x, 0x20000, 0x30000, n);
  CUresult r = vadd(NULL, x, 0x20000, 0x30000, n);
  printf("%s: %s, %s\n", what, v ? v : "none", result(r));
}

int main(void) {
  printf("load_vadd: %s\n", result(load_vadd()));
  launch("aligned n=4096", 0x10000, 4096);
  launch("misaligned n=4096", 0x10004, 4096);
  launch("aligned n=4097", 0x10000, 4097);
  printf("unload_vadd: %s\n", result(unload_vadd()));
  return 0;
}
