//===- ElementwiseToLinalg.cpp - elementwise operations ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// arith and math operations on tensors, and the elementwise operations of
// the tt dialect, become parallel linalg.generic ops applying the scalar
// operation; on scalars they are re-created with the converted types.
// tt.extern_elementwise calls the C library (libdevice names are mapped to
// theirs) and tt.map_elementwise inlines its region.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

/// Applies `scalarFn` elementwise when the op works on tensors, or directly
/// on scalars.
LogicalResult
replaceElementwise(Operation *op, ValueRange operands, Type resultType,
                   ConversionPatternRewriter &rewriter,
                   function_ref<Value(OpBuilder &, Location, ValueRange)> fn) {
  auto tensorTy = dyn_cast<RankedTensorType>(resultType);
  if (!tensorTy) {
    rewriter.replaceOp(op, fn(rewriter, op->getLoc(), operands));
    return success();
  }
  SmallVector<Value> r = buildElementwise(
      rewriter, op->getLoc(), tensorTy.getShape(), operands,
      {tensorTy.getElementType()},
      [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
        return {fn(b, l, args)};
      });
  rewriter.replaceOp(op, r);
  return success();
}

/// arith and math operations: on tensors they become a linalg.generic
/// applying the same operation to scalars; on scalars whose types change
/// (pointers) they are re-created with the converted types.
struct ElementwiseOpConversion : ConversionPattern {
  ElementwiseOpConversion(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp>(op) || op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    auto tensorTy = resultTypes.empty()
                        ? RankedTensorType()
                        : dyn_cast<RankedTensorType>(resultTypes.front());
    if (!tensorTy) {
      OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                           op->getAttrs());
      rewriter.replaceOp(op, rewriter.create(state)->getResults());
      return success();
    }
    if (!OpTrait::hasElementwiseMappableTraits(op))
      return rewriter.notifyMatchFailure(op, "not elementwise");
    SmallVector<Type> elemTypes;
    for (Type t : resultTypes)
      elemTypes.push_back(cast<RankedTensorType>(t).getElementType());
    SmallVector<Value> r = buildElementwise(
        rewriter, op->getLoc(), tensorTy.getShape(), operands, elemTypes,
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          OperationState state(l, op->getName(), args, elemTypes,
                               op->getAttrs());
          return SmallVector<Value>(b.create(state)->getResults());
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// Builds the math-dialect op (or arith op) a libdevice function computes
/// on scalar arguments.
using MathBuilder = Value (*)(OpBuilder &, Location, ValueRange);
struct LibdeviceMath {
  MathBuilder build;
  unsigned arity;
};

template <typename Op>
Value buildUnary(OpBuilder &b, Location l, ValueRange a) {
  return Op::create(b, l, a[0]);
}
template <typename Op>
Value buildBinary(OpBuilder &b, Location l, ValueRange a) {
  return Op::create(b, l, a[0], a[1]);
}
Value buildReciprocal(OpBuilder &b, Location l, ValueRange a) {
  Type t = a[0].getType();
  Value one = arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, 1.0));
  return arith::DivFOp::create(b, l, one, a[0]);
}

Value buildMulhiUI(OpBuilder &b, Location l, ValueRange a) {
  return arith::MulUIExtendedOp::create(b, l, a[0], a[1]).getHigh();
}

/// An op computing elementwise what `build` computes on its scalar operands
/// (precise_sqrt, precise_divf, mulhiui).
template <typename OpT> struct ScalarwiseConversion : OpConversionPattern<OpT> {
  ScalarwiseConversion(const TypeConverter &converter, MLIRContext *ctx,
                       MathBuilder build)
      : OpConversionPattern<OpT>(converter, ctx), build(build) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(op, adaptor.getOperands(), op.getType(), rewriter,
                              build);
  }
  MathBuilder build;
};

struct BitcastConversion : OpConversionPattern<tt::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resTy = getTypeConverter()->convertType(op.getType());
    if (resTy == adaptor.getSrc().getType()) {
      rewriter.replaceOp(op, adaptor.getSrc()); // pointer to pointer
      return success();
    }
    Type elem = getElementTypeOrSelf(resTy);
    return replaceElementwise(
        op, adaptor.getOperands(), resTy, rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::BitcastOp::create(b, l, elem, args[0]);
        });
  }
};

