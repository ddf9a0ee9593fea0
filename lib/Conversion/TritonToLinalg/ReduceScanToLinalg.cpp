//===- ReduceScanToLinalg.cpp - reductions and scans ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.reduce becomes a linalg.generic with a reduction iterator whose body
// is the combine region, starting from the identity of a single
// commutative operation or else from the first slice; tt.scan and
// tt.histogram become scf.for loops over tensors.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

/// The identity of a combine region made of one commutative arithmetic
/// operation on its two arguments, if it is one.
std::optional<TypedAttr> getCombineIdentity(Region &region) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return std::nullopt;
  Operation &op = block.front();
  Operation *term = block.getTerminator();
  if (term->getNumOperands() != 1 || term->getOperand(0) != op.getResult(0) ||
      op.getNumOperands() != 2)
    return std::nullopt;
  Value a = block.getArgument(0), b = block.getArgument(1);
  if (!((op.getOperand(0) == a && op.getOperand(1) == b) ||
        (op.getOperand(0) == b && op.getOperand(1) == a)))
    return std::nullopt;
  Type t = a.getType();
  Builder builder(t.getContext());
  if (auto ft = dyn_cast<FloatType>(t)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    auto f = [&](const APFloat &v) -> TypedAttr {
      return builder.getFloatAttr(t, v);
    };
    return llvm::TypeSwitch<Operation *, std::optional<TypedAttr>>(&op)
        .Case([&](arith::AddFOp) { return f(APFloat::getZero(sem, true)); })
        .Case([&](arith::MulFOp) { return f(APFloat::getOne(sem)); })
        .Case<arith::MaxNumFOp, arith::MinNumFOp>(
            [&](auto) { return f(APFloat::getQNaN(sem)); })
        .Case([&](arith::MaximumFOp) { return f(APFloat::getInf(sem, true)); })
        .Case([&](arith::MinimumFOp) { return f(APFloat::getInf(sem, false)); })
        .Default([](Operation *) { return std::nullopt; });
  }
  auto it = dyn_cast<IntegerType>(t);
  if (!it)
    return std::nullopt;
  unsigned w = it.getWidth();
  auto i = [&](const APInt &v) -> TypedAttr {
    return builder.getIntegerAttr(t, v);
  };
  return llvm::TypeSwitch<Operation *, std::optional<TypedAttr>>(&op)
      .Case<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(
          [&](auto) { return i(APInt::getZero(w)); })
      .Case([&](arith::MulIOp) { return i(APInt(w, 1)); })
      .Case<arith::AndIOp, arith::MinUIOp>(
          [&](auto) { return i(APInt::getAllOnes(w)); })
      .Case([&](arith::MaxSIOp) { return i(APInt::getSignedMinValue(w)); })
      .Case([&](arith::MinSIOp) { return i(APInt::getSignedMaxValue(w)); })
      .Default([](Operation *) { return std::nullopt; });
}

/// A slice of `src` of size 1 at `offset` along `axis`, with that
/// dimension dropped.
Value sliceAlong(OpBuilder &b, Location loc, Value src, unsigned axis,
                 OpFoldResult offset, int64_t size, bool dropAxis) {
  auto ty = cast<RankedTensorType>(src.getType());
  unsigned rank = ty.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes;
  SmallVector<int64_t> shape;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t s = d == axis ? size : ty.getDimSize(d);
    sizes.push_back(b.getIndexAttr(s));
    if (d != axis || !dropAxis)
      shape.push_back(s);
  }
  offsets[axis] = offset;
  auto resTy = RankedTensorType::get(shape, ty.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, resTy, src, offsets, sizes,
                                        strides);
}

