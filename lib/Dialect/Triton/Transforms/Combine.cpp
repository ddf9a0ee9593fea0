//===- Combine.cpp - Triton-specific peephole combines ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Rewrites the canonicalizer cannot do because they rely on what tt ops
// mean: accumulating into a dot, merging pointer offsets, folding a select
// into a masked load, recognizing a matrix product written as
// broadcast-multiply-reduce.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

bool isZeroConstant(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

//===----------------------------------------------------------------------===//
// add(dot(a, b, 0), d) -> dot(a, b, d)
//===----------------------------------------------------------------------===//

template <typename DotTy, typename AddOp>
struct FoldAddIntoDotAccumulator : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    // Either operand may be the dot; try the right-hand side first.
    for (unsigned dotIdx : {1u, 0u}) {
      auto dot = add->getOperand(dotIdx).template getDefiningOp<DotTy>();
      if (!dot || !dot->hasOneUse() || !isZeroConstant(dot.getC()))
        continue;
      // With imprecise accumulation the dot rounds its partial sums
      // differently than a separate addf would.
      if constexpr (std::is_same_v<DotTy, DotOp> &&
                    std::is_same_v<AddOp, arith::AddFOp>)
        if (dot.getMaxNumImpreciseAcc() != 0)
          continue;
      Value acc = add->getOperand(1 - dotIdx);
      rewriter.modifyOpInPlace(dot, [&] {
        dot.getCMutable().assign(acc);
        // `acc` may be defined between the dot and the add.
        dot->moveBefore(add);
      });
      rewriter.replaceOp(add, dot.getResult());
      return success();
    }
    return failure();
  }
};

//===----------------------------------------------------------------------===//
// addptr(addptr(p, x), y) -> addptr(p, x + y)
//===----------------------------------------------------------------------===//

/// The integer value of a scalar constant, a splat constant, or a splat of a
/// scalar constant.
std::optional<APInt> getSplatInt(Value v) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    v = splat.getSrc();
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value;
  return std::nullopt;
}

/// Whether `x + y` computed in the offsets' own type equals what two
/// successive addptrs compute. Pointer arithmetic is 64-bit, so narrower
/// offsets may only be merged when their sum provably does not wrap.
bool canMergeOffsets(Value x, Value y) {
  if (x.getType() != y.getType())
    return false;
  if (triton::getElementTypeOrSelf(x.getType()).getIntOrFloatBitWidth() == 64)
    return true;
  std::optional<APInt> a = getSplatInt(x), b = getSplatInt(y);
  if (!a || !b)
    return false;
  bool overflow = false;
  (void)a->sadd_ov(*b, overflow);
  return !overflow;
}

struct MergeNestedAddPtr : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || !canMergeOffsets(inner.getOffset(), op.getOffset()))
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    auto merged = AddPtrOp::create(rewriter, op.getLoc(), op.getType(),
                                   inner.getPtr(), sum);
    // Keep the hints the frontend attached to the final address.
    for (StringRef name : {"tt.divisibility", "tt.contiguity", "tt.constancy",
                           "tt.pointee_type"})
      if (Attribute hint = op->getDiscardableAttr(name))
        merged->setDiscardableAttr(name, hint);
    rewriter.replaceOp(op, merged.getResult());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// select(c, load(p, splat(c)), f) -> load(p, splat(c), f)
//===----------------------------------------------------------------------===//

struct FoldSelectIntoMaskedLoad : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load.getMask())
      return failure();
    Value cond = select.getCondition();
    Value mask = load.getMask();
    auto splat = mask.getDefiningOp<SplatOp>();
    if (mask != cond && !(splat && splat.getSrc() == cond))
      return failure();
    // The load becomes the select: nobody else may see the new `other`, and
    // the false value must already exist where the load is.
    Value falseValue = select.getFalseValue();
    if (!load->hasOneUse() ||
        !DominanceInfo(load).properlyDominates(falseValue, load))
      return failure();
    rewriter.modifyOpInPlace(
        load, [&] { load.getOtherMutable().assign(falseValue); });
    rewriter.replaceOp(select, load.getResult());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// sum(x[:, :, None] * y[None, :, :], axis=1) -> dot(x, y)
//===----------------------------------------------------------------------===//

/// Whether the body of `reduce` is `return addf(lhs, rhs)` on an element
/// type of at most 32 bits.
bool isFloatAddReduction(ReduceOp reduce) {
  Region &body = reduce.getCombineOp();
  if (!body.hasOneBlock())
    return false;
  Block &block = body.front();
  if (block.getOperations().size() != 2 || block.getNumArguments() != 2)
    return false;
  auto add = dyn_cast<arith::AddFOp>(block.front());
  if (!add || add.getType().getIntOrFloatBitWidth() > 32)
    return false;
  Operation *yield = block.getTerminator();
  return yield->getNumOperands() == 1 && yield->getOperand(0) == add &&
         ((add.getLhs() == block.getArgument(0) &&
           add.getRhs() == block.getArgument(1)) ||
          (add.getLhs() == block.getArgument(1) &&
           add.getRhs() == block.getArgument(0)));
}

