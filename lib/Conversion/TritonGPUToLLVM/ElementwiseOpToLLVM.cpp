//===- ElementwiseOpToLLVM.cpp - per-element lowering -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// An elementwise op on tensors becomes the same op on each of the thread's
// elements (arith and math ops are then lowered by MLIR's own patterns);
// the tt elementwise ops are lowered per element here (tt.fp_to_fp, and
// arith.extf/truncf on fp8, through FloatConversions.cpp). A target's fast
// forms of the scalar ops (NVIDIA's div.full.f32 and ex2.approx.f32, AMD's
// v_exp_f32) are its own patterns (TargetInfo::populatePatterns).
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// Emits the scalar form of the tt elementwise op `op` on LLVM values.
FailureOr<Value> emitTritonScalar(Operation *op, ValueRange args,
                                  Type resultType, const TypeConverter *tc,
                                  const TargetInfo *target,
                                  ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  if (auto addptr = dyn_cast<AddPtrOp>(op)) {
    Type ptrType = triton::getElementTypeOrSelf(addptr.getPtr().getType());
    Type pointee = cast<PointerType>(ptrType).getPointeeType();
    Type elem = tc->convertType(pointee);
    if (elem.isInteger(1))
      elem = rewriter.getI8Type();
    return LLVM::GEPOp::create(rewriter, loc, resultType, elem, args[0],
                               ValueRange{args[1]})
        .getResult();
  }
  if (isa<IntToPtrOp>(op))
    return LLVM::IntToPtrOp::create(rewriter, loc, resultType, args[0]).getResult();
  if (isa<PtrToIntOp>(op))
    return LLVM::PtrToIntOp::create(rewriter, loc, resultType, args[0]).getResult();
  if (isa<BitcastOp>(op)) {
    if (args[0].getType() == resultType)
      return args[0];
    return LLVM::BitcastOp::create(rewriter, loc, resultType, args[0]).getResult();
  }
  if (isa<MulhiUIOp>(op)) {
    unsigned bits = resultType.getIntOrFloatBitWidth();
    Type wide = rewriter.getIntegerType(2 * bits);
    Value a = LLVM::ZExtOp::create(rewriter, loc, wide, args[0]);
    Value b = LLVM::ZExtOp::create(rewriter, loc, wide, args[1]);
    Value p = LLVM::MulOp::create(rewriter, loc, a, b);
    Value s = LLVM::LShrOp::create(
        rewriter, loc, p,
        LLVM::ConstantOp::create(rewriter, loc, wide,
                                 rewriter.getIntegerAttr(wide, bits)));
    return LLVM::TruncOp::create(rewriter, loc, resultType, s).getResult();
  }
  if (isa<PreciseSqrtOp>(op))
    return LLVM::SqrtOp::create(rewriter, loc, args[0]).getResult();
  if (isa<PreciseDivFOp>(op))
    return LLVM::FDivOp::create(rewriter, loc, args[0], args[1]).getResult();
  if (auto clamp = dyn_cast<ClampFOp>(op)) {
    bool propagate = clamp.getPropagateNan() == PropagateNan::ALL;
    Value lo = propagate
                   ? (Value)LLVM::MaximumOp::create(rewriter, loc, args[0], args[1])
                   : (Value)LLVM::MaxNumOp::create(rewriter, loc, args[0], args[1]);
    return propagate
               ? (Value)LLVM::MinimumOp::create(rewriter, loc, lo, args[2])
               : (Value)LLVM::MinNumOp::create(rewriter, loc, lo, args[2]);
  }
  if (auto fp = dyn_cast<FpToFpOp>(op))
    return emitFloatConversion(
        rewriter, op, args[0], cast<FloatType>(mlir::getElementTypeOrSelf(fp.getSrc())),
        cast<FloatType>(mlir::getElementTypeOrSelf(fp.getType())),
        fp.getRounding().value_or(RoundingMode::RTNE), target);
  if (auto ext = dyn_cast<ExternElementwiseOp>(op)) {
    auto module = op->getParentOfType<ModuleOp>();
    StringRef symbol = ext.getSymbol();
    auto fnType = LLVM::LLVMFunctionType::get(resultType,
                                              llvm::to_vector(args.getTypes()));
    if (!module.lookupSymbol<LLVM::LLVMFuncOp>(symbol)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::LLVMFuncOp::create(rewriter, loc, symbol, fnType);
    }
    return LLVM::CallOp::create(rewriter, loc, fnType,
                                SymbolRefAttr::get(rewriter.getContext(), symbol),
                                args)
        .getResult();
  }
  return op->emitError("no lowering for this elementwise op"), failure();
}

bool isFp8(Type type) {
  auto f = dyn_cast<FloatType>(mlir::getElementTypeOrSelf(type));
  return f && f.getWidth() == 8;
}

