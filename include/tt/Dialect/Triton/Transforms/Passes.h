//===- Passes.h - TTIR-level passes -----------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define TT_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::triton {

#define GEN_PASS_DECL
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"

/// Adds the rewrites that collapse chains of shape ops around a broadcast:
/// broadcast of a splat constant, of a splat or of a broadcast. Used by
/// triton-combine and triton-reorder-broadcast.
void populateBroadcastFoldPatterns(RewritePatternSet &patterns);

} // namespace mlir::triton

#endif // TT_DIALECT_TRITON_TRANSFORMS_PASSES_H
