//===- KernelABI.h - the CPU kernel ABI in IR -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What convert-triton-to-linalg and tritoncpu-packed-entry agree on about a
// converted kernel (docs/cpu-backend.md): the trailing grid arguments and
// the attribute that marks kernels. Header only: the CPU backend has no
// dialect of its own.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONCPU_IR_KERNELABI_H
#define TT_DIALECT_TRITONCPU_IR_KERNELABI_H

#include "llvm/ADT/StringRef.h"

namespace mlir::triton {

/// Number of `i32` arguments appended to every converted function with a
/// body: pid_x, pid_y, pid_z, num_x, num_y, num_z.
constexpr unsigned kNumGridArgs = 6;
/// Unit attribute marking the converted kernels (public functions).
constexpr llvm::StringLiteral kCPUKernelAttrName = "tt.cpu.kernel";

} // namespace mlir::triton

#endif // TT_DIALECT_TRITONCPU_IR_KERNELABI_H