/// arith/math ops on fp8 values, which lower to i8: extf and truncf are
/// float conversions, the others (arithmetic, int <-> fp8) are refused
/// rather than built on i8. Null when `op` has no fp8 operand or result.
FailureOr<Value> emitFp8Arith(Operation *op, ValueRange args,
                              const TargetInfo *target,
                              ConversionPatternRewriter &rewriter) {
  if (isa<arith::SelectOp, arith::BitcastOp, arith::ConstantOp>(op) ||
      (llvm::none_of(op->getOperandTypes(), isFp8) &&
       llvm::none_of(op->getResultTypes(), isFp8)))
    return Value();
  auto srcType = dyn_cast<FloatType>(mlir::getElementTypeOrSelf(op->getOperand(0)));
  auto dstType = dyn_cast<FloatType>(mlir::getElementTypeOrSelf(op->getResult(0)));
  RoundingMode rounding = RoundingMode::RTNE;
  if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
    std::optional<arith::RoundingMode> mode = trunc.getRoundingmode();
    if (mode && *mode == arith::RoundingMode::toward_zero)
      rounding = RoundingMode::RTZ;
    else if (mode && *mode != arith::RoundingMode::to_nearest_even)
      return op->emitError("fp8 truncation rounds to nearest even or toward "
                           "zero only"),
             failure();
  }
  if (isa<arith::ExtFOp, arith::TruncFOp>(op) && srcType && dstType)
    return emitFloatConversion(rewriter, op, args[0], srcType, dstType,
                               rounding, target);
  // |x| clears the sign bit of the byte, as upstream does for every fp8
  // format (NaN stays NaN; in the fnuz formats, whose 0x80 is their NaN,
  // that NaN becomes 0 as in upstream).
  if (isa<math::AbsFOp>(op))
    return (Value)LLVM::AndOp::create(
        rewriter, op->getLoc(), args[0],
        LLVM::ConstantOp::create(rewriter, op->getLoc(), rewriter.getI8Type(),
                                 rewriter.getI8IntegerAttr(0x7f)));
  return op->emitError() << "'" << op->getName()
                         << "' on fp8 values is not lowered (convert them "
                            "with tt.fp_to_fp first)",
         failure();
}

bool isTritonElementwise(Operation *op) {
  return isa<AddPtrOp, IntToPtrOp, PtrToIntOp, BitcastOp, MulhiUIOp,
             PreciseSqrtOp, PreciseDivFOp, ClampFOp, FpToFpOp,
             ExternElementwiseOp>(op);
}

/// Any elementwise op with tensor results: one scalar op per element.
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(TypeConverter &tc, MLIRContext *ctx,
                          const TargetInfo *target)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/3, ctx),
        target(target) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    bool tritonOp = isTritonElementwise(op);
    if (op->getNumResults() != 1 || op->getNumRegions() != 0)
      return failure();
    if (!tritonOp && !(op->hasTrait<::mlir::OpTrait::Elementwise>() &&
                       isa<arith::ArithDialect, math::MathDialect>(
                           op->getDialect())))
      return failure();
    if (isa<arith::ConstantOp>(op))
      return failure();
    Location loc = op->getLoc();
    auto tensorType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    const TypeConverter *tc = getTypeConverter();
    if (!tensorType) {
      FailureOr<Value> v = Value();
      if (tritonOp) {
        Type resultType = tc->convertType(op->getResult(0).getType());
        v = emitTritonScalar(op, operands, resultType, tc, target, rewriter);
      } else {
        v = emitFp8Arith(op, operands, target, rewriter);
      }
      if (failed(v))
        return failure();
      if (!*v)
        return failure(); // Scalar arith/math: MLIR's own patterns.
      rewriter.replaceOp(op, *v);
      return success();
    }
    unsigned n = getNumRegisters(tensorType);
    SmallVector<SmallVector<Value>> elems;
    for (auto [orig, conv] : llvm::zip(op->getOperands(), operands)) {
      if (isa<RankedTensorType>(orig.getType()))
        elems.push_back(unpackLLElements(loc, conv, rewriter));
      else
        elems.push_back(SmallVector<Value>(n, conv));
      if (elems.back().size() != n)
        return rewriter.notifyMatchFailure(op, "operand layouts differ");
    }
    Type elemType = tc->convertType(tensorType.getElementType());
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<Value> args;
      for (auto &e : elems)
        args.push_back(e[i]);
      FailureOr<Value> v =
          tritonOp ? emitTritonScalar(op, args, elemType, tc, target, rewriter)
                   : emitFp8Arith(op, args, target, rewriter);
      if (failed(v))
        return failure();
      if (*v) {
        results.push_back(*v);
        continue;
      }
      OperationState state(loc, op->getName());
      state.addOperands(args);
      state.addTypes(elemType);
      state.addAttributes(op->getAttrs());
      results.push_back(rewriter.create(state)->getResult(0));
    }
    rewriter.replaceOp(op, packLLElements(loc, tc, results, rewriter, tensorType));
    return success();
  }

private:
  const TargetInfo *target;
};

/// Dense tensor constants; only splats occur after canonicalization.
struct ConstantOpConversion : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense || !dense.isSplat())
      return op.emitError("only splat tensor constants are lowered");
    Type elemType = getTypeConverter()->convertType(tensorType.getElementType());
    Attribute value = dense.getSplatValue<Attribute>();
    Value scalar = LLVM::ConstantOp::create(rewriter, op.getLoc(), elemType,
                                            cast<TypedAttr>(value));
    SmallVector<Value> elems(getNumRegisters(tensorType), scalar);
    rewriter.replaceOp(op, packLLElements(op.getLoc(), getTypeConverter(), elems,
                                          rewriter, tensorType));
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpConversion>(tc, ctx, lc.target);
  patterns.add<ConstantOpConversion>(tc, PatternBenefit(2));
}
