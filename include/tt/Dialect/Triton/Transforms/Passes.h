//===- Passes.h - TTIR-level passes -----------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TT_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"

} // namespace mlir::triton

#endif // TT_DIALECT_TRITON_TRANSFORMS_PASSES_H
