//===- Passes.h - TTGIR passes for NVIDIA GPUs ------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
#define TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::nvidia_gpu {
class TritonNvidiaGPUDialect;

#define GEN_PASS_DECL
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

#endif // TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
