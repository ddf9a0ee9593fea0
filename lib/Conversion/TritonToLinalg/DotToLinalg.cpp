//===- DotToLinalg.cpp - tt.dot ---------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.dot becomes a contraction linalg.generic (loops i, k, j, so that the
// innermost loop walks rows of b and c) accumulating into the converted c
// operand, its inputs extended to the accumulator type. It is marked
// `tt.dot` for tritoncpu-lower-dot.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

Value extendTo(OpBuilder &b, Location loc, Value v, Type t) {
  Type from = v.getType();
  if (from == t)
    return v;
  if (isa<FloatType>(t)) {
    if (isa<IntegerType>(from))
      return arith::SIToFPOp::create(b, loc, t, v);
    if (from.getIntOrFloatBitWidth() < t.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, t, v);
    return arith::TruncFOp::create(b, loc, t, v);
  }
  return castInt(b, loc, v, t);
}

struct DotConversion : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto cTy = cast<RankedTensorType>(adaptor.getC().getType());
    unsigned rank = cTy.getRank();
    if (rank != 2 && rank != 3)
      return rewriter.notifyMatchFailure(op, "dot of rank other than 2 or 3");
    Type accTy = cTy.getElementType();
    MLIRContext *ctx = getContext();
    // Loops (batch,) i, k, j: the innermost loop walks a row of b and c.
    unsigned nb = rank - 2;
    auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    SmallVector<AffineExpr> aE, bE, cE;
    for (unsigned i = 0; i < nb; ++i) {
      aE.push_back(d(i));
      bE.push_back(d(i));
      cE.push_back(d(i));
    }
    aE.append({d(nb), d(nb + 1)});
    bE.append({d(nb + 1), d(nb + 2)});
    cE.append({d(nb), d(nb + 2)});
    unsigned numLoops = rank + 1;
    SmallVector<AffineMap> maps{AffineMap::get(numLoops, 0, aE, ctx),
                                AffineMap::get(numLoops, 0, bE, ctx),
                                AffineMap::get(numLoops, 0, cE, ctx)};
    SmallVector<utils::IteratorType> iters(numLoops,
                                           utils::IteratorType::parallel);
    iters[nb + 1] = utils::IteratorType::reduction;
    bool isFloat = isa<FloatType>(accTy);
    auto contract = arith::FastMathFlagsAttr::get(
        ctx, arith::FastMathFlags::contract);
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{cTy},
        ValueRange{adaptor.getA(), adaptor.getB()}, ValueRange{adaptor.getC()},
        maps, iters, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = extendTo(b, l, args[0], accTy);
          Value y = extendTo(b, l, args[1], accTy);
          Value r;
          if (isFloat) {
            Value m = arith::MulFOp::create(b, l, x, y, contract);
            r = arith::AddFOp::create(b, l, args[2], m, contract);
          } else {
            Value m = arith::MulIOp::create(b, l, x, y);
            r = arith::AddIOp::create(b, l, args[2], m);
          }
          linalg::YieldOp::create(b, l, r);
        });
    g->setAttr("tt.dot", rewriter.getUnitAttr());
    rewriter.replaceOp(op, g.getResult(0));
    return success();
  }
};

} // namespace

void tt::tolinalg::populateDotToLinalgPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<DotConversion>(converter, patterns.getContext());
}
