//===- CanonicalizePatterns.h - patterns shared by tt dialects --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Canonicalization patterns that more than one op of the tt dialects uses,
// written once as templates over the op class.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_CANONICALIZEPATTERNS_H
#define TT_DIALECT_TRITON_IR_CANONICALIZEPATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::triton {

/// op(op(x)) -> op(x), for a single-operand op (`getSrc()`) whose result
/// depends on the last application only (tt.broadcast, ttg.convert_layout):
/// the outer op reads x directly, updated in place; the inner one is left
/// to dead-code elimination.
template <typename OpT>
struct CollapseChain : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().template getDefiningOp<OpT>();
    if (!inner)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(inner.getSrc()); });
    return success();
  }
};

} // namespace mlir::triton

#endif // TT_DIALECT_TRITON_IR_CANONICALIZEPATTERNS_H
