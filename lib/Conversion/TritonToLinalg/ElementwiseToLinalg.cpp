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
#include "llvm/ADT/StringSwitch.h"

#include <functional>

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

struct PreciseSqrtConversion : OpConversionPattern<tt::PreciseSqrtOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PreciseSqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return math::SqrtOp::create(b, l, args[0]);
        });
  }
};

struct PreciseDivFConversion : OpConversionPattern<tt::PreciseDivFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PreciseDivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::DivFOp::create(b, l, args[0], args[1]);
        });
  }
};

struct MulhiUIConversion : OpConversionPattern<tt::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MulhiUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::MulUIExtendedOp::create(b, l, args[0], args[1])
              .getHigh();
        });
  }
};

/// The math-dialect op a libdevice function (without `__nv_`, `fast_` and
/// the `f` of its single-precision form) computes, built on scalar
/// arguments; null when there is none. Math ops lower to the C library or to
/// inline code and vectorize, where a call of the C function would not, and
/// cover names the C library lacks (rsqrt, rcp, saturate, ...).
Value buildLibdeviceAsMath(StringRef base, OpBuilder &b, Location l,
                           ValueRange a) {
  Type t = a.empty() ? Type() : a[0].getType();
  auto unary = [&](auto tag) -> Value {
    using Op = decltype(tag);
    return a.size() == 1 ? (Value)Op::create(b, l, a[0]) : Value();
  };
  auto binary = [&](auto tag) -> Value {
    using Op = decltype(tag);
    return a.size() == 2 ? (Value)Op::create(b, l, a[0], a[1]) : Value();
  };
  auto one = [&]() -> Value {
    return arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, 1.0));
  };
  return llvm::StringSwitch<std::function<Value()>>(base)
      .Case("exp", [&] { return unary(math::ExpOp()); })
      .Case("exp2", [&] { return unary(math::Exp2Op()); })
      .Case("expm1", [&] { return unary(math::ExpM1Op()); })
      .Case("log", [&] { return unary(math::LogOp()); })
      .Case("log2", [&] { return unary(math::Log2Op()); })
      .Case("log10", [&] { return unary(math::Log10Op()); })
      .Case("log1p", [&] { return unary(math::Log1pOp()); })
      .Case("sin", [&] { return unary(math::SinOp()); })
      .Case("cos", [&] { return unary(math::CosOp()); })
      .Case("tan", [&] { return unary(math::TanOp()); })
      .Case("asin", [&] { return unary(math::AsinOp()); })
      .Case("acos", [&] { return unary(math::AcosOp()); })
      .Case("atan", [&] { return unary(math::AtanOp()); })
      .Case("atan2", [&] { return binary(math::Atan2Op()); })
      .Case("sinh", [&] { return unary(math::SinhOp()); })
      .Case("cosh", [&] { return unary(math::CoshOp()); })
      .Case("tanh", [&] { return unary(math::TanhOp()); })
      .Case("asinh", [&] { return unary(math::AsinhOp()); })
      .Case("acosh", [&] { return unary(math::AcoshOp()); })
      .Case("atanh", [&] { return unary(math::AtanhOp()); })
      .Case("sqrt", [&] { return unary(math::SqrtOp()); })
      .Case("rsqrt", [&] { return unary(math::RsqrtOp()); })
      .Case("cbrt", [&] { return unary(math::CbrtOp()); })
      .Case("erf", [&] { return unary(math::ErfOp()); })
      .Case("erfc", [&] { return unary(math::ErfcOp()); })
      .Case("pow", [&] { return binary(math::PowFOp()); })
      .Case("fabs", [&] { return unary(math::AbsFOp()); })
      .Case("floor", [&] { return unary(math::FloorOp()); })
      .Case("ceil", [&] { return unary(math::CeilOp()); })
      .Case("trunc", [&] { return unary(math::TruncOp()); })
      .Case("round", [&] { return unary(math::RoundOp()); })
      .Case("rint", [&] { return unary(math::RoundEvenOp()); })
      .Case("nearbyint", [&] { return unary(math::RoundEvenOp()); })
      .Case("copysign", [&] { return binary(math::CopySignOp()); })
      .Case("fmax", [&] { return binary(arith::MaxNumFOp()); })
      .Case("fmin", [&] { return binary(arith::MinNumFOp()); })
      .Case("rcp", [&] {
        return a.size() == 1 ? (Value)arith::DivFOp::create(b, l, one(), a[0])
                             : Value();
      })
      .Case("fdivide", [&] { return binary(arith::DivFOp()); })
      .Default([] { return Value(); })();
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
      if (allFloat && hasMathOp(base)) {
        return replaceElementwise(
            op, adaptor.getOperands(), resTy, rewriter,
            [&](OpBuilder &b, Location l, ValueRange args) {
              return buildLibdeviceAsMath(base, b, l, args);
            });
      }
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
  /// Whether buildLibdeviceAsMath knows `base`.
  static bool hasMathOp(StringRef base) {
    return llvm::is_contained(
        {"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
         "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
         "asinh", "acosh", "atanh", "sqrt", "rsqrt", "cbrt", "erf", "erfc",
         "pow", "fabs", "floor", "ceil", "trunc", "round", "rint", "nearbyint",
         "copysign", "fmax", "fmin", "rcp", "fdivide"},
        base);
  }

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
  patterns.add<ElementwiseOpConversion, BitcastConversion, FpToFpConversion,
               ClampFConversion, PreciseSqrtConversion, PreciseDivFConversion,
               MulhiUIConversion, ExternElementwiseConversion,
               MapElementwiseConversion>(converter, patterns.getContext());
}