struct ReduceConversion : OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    SmallVector<Value> srcs(adaptor.getSrcs());
    auto srcTy = cast<RankedTensorType>(srcs.front().getType());
    unsigned rank = srcTy.getRank();
    int64_t n = srcTy.getDimSize(axis);
    SmallVector<int64_t> resShape;
    for (unsigned d = 0; d < rank; ++d)
      if (d != axis)
        resShape.push_back(srcTy.getDimSize(d));
    Region &combine = op.getCombineOp();
    unsigned numSrcs = srcs.size();

    // Accumulators: the identity when known, else the first slice.
    SmallVector<Value> inits;
    std::optional<TypedAttr> identity =
        numSrcs == 1 ? getCombineIdentity(combine) : std::nullopt;
    if (identity) {
      Value empty = makeEmpty(rewriter, loc, resShape, identity->getType());
      Value cst = arith::ConstantOp::create(rewriter, loc, *identity);
      inits.push_back(
          linalg::FillOp::create(rewriter, loc, cst, empty).getResult(0));
    } else {
      for (Value &s : srcs) {
        inits.push_back(sliceAlong(rewriter, loc, s, axis,
                                   rewriter.getIndexAttr(0), 1, true));
        if (n > 1)
          s = sliceAlong(rewriter, loc, s, axis, rewriter.getIndexAttr(1),
                         n - 1, false);
      }
    }

    SmallVector<Value> results = inits;
    if (identity || n > 1) {
      MLIRContext *ctx = getContext();
      SmallVector<AffineExpr> outExprs;
      for (unsigned d = 0; d < rank; ++d)
        if (d != axis)
          outExprs.push_back(getAffineDimExpr(d, ctx));
      SmallVector<AffineMap> maps(numSrcs,
                                  AffineMap::getMultiDimIdentityMap(rank, ctx));
      maps.append(numSrcs, AffineMap::get(rank, 0, outExprs, ctx));
      SmallVector<utils::IteratorType> iters(rank,
                                             utils::IteratorType::parallel);
      iters[axis] = utils::IteratorType::reduction;
      SmallVector<Type> resTypes;
      for (Value v : inits)
        resTypes.push_back(v.getType());
      auto g = linalg::GenericOp::create(
          rewriter, loc, resTypes, srcs, inits, maps, iters,
          [&](OpBuilder &b, Location l, ValueRange args) {
            // The region takes the accumulated values, then the new ones.
            SmallVector<Value> regionArgs(args.drop_front(numSrcs));
            regionArgs.append(args.begin(), args.begin() + numSrcs);
            SmallVector<Value> r =
                inlineCombineRegion(b, combine, regionArgs, /*reassoc=*/true);
            linalg::YieldOp::create(b, l, r);
          });
      results.assign(g.getResults().begin(), g.getResults().end());
    }
    if (rank == 1)
      for (Value &r : results)
        r = tensor::ExtractOp::create(rewriter, loc, r, ValueRange{});
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Inclusive scan along `axis`: a loop over the axis carrying the running
/// values (scalars for 1-D inputs, slices otherwise).
struct ScanConversion : OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    SmallVector<Value> srcs(adaptor.getSrcs());
    auto srcTy = cast<RankedTensorType>(srcs.front().getType());
    unsigned rank = srcTy.getRank();
    int64_t n = srcTy.getDimSize(axis);
    unsigned numSrcs = srcs.size();
    Region &combine = op.getCombineOp();

    // Position along the axis of step `i` of the walk.
    auto position = [&](OpBuilder &b, Location l, Value i) -> Value {
      if (!reverse)
        return i;
      return arith::SubIOp::create(b, l, makeIndexConst(b, l, n - 1), i);
    };
    Value first = makeIndexConst(rewriter, loc, reverse ? n - 1 : 0);

    SmallVector<Value> results, carries;
    for (Value s : srcs) {
      auto ty = cast<RankedTensorType>(s.getType());
      Value out = makeEmpty(rewriter, loc, ty.getShape(), ty.getElementType());
      if (rank == 1) {
        Value v = tensor::ExtractOp::create(rewriter, loc, s, first);
        carries.push_back(v);
        out = tensor::InsertOp::create(rewriter, loc, v, out, first);
      } else {
        Value v = sliceAlong(rewriter, loc, s, axis, first, 1, true);
        carries.push_back(v);
        out = insertAlong(rewriter, loc, v, out, axis, first);
      }
      results.push_back(out);
    }
    if (n == 1) {
      rewriter.replaceOp(op, results);
      return success();
    }
    SmallVector<Value> iterArgs(results);
    iterArgs.append(carries);
    auto loop = scf::ForOp::create(
        rewriter, loc, makeIndexConst(rewriter, loc, 1),
        makeIndexConst(rewriter, loc, n), makeIndexConst(rewriter, loc, 1),
        iterArgs,
        [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
          Value pos = position(b, l, iv);
          ValueRange outs = args.take_front(numSrcs);
          ValueRange prev = args.drop_front(numSrcs);
          SmallVector<Value> next, newOuts;
          if (rank == 1) {
            SmallVector<Value> regionArgs(prev);
            for (Value s : srcs)
              regionArgs.push_back(tensor::ExtractOp::create(b, l, s, pos));
            next = inlineCombineRegion(b, combine, regionArgs, false);
            for (auto [v, o] : llvm::zip(next, outs))
              newOuts.push_back(tensor::InsertOp::create(b, l, v, o, pos));
          } else {
            SmallVector<Value> inputs(prev);
            SmallVector<Type> elemTypes;
            for (Value s : srcs) {
              inputs.push_back(sliceAlong(b, l, s, axis, pos, 1, true));
              elemTypes.push_back(
                  cast<RankedTensorType>(s.getType()).getElementType());
            }
            auto sliceShape =
                cast<RankedTensorType>(prev.front().getType()).getShape();
            next = buildElementwise(
                b, l, sliceShape, inputs, elemTypes,
                [&](OpBuilder &nb, Location, ValueRange a) {
                  return inlineCombineRegion(nb, combine, a, false);
                });
            for (auto [v, o] : llvm::zip(next, outs))
              newOuts.push_back(insertAlong(b, l, v, o, axis, pos));
          }
          newOuts.append(next);
          scf::YieldOp::create(b, l, newOuts);
        });
    rewriter.replaceOp(op, loop.getResults().take_front(numSrcs));
    return success();
  }

  static Value insertAlong(OpBuilder &b, Location loc, Value slice, Value dest,
                           unsigned axis, OpFoldResult offset) {
    auto ty = cast<RankedTensorType>(dest.getType());
    unsigned rank = ty.getRank();
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (unsigned d = 0; d < rank; ++d)
      sizes.push_back(b.getIndexAttr(d == axis ? 1 : ty.getDimSize(d)));
    offsets[axis] = offset;
    return tensor::InsertSliceOp::create(b, loc, slice, dest, offsets, sizes,
                                         strides);
  }
};