struct FpToFpConversion : OpConversionPattern<tt::FpToFpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resTy = getTypeConverter()->convertType(op.getType());
    auto dst = cast<FloatType>(getElementTypeOrSelf(resTy));
    auto src =
        cast<FloatType>(getElementTypeOrSelf(adaptor.getSrc().getType()));
    std::optional<tt::RoundingMode> rounding = op.getRounding();
    return replaceElementwise(
        op, adaptor.getOperands(), resTy, rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          if (dst.getWidth() > src.getWidth())
            return arith::ExtFOp::create(b, l, dst, args[0]);
          if (dst.getWidth() == src.getWidth())
            return args[0];
          auto trunc = arith::TruncFOp::create(b, l, dst, args[0]);
          if (rounding && *rounding == tt::RoundingMode::RTZ)
            trunc.setRoundingmodeAttr(arith::RoundingModeAttr::get(
                b.getContext(), arith::RoundingMode::toward_zero));
          return trunc;
        });
  }
};

struct ClampFConversion : OpConversionPattern<tt::ClampFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ClampFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool propagate = op.getPropagateNan() == tt::PropagateNan::ALL;
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          if (propagate) {
            Value v = arith::MaximumFOp::create(b, l, args[0], args[1]);
            return arith::MinimumFOp::create(b, l, v, args[2]);
          }
          Value v = arith::MaxNumFOp::create(b, l, args[0], args[1]);
          return arith::MinNumFOp::create(b, l, v, args[2]);
        });
  }
};

/// The libdevice functions (named without `__nv_`, `fast_` and the `f` of
/// their single-precision form) that are a math op: math ops lower to the
/// C library or to inline code and vectorize, where a call of the C
/// function would not, and cover names the C library lacks (rsqrt, rcp).
const llvm::StringMap<LibdeviceMath> &libdeviceMath() {
  static const llvm::StringMap<LibdeviceMath> table = {
      {"exp", {buildUnary<math::ExpOp>, 1}},
      {"exp2", {buildUnary<math::Exp2Op>, 1}},
      {"expm1", {buildUnary<math::ExpM1Op>, 1}},
      {"log", {buildUnary<math::LogOp>, 1}},
      {"log2", {buildUnary<math::Log2Op>, 1}},
      {"log10", {buildUnary<math::Log10Op>, 1}},
      {"log1p", {buildUnary<math::Log1pOp>, 1}},
      {"sin", {buildUnary<math::SinOp>, 1}},
      {"cos", {buildUnary<math::CosOp>, 1}},
      {"tan", {buildUnary<math::TanOp>, 1}},
      {"asin", {buildUnary<math::AsinOp>, 1}},
      {"acos", {buildUnary<math::AcosOp>, 1}},
      {"atan", {buildUnary<math::AtanOp>, 1}},
      {"atan2", {buildBinary<math::Atan2Op>, 2}},
      {"sinh", {buildUnary<math::SinhOp>, 1}},
      {"cosh", {buildUnary<math::CoshOp>, 1}},
      {"tanh", {buildUnary<math::TanhOp>, 1}},
      {"asinh", {buildUnary<math::AsinhOp>, 1}},
      {"acosh", {buildUnary<math::AcoshOp>, 1}},
      {"atanh", {buildUnary<math::AtanhOp>, 1}},
      {"sqrt", {buildUnary<math::SqrtOp>, 1}},
      {"rsqrt", {buildUnary<math::RsqrtOp>, 1}},
      {"cbrt", {buildUnary<math::CbrtOp>, 1}},
      {"erf", {buildUnary<math::ErfOp>, 1}},
      {"erfc", {buildUnary<math::ErfcOp>, 1}},
      {"pow", {buildBinary<math::PowFOp>, 2}},
      {"fabs", {buildUnary<math::AbsFOp>, 1}},
      {"floor", {buildUnary<math::FloorOp>, 1}},
      {"ceil", {buildUnary<math::CeilOp>, 1}},
      {"trunc", {buildUnary<math::TruncOp>, 1}},
      {"round", {buildUnary<math::RoundOp>, 1}},
      {"rint", {buildUnary<math::RoundEvenOp>, 1}},
      {"nearbyint", {buildUnary<math::RoundEvenOp>, 1}},
      {"copysign", {buildBinary<math::CopySignOp>, 2}},
      {"fmax", {buildBinary<arith::MaxNumFOp>, 2}},
      {"fmin", {buildBinary<arith::MinNumFOp>, 2}},
      {"rcp", {buildReciprocal, 1}},
      {"fdivide", {buildBinary<arith::DivFOp>, 2}},
  };
  return table;
}

