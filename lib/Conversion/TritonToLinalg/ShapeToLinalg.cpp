//===- ShapeToLinalg.cpp - tensor creation and shapes -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// make_range, splat, broadcast, expand_dims, trans, join and gather become
// parallel linalg.generic ops (indexing maps do the work); reshape, cat
// and split become tensor reshapes and slices; unsplat extracts the one
// element; ub.poison of a tensor becomes tensor.empty.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

struct MakeRangeConversion : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = op.getType();
    int32_t start = op.getStart();
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), type.getShape(), {}, {i32},
        [&](OpBuilder &b, Location loc, ValueRange) -> SmallVector<Value> {
          Value idx = linalg::IndexOp::create(b, loc, 0);
          Value v = arith::IndexCastOp::create(b, loc, i32, idx);
          if (start != 0)
            v = arith::AddIOp::create(
                b, loc, v, arith::ConstantIntOp::create(b, loc, i32, start));
          return {v};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct SplatConversion : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    Type elem = type.getElementType();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), type.getShape(), {adaptor.getSrc()}, {elem},
        [&](OpBuilder &b, Location loc, ValueRange args) -> SmallVector<Value> {
          Value v = args[0];
          if (isa<LLVM::LLVMPointerType>(v.getType()))
            v = LLVM::PtrToIntOp::create(b, loc, elem, v);
          return {v};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct UnsplatConversion : OpConversionPattern<tt::UnsplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    SmallVector<Value> zeros(srcTy.getRank(), makeIndexConst(rewriter, loc, 0));
    Value v = tensor::ExtractOp::create(rewriter, loc, adaptor.getSrc(), zeros);
    Type resTy = getTypeConverter()->convertType(op.getType());
    if (isa<LLVM::LLVMPointerType>(resTy))
      v = LLVM::IntToPtrOp::create(rewriter, loc, resTy, v);
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// Copies `src` into a tensor of `resultType` through a generic whose input
/// map is `srcMap` (used for broadcast, expand_dims and trans).
Value buildRemap(OpBuilder &b, Location loc, Value src,
                 RankedTensorType resultType, AffineMap srcMap) {
  unsigned rank = resultType.getRank();
  Value out = makeEmpty(b, loc, resultType.getShape(),
                        resultType.getElementType());
  SmallVector<AffineMap> maps{srcMap, b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{src}, ValueRange{out}, maps,
      iters, [](OpBuilder &nb, Location nl, ValueRange args) {
        linalg::YieldOp::create(nb, nl, args[0]);
      });
  return g.getResult(0);
}

/// broadcast, expand_dims and trans: a copy of the source through the
/// input map whose results `sourceExprs` gives (one per source dimension,
/// over the result's dimensions).
using SourceExprsFn = SmallVector<AffineExpr> (*)(Operation *op,
                                                  RankedTensorType srcTy,
                                                  RankedTensorType resTy,
                                                  Builder &b);
template <typename OpT, SourceExprsFn sourceExprs>
struct RemapConversion : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resTy = cast<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto map = AffineMap::get(resTy.getRank(), 0,
                              sourceExprs(op, srcTy, resTy, rewriter),
                              op.getContext());
    rewriter.replaceOp(op, buildRemap(rewriter, op.getLoc(), adaptor.getSrc(),
                                      resTy, map));
    return success();
  }
};

/// A size-1 source dimension that the result broadcasts reads index 0.
SmallVector<AffineExpr> broadcastExprs(Operation *, RankedTensorType srcTy,
                                       RankedTensorType resTy, Builder &b) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < srcTy.getRank(); ++d)
    exprs.push_back(srcTy.getDimSize(d) == 1 && resTy.getDimSize(d) != 1
                        ? b.getAffineConstantExpr(0)
                        : b.getAffineDimExpr(d));
  return exprs;
}

/// Every result dimension but the new one.
SmallVector<AffineExpr> expandDimsExprs(Operation *op, RankedTensorType,
                                        RankedTensorType resTy, Builder &b) {
  unsigned axis = cast<tt::ExpandDimsOp>(op).getAxis();
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < resTy.getRank(); ++d)
    if (d != axis)
      exprs.push_back(b.getAffineDimExpr(d));
  return exprs;
}

/// Result dimension i is source dimension order[i]: source dimension
/// order[i] is indexed by loop i.
SmallVector<AffineExpr> transExprs(Operation *op, RankedTensorType,
                                   RankedTensorType, Builder &b) {
  ArrayRef<int32_t> order = cast<tt::TransOp>(op).getOrder();
  SmallVector<AffineExpr> exprs(order.size());
  for (auto [i, o] : llvm::enumerate(order))
    exprs[o] = b.getAffineDimExpr(i);
  return exprs;
}

