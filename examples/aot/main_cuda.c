/*===- main_cuda.c - the tt-aot example on an NVIDIA GPU ------------------===*\
|*                                                                            *|
|* Part of tt, the Triton compiler as a suite of Unix tools.                  *|
|*                                                                            *|
|* Vector add (two specializations linked into one entry point) and a row     *|
|* softmax, compiled ahead of time for sm_90a and sm_80 into libkernels.a     *|
|* and launched through the CUDA driver API. Results are copied back and      *|
|* checked against a reference computed here in double precision.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "softmax.h"
#include "vadd.h"

#include <cuda.h>

#include "demo.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int test_vadd(CUstream stream, int32_t n, int offset) {
  size_t bytes = sizeof(float) * (size_t)n;
  float *x = (float *)malloc(bytes), *y = (float *)malloc(bytes);
  float *out = (float *)malloc(bytes);
  CUdeviceptr buf, dx, dy, dout;
  const char *variant;
  int bad = 0;
  CHECK(cuMemAlloc(&buf, 3 * (bytes + 256)));
  dx = buf + 4 * offset;
  dy = dx + bytes + 256;
  dout = dy + bytes + 256;
  for (int32_t i = 0; i < n; ++i) {
    x[i] = (float)rnd();
    y[i] = (float)rnd();
  }
  CHECK(cuMemcpyHtoD(dx, x, bytes));
  CHECK(cuMemcpyHtoD(dy, y, bytes));
  CHECK(cuMemsetD32(dout, 0x7fc00000u, (size_t)n)); /* NaN */
  variant = vadd_variant(dx, dy, dout, n);
  CHECK(vadd(stream, dx, dy, dout, n));
  CHECK(cuStreamSynchronize(stream));
  CHECK(cuMemcpyDtoH(out, dout, bytes));
  for (int32_t i = 0; i < n; ++i)
    bad += out[i] != x[i] + y[i];
  printf("vadd n=%d offset=%d (%s): %s\n", n, offset,
         variant ? variant : "none", bad ? "WRONG" : "checked");
  CHECK(cuMemFree(buf));
  free(x);
  free(y);
  free(out);
  return bad != 0;
}

static int test_softmax(CUstream stream, int32_t rows, int32_t cols) {
  size_t bytes = sizeof(float) * (size_t)rows * cols;
  float *in = (float *)malloc(bytes), *out = (float *)malloc(bytes);
  CUdeviceptr din, dout;
  int bad = 0;
  CHECK(cuMemAlloc(&din, bytes));
  CHECK(cuMemAlloc(&dout, bytes));
  for (size_t i = 0; i < (size_t)rows * cols; ++i)
    in[i] = (float)(4 * rnd());
  CHECK(cuMemcpyHtoD(din, in, bytes));
  CHECK(softmax(stream, dout, din, cols, cols, cols, rows));
  CHECK(cuStreamSynchronize(stream));
  CHECK(cuMemcpyDtoH(out, dout, bytes));
  bad = softmax_mismatches(in, out, rows, cols, cols);
  printf("softmax %dx%d (%s): %s\n", rows, cols,
         softmax_loaded_target() ? softmax_loaded_target() : "?",
         bad ? "WRONG" : "checked");
  CHECK(cuMemFree(din));
  CHECK(cuMemFree(dout));
  free(in);
  free(out);
  return bad != 0;
}

int main(void) {
  CUdevice device;
  CUcontext context;
  CUstream stream;
  char name[256];
  int failed = 0;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDeviceGetName(name, sizeof name, device));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  printf("device: %s\n", name);
  CHECK(load_vadd());
  CHECK(load_softmax());
  failed |= test_vadd(stream, 1 << 24, 0); /* vadd_16 */
  failed |= test_vadd(stream, 1000003, 0); /* n % 16 != 0: vadd_any */
  failed |= test_vadd(stream, 4096, 1);    /* misaligned: vadd_any */
  failed |= test_softmax(stream, 4096, 1000);
  failed |= test_softmax(stream, 333, 1024);
  CHECK(unload_vadd());
  CHECK(unload_softmax());
  CHECK(cuStreamDestroy(stream));
  CHECK(cuDevicePrimaryCtxRelease(device));
  printf(failed ? "FAILED\n" : "all checks passed\n");
  return failed;
}
