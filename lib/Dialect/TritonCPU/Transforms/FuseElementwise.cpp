//===- FuseElementwise.cpp - tritoncpu-fuse-elementwise ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-fuse-elementwise: linalg's elementwise fusion with a policy
// that never reorders memory accesses, then addresses back to GEPs and
// in-place destinations for bufferization.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPUFUSEELEMENTWISE
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// Whether recomputing `op`'s body for every use costs about as much as
/// reading a stored element: integer and float arithmetic except division,
/// index computations, pointer-to-integer casts; a bounded number of them.
bool isCheapToRecompute(linalg::GenericOp op) {
  unsigned count = 0;
  for (Operation &o : op.getBody()->without_terminator()) {
    if (++count > 24)
      return false;
    if (isa<linalg::IndexOp, LLVM::PtrToIntOp, LLVM::ZeroOp>(o))
      continue;
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp,
            arith::DivFOp, arith::RemFOp>(o))
      return false;
    if (isa<arith::ArithDialect>(o.getDialect()))
      continue;
    return false;
  }
  return true;
}

/// Whether an op of `op`'s body writes memory: declares a write, or calls
/// a function marked `tt.writes_memory` (the atomic helpers of
/// convert-triton-to-linalg). Reads and calls of pure extern functions may
/// still move to their user.
bool writesMemory(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
        if (effects && effects.hasEffect<MemoryEffects::Write>())
          return WalkResult::interrupt();
        if (auto call = dyn_cast<func::CallOp>(inner)) {
          Operation *callee =
              SymbolTable::lookupNearestSymbolFrom(call, call.getCalleeAttr());
          if (!callee || callee->hasAttr("tt.writes_memory"))
            return WalkResult::interrupt();
        }
        return WalkResult::advance();
      })
      .wasInterrupted();
}

bool shouldFuse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  if (!producer || !consumer)
    return false;
  // Does the consumer read each produced element exactly once?
  bool once = consumer.getMatchingIndexingMap(fused).isPermutation();
  if (!once && consumer.getNumReductionLoops() != 0)
    return false;
  if (!isMemoryEffectFree(producer)) {
    // A producer that writes memory (an atomic returning the old values)
    // stays where it is: fusion copies its body into the consumer, and the
    // original, not dead because of its writes, would run a second time.
    if (writesMemory(producer))
      return false;
    // Moving a read down to its user: only when nothing in
    // between touches memory, and without duplicating it.
    if (!once || !producer->hasOneUse() ||
        producer->getBlock() != consumer->getBlock())
      return false;
    for (Operation *op = producer->getNextNode(); op && op != consumer;
         op = op->getNextNode())
      if (!isMemoryEffectFree(op))
        return false;
    return true;
  }
  if (once && producer->hasOneUse() &&
      producer->getBlock() == consumer->getBlock())
    return true;
  // Recomputing a cheap producer copies its body into each user. A body
  // made of such copies can be copied again, so bodies of a DAG of shared
  // integer subexpressions grew exponentially (upstream's
  // test_typeconvert_downcast kernel was still fusing after 120 s): copies
  // go only into consumers that stay small.
  const unsigned kMaxFusedBody = 64;
  if (producer.getBody()->getOperations().size() +
          consumer.getBody()->getOperations().size() >
      kMaxFusedBody)
    return false;
  return isCheapToRecompute(producer);
}

