//===- LoopCarriedPointers.cpp - uniform pointer increments -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Before the conversion proper: `p = addptr(p, splat(s))` carried by an
// scf.for becomes a carried scalar offset from the initial tensor, so that
// addresses stay affine functions of the tile indices.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

/// The loop-invariant scalar `s` when `offset` is `splat(s)` or a splat
/// constant (materialized before `loop`), else null.
Value getUniformOffset(Value offset, scf::ForOp loop, OpBuilder &b) {
  if (auto splat = offset.getDefiningOp<tt::SplatOp>()) {
    Value s = splat.getSrc();
    if (!loop.isDefinedOutsideOfLoop(s))
      return Value();
    return s;
  }
  DenseIntElementsAttr dense;
  if (matchPattern(offset, m_Constant(&dense)) && dense.isSplat()) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(loop);
    return arith::ConstantOp::create(b, offset.getLoc(),
                                     dense.getSplatValue<TypedAttr>());
  }
  return Value();
}

} // namespace

/// `p = addptr(p, splat(s))` inside an scf.for makes every later address an
/// opaque value loaded from the previous iteration's tensor. Instead, carry
/// the scalar element offset `o` and recompute `p = addptr(p0, splat(o))`
/// from the initial tensor at the top of each iteration: after fusion the
/// addresses are again affine functions of the tile indices, so loads and
/// stores through them are contiguous and vectorize.
void tt::tolinalg::rewriteLoopCarriedPointers(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  IRRewriter rewriter(module.getContext());
  for (scf::ForOp loop : loops) {
    // Hoist invariant scalar computations first (upstream computes the
    // `BK * stride` increment inside the loop).
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<unsigned> indices;
    SmallVector<Value> steps;
    for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
      BlockArgument arg = loop.getRegionIterArg(i);
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type || !isa<tt::PointerType>(type.getElementType()) ||
          isBlockPointer(type.getElementType()))
        continue;
      auto add = yield.getOperand(i).getDefiningOp<tt::AddPtrOp>();
      if (!add || add.getPtr() != arg)
        continue;
      Value step = getUniformOffset(add.getOffset(), loop, rewriter);
      if (!step)
        continue;
      indices.push_back(i);
      steps.push_back(step);
    }
    if (indices.empty())
      continue;
    Location loc = loop.getLoc();
    Type i64 = rewriter.getI64Type();
    rewriter.setInsertionPoint(loop);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, i64, 0);
    SmallVector<Value> inits(indices.size(), zero);
    SmallVector<Value> initPtrs;
    for (unsigned i : indices)
      initPtrs.push_back(loop.getInitArgs()[i]);
    auto newLoop = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> offsets) {
          SmallVector<Value> next;
          for (auto [o, step] : llvm::zip(offsets, steps))
            next.push_back(arith::AddIOp::create(b, l, o,
                                                 castInt(b, l, step, i64)));
          return next;
        });
    if (failed(newLoop))
      continue;
    auto forOp = cast<scf::ForOp>(newLoop->getOperation());
    unsigned numOld = forOp.getNumRegionIterArgs() - indices.size();
    auto newYield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    for (auto [position, iterIndex] : llvm::enumerate(indices)) {
      unsigned n = position, i = iterIndex;
      BlockArgument arg = forOp.getRegionIterArg(i);
      Value offset = forOp.getRegionIterArg(numOld + n);
      auto type = cast<RankedTensorType>(arg.getType());
      auto offType = RankedTensorType::get(type.getShape(), i64);
      // In the loop: p = p0 + o.
      rewriter.setInsertionPointToStart(forOp.getBody());
      Value splat = tt::SplatOp::create(rewriter, loc, offType, offset);
      Value current =
          tt::AddPtrOp::create(rewriter, loc, type, initPtrs[n], splat);
      Value oldNext = newYield.getOperand(i);
      rewriter.replaceAllUsesExcept(arg, current,
                                    current.getDefiningOp());
      // The old iteration argument no longer changes.
      rewriter.modifyOpInPlace(newYield,
                               [&] { newYield.setOperand(i, arg); });
      if (Operation *def = oldNext.getDefiningOp())
        if (def->use_empty())
          rewriter.eraseOp(def);
      // After the loop: p0 + final offset.
      Value result = forOp.getResult(i);
      if (!result.use_empty()) {
        rewriter.setInsertionPointAfter(forOp);
        Value finalSplat = tt::SplatOp::create(rewriter, loc, offType,
                                               forOp.getResult(numOld + n));
        Value final =
            tt::AddPtrOp::create(rewriter, loc, type, initPtrs[n], finalSplat);
        rewriter.replaceAllUsesExcept(result, final, final.getDefiningOp());
      }
    }
  }
}
