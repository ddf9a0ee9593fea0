//===- Passes.h - TTGIR passes for AMD GPUs ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H
#define TT_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {
class TritonGPUDialect;
} // namespace mlir::triton::gpu

namespace mlir::triton::amdgpu {
#define GEN_PASS_DECL
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::amdgpu

#endif // TT_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_H
