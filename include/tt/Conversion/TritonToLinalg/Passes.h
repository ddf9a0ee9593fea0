//===- Passes.h - TTIR to linalg conversion ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOLINALG_PASSES_H
#define TT_CONVERSION_TRITONTOLINALG_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton {

/// Number of `i32` arguments appended to every converted function with a
/// body: pid_x, pid_y, pid_z, num_x, num_y, num_z.
constexpr unsigned kNumGridArgs = 6;
/// Unit attribute marking the converted kernels (public functions).
constexpr llvm::StringLiteral kCPUKernelAttrName = "tt.cpu.kernel";

#define GEN_PASS_DECL
#include "tt/Conversion/TritonToLinalg/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tt/Conversion/TritonToLinalg/Passes.h.inc"

} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONTOLINALG_PASSES_H
