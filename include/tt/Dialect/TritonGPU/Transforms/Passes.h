//===- Passes.h - TTGIR layout passes ---------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {
class TritonGPUDialect;

#define GEN_PASS_DECL
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

#endif // TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
