//===- Passes.h - TTIR to TTGIR conversion ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TT_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {
class TritonGPUDialect;
} // namespace mlir::triton::gpu

namespace mlir::triton {
#define GEN_PASS_DECL
#include "tt/Conversion/TritonToTritonGPU/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