using BroadcastConversion = RemapConversion<tt::BroadcastOp, broadcastExprs>;
using ExpandDimsConversion = RemapConversion<tt::ExpandDimsOp, expandDimsExprs>;
using TransConversion = RemapConversion<tt::TransOp, transExprs>;

struct ReshapeConversion : OpConversionPattern<tt::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    Value v = adaptor.getSrc();
    auto srcTy = cast<RankedTensorType>(v.getType());
    if (srcTy.getShape() == resTy.getShape()) {
      rewriter.replaceOp(op, v);
      return success();
    }
    // Row-major reshape: flatten, then split.
    if (srcTy.getRank() != 1) {
      SmallVector<ReassociationIndices> all(1);
      for (unsigned d = 0; d < srcTy.getRank(); ++d)
        all[0].push_back(d);
      v = tensor::CollapseShapeOp::create(rewriter, loc, v, all);
    }
    if (resTy.getRank() != 1) {
      SmallVector<ReassociationIndices> all(1);
      for (unsigned d = 0; d < resTy.getRank(); ++d)
        all[0].push_back(d);
      v = tensor::ExpandShapeOp::create(rewriter, loc, resTy, v, all);
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct CatConversion : OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto lhsTy = cast<RankedTensorType>(adaptor.getLhs().getType());
    Value out =
        makeEmpty(rewriter, loc, resTy.getShape(), resTy.getElementType());
    unsigned rank = resTy.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (int64_t s : lhsTy.getShape())
      sizes.push_back(rewriter.getIndexAttr(s));
    out = tensor::InsertSliceOp::create(rewriter, loc, adaptor.getLhs(), out,
                                        offsets, sizes, strides);
    offsets[0] = rewriter.getIndexAttr(lhsTy.getDimSize(0));
    out = tensor::InsertSliceOp::create(rewriter, loc, adaptor.getRhs(), out,
                                        offsets, sizes, strides);
    rewriter.replaceOp(op, out);
    return success();
  }
};

struct JoinConversion : OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    unsigned rank = resTy.getRank();
    Value out =
        makeEmpty(rewriter, loc, resTy.getShape(), resTy.getElementType());
    auto srcMap = AffineMap::getMultiDimIdentityMap(rank, getContext())
                      .getMajorSubMap(rank - 1);
    SmallVector<AffineMap> maps{srcMap, srcMap,
                                rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resTy},
        ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{out}, maps,
        iters, [&](OpBuilder &b, Location l, ValueRange args) {
          Value k = linalg::IndexOp::create(b, l, rank - 1);
          Value first = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::eq, k, makeIndexConst(b, l, 0));
          Value v = arith::SelectOp::create(b, l, first, args[0], args[1]);
          linalg::YieldOp::create(b, l, v);
        });
    rewriter.replaceOp(op, g.getResult(0));
    return success();
  }
};

struct SplitConversion : OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutLHS().getType()));
    unsigned rank = srcTy.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (int64_t s : srcTy.getShape().drop_back())
      sizes.push_back(rewriter.getIndexAttr(s));
    sizes.push_back(rewriter.getIndexAttr(1));
    SmallVector<Value> results;
    for (int64_t k = 0; k < 2; ++k) {
      offsets[rank - 1] = rewriter.getIndexAttr(k);
      results.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, resTy, adaptor.getSrc(), offsets, sizes, strides));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct GatherConversion : OpConversionPattern<tt::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    unsigned axis = op.getAxis();
    unsigned rank = resTy.getRank();
    Value src = adaptor.getSrc();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), resTy.getShape(), {adaptor.getIndices()},
        {resTy.getElementType()},
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          SmallVector<Value> coords;
          for (unsigned d = 0; d < rank; ++d)
            coords.push_back(
                d == axis
                    ? arith::IndexCastOp::create(b, l, b.getIndexType(),
                                                 args[0])
                          .getResult()
                    : linalg::IndexOp::create(b, l, d).getResult());
          return {tensor::ExtractOp::create(b, l, src, coords)};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// `ub.poison` of a tensor type has no bufferization: any tensor will do.
struct PoisonConversion : OpConversionPattern<ub::PoisonOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ub::PoisonOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type t = getTypeConverter()->convertType(op.getType());
    if (!t)
      return failure();
    if (auto tensorTy = dyn_cast<RankedTensorType>(t))
      rewriter.replaceOp(op, makeEmpty(rewriter, op.getLoc(),
                                       tensorTy.getShape(),
                                       tensorTy.getElementType()));
    else
      rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, t);
    return success();
  }
};

} // namespace

void tt::tolinalg::populateShapeToLinalgPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<MakeRangeConversion, SplatConversion, UnsplatConversion,
               BroadcastConversion, ExpandDimsConversion, TransConversion,
               ReshapeConversion, CatConversion, JoinConversion,
               SplitConversion, GatherConversion, PoisonConversion>(
      converter, patterns.getContext());
}
