//===- LoopInvariantCodeMotion.cpp - LICM that hoists tt.load ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// MLIR's LICM only moves operations without memory effects. A tt.load of a
// loop-invariant address is just as invariant when nothing in the loop
// writes memory; hoisting it only needs a guard for the zero-trip case,
// which the load's mask expresses for free.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPINVARIANTCODEMOTION
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `op` and everything nested in it at most reads memory. Unknown
/// effects count as writes.
bool onlyReadsMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return false;
  return llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// Whether `load` reads through a pointer or a tensor of pointers (which can
/// take a mask), as opposed to a block pointer.
bool takesMask(LoadOp load) {
  auto ptr = dyn_cast<PointerType>(load.getPtr().getType());
  return !ptr || !isa<RankedTensorType>(ptr.getPointeeType());
}

struct LoopInvariantCodeMotionPass
    : public triton::impl::TritonLoopInvariantCodeMotionBase<
          LoopInvariantCodeMotionPass> {
  void runOnOperation() override {
    // Post-order walk: inner loops first, so that what leaves an inner loop
    // can leave the enclosing one too.
    getOperation()->walk([&](LoopLikeOpInterface loop) { hoist(loop); });
  }

  void hoist(LoopLikeOpInterface loop) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    std::optional<bool> loopOnlyReads;
    Value tripGuard; // `lb < ub`, built on first use.

    auto shouldMove = [&](Operation *op, Region *) -> bool {
      auto load = dyn_cast<LoadOp>(op);
      if (!load)
        return isSpeculatable(op) && isMemoryEffectFree(op);
      // Loads leave only scf.for loops, whose trip condition is `lb < ub`.
      if (!forOp || !takesMask(load) || !onlyReadsMemory(load))
        return false;
      if (!loopOnlyReads)
        loopOnlyReads = onlyReadsMemory(loop);
      return *loopOnlyReads;
    };

    auto move = [&](Operation *op, Region *) {
      if (auto load = dyn_cast<LoadOp>(op)) {
        IRRewriter rewriter(loop);
        Location loc = loop->getLoc();
        if (!tripGuard)
          tripGuard = arith::CmpIOp::create(
              rewriter, loc,
              forOp.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                     : arith::CmpIPredicate::slt,
              forOp.getLowerBound(), forOp.getUpperBound());
        Value mask = tripGuard;
        if (auto shaped = dyn_cast<RankedTensorType>(load.getPtr().getType()))
          mask = SplatOp::create(rewriter, loc, getI1SameShape(shaped), mask);
        if (Value old = load.getMask())
          mask = arith::AndIOp::create(rewriter, loc, old, mask);
        rewriter.modifyOpInPlace(load,
                                 [&] { load.getMaskMutable().assign(mask); });
      }
      loop.moveOutOfLoop(op);
    };

    moveLoopInvariantCode(
        loop.getLoopRegions(),
        [&](Value value, Region *) {
          return loop.isDefinedOutsideOfLoop(value);
        },
        shouldMove, move);
  }
};

} // namespace