/// Decomposes `v` into `ptrtoint(base) + sum(terms)` through additions and
/// subtractions (subtracted terms come back negated by the caller).
bool decomposeAddress(Value v, Value &base, SmallVectorImpl<Value> &terms,
                      SmallVectorImpl<bool> &negated, bool negate,
                      unsigned depth = 0) {
  if (depth > 8)
    return false;
  if (auto cast = v.getDefiningOp<LLVM::PtrToIntOp>()) {
    if (negate || base)
      return false;
    base = cast.getArg();
    return true;
  }
  // `inner` decomposes (it holds the base), and `other` is one more term,
  // negated or not; nothing changes when `inner` does not decompose.
  auto decomposeWith = [&](Value inner, Value other, bool otherNegated) {
    SmallVector<Value> t;
    SmallVector<bool> n;
    Value b;
    if (!decomposeAddress(inner, b, t, n, negate, depth + 1) || !b)
      return false;
    base = b;
    terms.append(t);
    negated.append(n);
    terms.push_back(other);
    negated.push_back(otherNegated);
    return true;
  };
  if (auto add = v.getDefiningOp<arith::AddIOp>())
    return decomposeWith(add.getLhs(), add.getRhs(), negate) ||
           decomposeWith(add.getRhs(), add.getLhs(), negate);
  if (auto sub = v.getDefiningOp<arith::SubIOp>())
    return decomposeWith(sub.getLhs(), sub.getRhs(), !negate);
  return false;
}

/// inttoptr(ptrtoint(p) + x) -> getelementptr i8, p, x.
struct AddressToGEP : OpRewritePattern<LLVM::IntToPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::IntToPtrOp op,
                                PatternRewriter &rewriter) const override {
    Value base;
    SmallVector<Value> terms;
    SmallVector<bool> negated;
    if (!decomposeAddress(op.getArg(), base, terms, negated, false) || !base ||
        base.getType() != op.getType())
      return failure();
    Location loc = op.getLoc();
    Value offset;
    for (auto [t, neg] : llvm::zip(terms, negated)) {
      if (!offset) {
        offset = neg ? arith::SubIOp::create(
                           rewriter, loc,
                           arith::ConstantIntOp::create(rewriter, loc,
                                                        t.getType(), 0),
                           t)
                           .getResult()
                     : t;
        continue;
      }
      offset =
          neg ? arith::SubIOp::create(rewriter, loc, offset, t).getResult()
              : arith::AddIOp::create(rewriter, loc, offset, t).getResult();
    }
    if (!offset) {
      rewriter.replaceOp(op, base);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, op.getType(),
                                             rewriter.getI8Type(), base,
                                             ValueRange{offset});
    return success();
  }
};

/// Whether `op` is the last user of `v`: every other user is (nested in) an
/// operation before `op` in its block.
bool isLastUse(Value v, Operation *op) {
  Block *block = op->getBlock();
  for (Operation *user : v.getUsers()) {
    if (user == op)
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == op || !ancestor->isBeforeInBlock(op))
      return false;
  }
  return true;
}

/// An elementwise generic writing a fresh tensor can write over an input
/// of the same type read at the same points, when that input dies here
/// (typically a loop-carried tensor of pointers advanced by `tt.addptr`).
/// Bufferization still checks the reuse and copies if it must.
struct ReuseInputAsDestination : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
        !isMemoryEffectFree(op))
      return failure();
    bool changed = false;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!init.get().getDefiningOp<tensor::EmptyOp>() ||
          !op.getMatchingBlockArgument(&init).use_empty())
        continue;
      AffineMap outMap = op.getMatchingIndexingMap(&init);
      for (OpOperand *in : op.getDpsInputOperands()) {
        Value v = in->get();
        if (v.getType() != init.get().getType() || !isLastUse(v, op) ||
            llvm::count(op->getOperands(), v) != 1 ||
            op.getMatchingIndexingMap(in) != outMap ||
            v.getDefiningOp<arith::ConstantOp>())
          continue;
        rewriter.modifyOpInPlace(op, [&] { init.set(v); });
        changed = true;
        break;
      }
    }
    return success(changed);
  }
};

struct FuseElementwisePass
    : triton::cpu::impl::TritonCPUFuseElementwiseBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    {
      RewritePatternSet patterns(ctx);
      linalg::populateElementwiseOpsFusionPatterns(patterns, shouldFuse);
      linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
      tensor::EmptyOp::getCanonicalizationPatterns(patterns, ctx);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(ctx);
    patterns.add<AddressToGEP, ReuseInputAsDestination>(ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
