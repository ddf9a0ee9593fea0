//===- fuzz-npy.cpp - fuzz the .npy reader ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Input: the bytes of a .npy file. A file the reader accepts must hold
// exactly the data its header promises, and writing it back out must give a
// file that reads back to the same array.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Npy.h"

#include <cstdio>
#include <cstdlib>

using namespace tt::runtime;

static void bug(const char *what) {
  std::fprintf(stderr, "==tt-fuzz== BUG: %s\n", what);
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  NpyArray a;
  std::string err;
  if (!parseNpy(data, size, a, err)) {
    if (err.empty())
      bug("parseNpy failed without saying why");
    return 0;
  }
  if (a.numel() < 0 ||
      a.data.size() != size_t(a.numel()) * dtypeSize(a.dtype))
    bug("the array's data does not match its shape");
  // Round trip through the writer. bf16/fp8 never come out of parseNpy, so
  // the dtype survives.
  std::vector<uint8_t> bytes = encodeNpy(a);
  NpyArray b;
  if (!parseNpy(bytes.data(), bytes.size(), b, err))
    bug(("the writer's output does not read back: " + err).c_str());
  if (b.dtype != a.dtype || b.shape != a.shape || b.data != a.data)
    bug("write + read changes the array");
  return 0;
}