/// Whether `op` changes the size of dimension `axis` and of no other.
bool broadcastsOnlyAlong(BroadcastOp op, unsigned axis) {
  ArrayRef<int64_t> src =
      cast<RankedTensorType>(op.getSrc().getType()).getShape();
  ArrayRef<int64_t> dst = cast<RankedTensorType>(op.getType()).getShape();
  for (unsigned d = 0; d < src.size(); ++d)
    if ((src[d] != dst[d]) != (d == axis))
      return false;
  return true;
}

/// The rank-2 value whose `dropAxis` expansion is `v`: the source of an
/// expand_dims along that axis.
Value getUnexpanded(Value v, int dropAxis) {
  auto expand = v.getDefiningOp<ExpandDimsOp>();
  if (!expand || static_cast<int>(expand.getAxis()) != dropAxis)
    return Value();
  return expand.getSrc();
}

struct BroadcastMulReduceToDot : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce->getNumOperands() != 1 || reduce.getAxis() != 1 ||
        !isFloatAddReduction(reduce))
      return failure();
    auto inputType = cast<RankedTensorType>(reduce->getOperand(0).getType());
    if (inputType.getRank() != 3 || inputType.getEncoding())
      return failure();
    auto mul = reduce->getOperand(0).getDefiningOp<arith::MulFOp>();
    if (!mul)
      return failure();
    auto lhs = mul.getLhs().getDefiningOp<BroadcastOp>();
    auto rhs = mul.getRhs().getDefiningOp<BroadcastOp>();
    // (M, K, 1) -> (M, K, N) and (1, K, N) -> (M, K, N).
    if (!lhs || !rhs || !broadcastsOnlyAlong(lhs, 2) ||
        !broadcastsOnlyAlong(rhs, 0))
      return failure();
    int64_t m = inputType.getDimSize(0), n = inputType.getDimSize(2);
    if (m < 16 || n < 16)
      return failure();
    Value a = getUnexpanded(lhs.getSrc(), 2);
    Value b = getUnexpanded(rhs.getSrc(), 0);
    if (!a || !b)
      return failure();
    Type elemType = inputType.getElementType();
    auto accType = RankedTensorType::get({m, n}, elemType);
    Location loc = reduce.getLoc();
    Value zero = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(accType, rewriter.getFloatAttr(elemType, 0)));
    rewriter.replaceOpWithNewOp<DotOp>(reduce, accType, a, b, zero,
                                       InputPrecision::IEEE,
                                       /*maxNumImpreciseAcc=*/0);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reshape feeding only reductions may reorder elements
//===----------------------------------------------------------------------===//

struct AllowReorderBeforeReduction : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getAllowReorder() ||
        cast<RankedTensorType>(op.getType()).getRank() != 1 || op->use_empty())
      return failure();
    // A 1-D reduction or histogram does not observe the element order.
    if (!llvm::all_of(op->getUsers(), [](Operation *user) {
          return isa<ReduceOp, HistogramOp>(user);
        }))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.setAllowReorder(true); });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reshape(descriptor_load) dropping leading unit dims -> descriptor_load
//===----------------------------------------------------------------------===//

struct DropUnitDimsOfDescriptorLoad : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<DescriptorLoadOp>();
    if (!load || !load->hasOneUse())
      return failure();
    ArrayRef<int64_t> loaded =
        cast<RankedTensorType>(load.getType()).getShape();
    ArrayRef<int64_t> wanted = cast<RankedTensorType>(op.getType()).getShape();
    // The load may itself produce the block without its leading unit dims.
    if (wanted.size() >= loaded.size() ||
        loaded.take_back(wanted.size()) != wanted ||
        llvm::any_of(loaded.drop_back(wanted.size()),
                     [](int64_t size) { return size != 1; }))
      return failure();
    rewriter.modifyOpInPlace(load,
                             [&] { load.getResult().setType(op.getType()); });
    rewriter.replaceOp(op, load.getResult());
    return success();
  }
};

struct CombineOpsPass
    : public triton::impl::TritonCombineOpsBase<CombineOpsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<FoldAddIntoDotAccumulator<DotOp, arith::AddIOp>,
                 FoldAddIntoDotAccumulator<DotOp, arith::AddFOp>,
                 FoldAddIntoDotAccumulator<DotScaledOp, arith::AddFOp>,
                 MergeNestedAddPtr, FoldSelectIntoMaskedLoad,
                 BroadcastMulReduceToDot, AllowReorderBeforeReduction,
                 DropUnitDimsOfDescriptorLoad>(ctx);
    populateBroadcastFoldPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
