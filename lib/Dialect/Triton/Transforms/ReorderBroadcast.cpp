//===- ReorderBroadcast.cpp - compute before splat/broadcast ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// An elementwise op whose tensor operands are all splats (or broadcasts of
// one small tensor) computes the same thing many times over. Doing the work
// on the scalar (or the small tensor) and expanding the result afterwards
// is never more work, and it makes the values uniform for later analyses.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The splat value of a dense splat constant, or null.
TypedAttr getSplatConstant(Value v) {
  DenseElementsAttr dense;
  if (!matchPattern(v, m_Constant(&dense)) || !dense.isSplat())
    return {};
  return dyn_cast<TypedAttr>(dense.getSplatValue<Attribute>());
}

bool isSplatLike(Value v) {
  return v.getDefiningOp<SplatOp>() || getSplatConstant(v);
}

/// `v` (a splat or splat constant) re-created with the shape and encoding of
/// `shapeLike` but its own element type; a scalar when `shapeLike` is null.
Value resplat(PatternRewriter &rewriter, Location loc, Value v,
              RankedTensorType shapeLike) {
  Type elemType = cast<RankedTensorType>(v.getType()).getElementType();
  if (auto splat = v.getDefiningOp<SplatOp>()) {
    if (!shapeLike)
      return splat.getSrc();
    return SplatOp::create(rewriter, loc, shapeLike.clone(elemType),
                           splat.getSrc());
  }
  TypedAttr value = getSplatConstant(v);
  if (!shapeLike)
    return arith::ConstantOp::create(rewriter, loc, value);
  auto type = shapeLike.clone(elemType);
  return arith::ConstantOp::create(rewriter, loc, type,
                                   DenseElementsAttr::get(type, value));
}

/// Clones `op` with new operands and result types (same name, attributes).
Operation *cloneWithTypes(PatternRewriter &rewriter, Operation *op,
                          ValueRange operands, TypeRange resultTypes) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  state.addAttributes(op->getAttrs());
  return rewriter.create(state);
}

/// Elementwise ops that may be rewritten: no memory effects, at least one
/// operand, and tensor operands and results.
bool isMovableElementwise(Operation *op) {
  if (op->getNumOperands() == 0 || op->getNumRegions() != 0 ||
      !isMemoryEffectFree(op))
    return false;
  auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::all_of(op->getOperandTypes(), isTensor) &&
         llvm::all_of(op->getResultTypes(), isTensor);
}

// elementwise(splat(a), splat(b), ...) -> splat(elementwise(a, b, ...))
struct MoveSplatAfterElementwise
    : public OpTraitRewritePattern<mlir::OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op) ||
        !llvm::all_of(op->getOperands(), isSplatLike))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Value> scalars;
    for (Value operand : op->getOperands())
      scalars.push_back(resplat(rewriter, loc, operand, nullptr));
    SmallVector<Type> scalarTypes;
    for (Type t : op->getResultTypes())
      scalarTypes.push_back(cast<RankedTensorType>(t).getElementType());
    Operation *scalarOp = cloneWithTypes(rewriter, op, scalars, scalarTypes);
    SmallVector<Value> results;
    for (auto [result, scalar] :
         llvm::zip(op->getResults(), scalarOp->getResults()))
      results.push_back(
          SplatOp::create(rewriter, loc, result.getType(), scalar));
    rewriter.replaceOp(op, results);
    return success();
  }
};

// elementwise(broadcast(a), splat(b), ...) -> broadcast(elementwise(a, b',
// ...))
struct MoveBroadcastAfterElementwise
    : public OpTraitRewritePattern<mlir::OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    // Every broadcast must expand the same source shape; the other operands
    // must be splats, which can be re-made in that shape.
    RankedTensorType srcType;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<BroadcastOp>()) {
        auto type = cast<RankedTensorType>(broadcast.getSrc().getType());
        if (srcType && srcType.getShape() != type.getShape())
          return failure();
        srcType = type;
      } else if (!isSplatLike(operand)) {
        return failure();
      }
    }
    if (!srcType)
      return failure();

    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<BroadcastOp>())
        operands.push_back(broadcast.getSrc());
      else
        operands.push_back(resplat(rewriter, loc, operand, srcType));
    }
    SmallVector<Type> smallTypes;
    for (Type t : op->getResultTypes())
      smallTypes.push_back(
          srcType.clone(cast<RankedTensorType>(t).getElementType()));
    Operation *smallOp = cloneWithTypes(rewriter, op, operands, smallTypes);
    SmallVector<Value> results;
    for (auto [result, small] :
         llvm::zip(op->getResults(), smallOp->getResults()))
      results.push_back(
          BroadcastOp::create(rewriter, loc, result.getType(), small));
    rewriter.replaceOp(op, results);
    return success();
  }
};

// expand_dims(splat(x)) -> splat(x); expand_dims(cst) -> cst
struct ExpandDimsOfSplat : public OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSplatLike(op.getSrc()))
      return failure();
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOp(op, resplat(rewriter, op.getLoc(), op.getSrc(), type));
    return success();
  }
};

// expand_dims(broadcast(x)) -> broadcast(expand_dims(x))
struct MoveBroadcastAfterExpandDims : public OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!broadcast)
      return failure();
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    SmallVector<int64_t> shape(srcType.getShape());
    shape.insert(shape.begin() + op.getAxis(), 1);
    auto expanded =
        ExpandDimsOp::create(rewriter, op.getLoc(), srcType.clone(shape),
                             broadcast.getSrc(), op.getAxis());
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), expanded);
    return success();
  }
};

// broadcast(cst) -> cst; broadcast(splat(x)) -> splat(x)
struct BroadcastOfSplat : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSplatLike(op.getSrc()))
      return failure();
    rewriter.replaceOp(op, resplat(rewriter, op.getLoc(), op.getSrc(),
                                   cast<RankedTensorType>(op.getType())));
    return success();
  }
};

// broadcast(broadcast(x)) -> broadcast(x); broadcast(x : T) -> x
struct BroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSrc().getType() == op.getType()) {
      rewriter.replaceOp(op, op.getSrc());
      return success();
    }
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};

struct ReorderBroadcastPass
    : public triton::impl::TritonReorderBroadcastBase<ReorderBroadcastPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    BroadcastOp::getCanonicalizationPatterns(patterns, ctx);
    ExpandDimsOp::getCanonicalizationPatterns(patterns, ctx);
    populateBroadcastFoldPatterns(patterns);
    patterns.add<ExpandDimsOfSplat, MoveBroadcastAfterExpandDims,
                 MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::triton::populateBroadcastFoldPatterns(RewritePatternSet &patterns) {
  patterns.add<BroadcastOfSplat, BroadcastOfBroadcast>(patterns.getContext());
}