struct HistogramConversion : OpConversionPattern<tt::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto resTy = cast<RankedTensorType>(op.getType());
    if (srcTy.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "histogram of rank > 1");
    Type binTy = resTy.getElementType();
    Type valTy = srcTy.getElementType();
    int64_t bins = resTy.getDimSize(0);
    Value empty = makeEmpty(rewriter, loc, resTy.getShape(), binTy);
    Value zero = makeZero(rewriter, loc, binTy);
    Value init =
        linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
    Value src = adaptor.getSrc(), mask = adaptor.getMask();
    auto loop = scf::ForOp::create(
        rewriter, loc, makeIndexConst(rewriter, loc, 0),
        makeIndexConst(rewriter, loc, srcTy.getDimSize(0)),
        makeIndexConst(rewriter, loc, 1), ValueRange{init},
        [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
          Value v = tensor::ExtractOp::create(b, l, src, iv);
          Value lo = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, v,
                                           makeZero(b, l, valTy));
          Value hi = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::slt, v,
              arith::ConstantOp::create(b, l, b.getIntegerAttr(valTy, bins)));
          Value ok = arith::AndIOp::create(b, l, lo, hi);
          if (mask)
            ok = arith::AndIOp::create(
                b, l, ok, tensor::ExtractOp::create(b, l, mask, iv));
          auto ifOp = scf::IfOp::create(
              b, l, ok,
              [&](OpBuilder &nb, Location nl) {
                Value idx = arith::IndexCastOp::create(nb, nl,
                                                       nb.getIndexType(), v);
                Value c = tensor::ExtractOp::create(nb, nl, args[0], idx);
                Value one = arith::ConstantOp::create(
                    nb, nl, nb.getIntegerAttr(binTy, 1));
                Value inc = arith::AddIOp::create(nb, nl, c, one);
                scf::YieldOp::create(
                    nb, nl,
                    ValueRange{tensor::InsertOp::create(nb, nl, inc, args[0],
                                                        idx)});
              },
              [&](OpBuilder &nb, Location nl) {
                scf::YieldOp::create(nb, nl, args[0]);
              });
          scf::YieldOp::create(b, l, ifOp.getResults());
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void tt::tolinalg::populateReduceScanToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceConversion, ScanConversion, HistogramConversion>(
      converter, patterns.getContext());
}
