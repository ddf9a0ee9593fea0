//===- ElementwiseOpToLLVM.cpp - per-element lowering -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// An elementwise op on tensors becomes the same op on each of the thread's
// elements (arith and math ops are then lowered by MLIR's own patterns);
// the tt elementwise ops are lowered per element here. A target's fast
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
                                  Type resultType,
                                  const TypeConverter *tc,
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
  if (auto fp = dyn_cast<FpToFpOp>(op)) {
    unsigned from = args[0].getType().getIntOrFloatBitWidth();
    unsigned to = resultType.getIntOrFloatBitWidth();
    if (from < 16 || to < 16)
      return op->emitError("fp8 conversions are not lowered yet"), failure();
    if (from < to)
      return LLVM::FPExtOp::create(rewriter, loc, resultType, args[0]).getResult();
    if (from > to)
      return LLVM::FPTruncOp::create(rewriter, loc, resultType, args[0]).getResult();
    return args[0];
  }
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

bool isTritonElementwise(Operation *op) {
  return isa<AddPtrOp, IntToPtrOp, PtrToIntOp, BitcastOp, MulhiUIOp,
             PreciseSqrtOp, PreciseDivFOp, ClampFOp, FpToFpOp,
             ExternElementwiseOp>(op);
}

/// Any elementwise op with tensor results: one scalar op per element.
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/3, ctx) {}

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
      if (!tritonOp)
        return failure(); // Scalar arith/math: MLIR's own patterns.
      Type resultType = tc->convertType(op->getResult(0).getType());
      FailureOr<Value> v =
          emitTritonScalar(op, operands, resultType, tc, rewriter);
      if (failed(v))
        return failure();
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
      if (tritonOp) {
        FailureOr<Value> v = emitTritonScalar(op, args, elemType, tc, rewriter);
        if (failed(v))
          return failure();
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
  patterns.add<ElementwiseOpConversion>(tc, ctx);
  patterns.add<ConstantOpConversion>(tc, PatternBenefit(2));
}
