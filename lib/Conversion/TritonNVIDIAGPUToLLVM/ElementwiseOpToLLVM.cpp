//===- ElementwiseOpToLLVM.cpp - NVIDIA's fast scalar math ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// f32 division and exponentials in the PTX forms upstream Triton uses on
// NVIDIA: div.full.f32 (2 ulp) and ex2.approx.f32. They run on the scalar
// ops the common elementwise lowering leaves.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// f32 division as upstream does it on NVIDIA: div.full.f32 (2 ulp).
struct DivFOpConversion : public ConvertOpToLLVMPattern<arith::DivFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    rewriter.replaceOp(op, inlineAsm(rewriter, op.getLoc(), op.getType(),
                                     {adaptor.getLhs(), adaptor.getRhs()},
                                     "div.full.f32 $0, $1, $2;", "=f,f,f",
                                     /*sideEffects=*/false));
    return success();
  }
};

/// exp(x) = 2^(x * log2(e)) with ex2.approx.f32 for f32, as upstream does.
template <typename OpTy, bool scaleByLog2E>
struct Exp2Conversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (scaleByLog2E) {
      Value log2e = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getF32Type(),
          rewriter.getF32FloatAttr(1.4426950408889634f));
      x = LLVM::FMulOp::create(rewriter, loc, x, log2e);
    }
    rewriter.replaceOp(op, inlineAsm(rewriter, loc, op.getType(), {x},
                                     "ex2.approx.f32 $0, $1;", "=f,f",
                                     /*sideEffects=*/false));
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateFastMathOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns) {
  patterns.add<DivFOpConversion>(tc, PatternBenefit(10));
  patterns.add<Exp2Conversion<math::ExpOp, true>>(tc, PatternBenefit(10));
  patterns.add<Exp2Conversion<math::Exp2Op, false>>(tc, PatternBenefit(10));
}
