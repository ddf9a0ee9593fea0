//===- Passes.h - passes of the CPU backend ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The tritoncpu-* passes (Passes.td): create*() functions, their options
// and registerTritonCPUPasses() for tt-opt.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONCPU_TRANSFORMS_PASSES_H
#define TT_DIALECT_TRITONCPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::cpu {

#define GEN_PASS_DECL
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::cpu

#endif // TT_DIALECT_TRITONCPU_TRANSFORMS_PASSES_H
