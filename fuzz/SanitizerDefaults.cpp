//===- SanitizerDefaults.cpp - ASan settings of the fuzz harnesses -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// LLVM's headers poison and unpoison the slabs of BumpPtrAllocator when the
// code that includes them is built with ASan; Debian's libLLVM/libMLIR are
// not, so a slab poisoned by an inlined header function in our code is then
// written by the library without being unpoisoned, and ASan reports a
// use-after-poison that is not a bug. Manual poisoning is therefore off
// (we never poison memory ourselves). ASAN_OPTIONS still overrides this.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