/// Calls a scalar function by symbol. libdevice names (`__nv_expf`) become
/// the math op they compute; the others the C library's function of the
/// same name (`expf`); a libdevice function with neither is refused by name.
struct ExternElementwiseConversion
    : OpConversionPattern<tt::ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef symbol = op.getSymbol();
    std::string name = symbol.str();
    Type resTy = getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(resTy);
    SmallVector<Type> argTypes;
    for (Value v : adaptor.getSrcs())
      argTypes.push_back(getElementTypeOrSelf(v.getType()));
    if (symbol.consume_front("__nv_")) {
      symbol.consume_front("fast_");
      name = symbol.str();
      // The single-precision form ends in f (expf, rsqrtf) when its
      // arguments are f32: the math op takes its type from them.
      StringRef base = symbol;
      bool allFloat = isa<FloatType>(elem) &&
                      llvm::all_of(argTypes, [&](Type t) { return t == elem; });
      if (elem.isF32() && base.ends_with("f") && base != "erf")
        base = base.drop_back();
      auto math = libdeviceMath().find(base);
      if (allFloat && math != libdeviceMath().end() &&
          math->second.arity == argTypes.size())
        return replaceElementwise(op, adaptor.getOperands(), resTy, rewriter,
                                  math->second.build);
      if (!hasCLibraryCounterpart(name))
        return op.emitOpError("calls libdevice's '")
               << op.getSymbol()
               << "', which the CPU backend has no implementation of";
    }
    auto module = op->getParentOfType<ModuleOp>();
    auto fnType = rewriter.getFunctionType(argTypes, {elem});
    if (auto existing = module.lookupSymbol<func::FuncOp>(name)) {
      if (existing.getFunctionType() != fnType)
        return op.emitOpError("calls '")
               << name << "' with a signature that conflicts with another use";
    } else {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto decl = func::FuncOp::create(rewriter, op.getLoc(), name, fnType);
      decl.setPrivate();
    }
    return replaceElementwise(
        op, adaptor.getOperands(), resTy, rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return func::CallOp::create(b, l, name, TypeRange{elem}, args)
              .getResult(0);
        });
  }

private:
  /// Whether the C library has a function of this (libdevice) name.
  static bool hasCLibraryCounterpart(StringRef name) {
    StringRef base = name;
    if (base.ends_with("f"))
      base = base.drop_back();
    return !llvm::is_contained(
        {"rsqrt", "rcp", "saturate", "fdivide", "frcp_rn", "fsqrt_rn",
         "rcbrt", "umulhi", "mulhi", "byte_perm", "brev", "clz", "popc",
         "ffs", "sad", "usad", "hadd", "rhadd", "uhadd", "urhadd"},
        base);
  }
};

struct MapElementwiseConversion : OpConversionPattern<tt::MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPack() != 1)
      return rewriter.notifyMatchFailure(op, "pack > 1");
    Region &region = op.getScalarOp();
    if (!region.hasOneBlock())
      return rewriter.notifyMatchFailure(op, "multi-block region");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    SmallVector<Type> elemTypes;
    for (Type t : resultTypes)
      elemTypes.push_back(cast<RankedTensorType>(t).getElementType());
    auto shape = cast<RankedTensorType>(resultTypes.front()).getShape();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), shape, adaptor.getSrcs(), elemTypes,
        [&](OpBuilder &b, Location, ValueRange args) -> SmallVector<Value> {
          return inlineCombineRegion(b, region, args, /*reassoc=*/false);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

} // namespace

void tt::tolinalg::populateElementwiseToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpConversion, BitcastConversion, FpToFpConversion,
               ClampFConversion, ExternElementwiseConversion,
               MapElementwiseConversion>(converter, ctx);
  patterns.add<ScalarwiseConversion<tt::PreciseSqrtOp>>(
      converter, ctx, buildUnary<math::SqrtOp>);
  patterns.add<ScalarwiseConversion<tt::PreciseDivFOp>>(
      converter, ctx, buildBinary<arith::DivFOp>);
  patterns.add<ScalarwiseConversion<tt::MulhiUIOp>>(converter, ctx,
                                                    buildMulhiUI);
}
