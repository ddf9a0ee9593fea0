//===- ElementwiseOpToLLVM.cpp - NVIDIA's scalar math and cvt ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// f32 division and exp in the PTX forms upstream Triton uses on NVIDIA:
// div.full.f32 (2 ulp) and ex2.approx.f32 of x * log2(e). They run on the scalar
// ops the common elementwise lowering leaves. And the cvt instructions of
// the float conversions upstream uses them for (NVIDIATargetInfo::
// convertFloat): fp8 e4m3/e5m2 <-> f16 from sm_89 on (`.satfinite` when
// narrowing), f32 -> f16/bf16 toward zero.
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

/// 2^x with ex2.approx.f32, as upstream does for f32 exp.
Value exp2ApproxF32(OpBuilder &b, Location loc, Value x) {
  return inlineAsm(b, loc, b.getF32Type(), {x}, "ex2.approx.f32 $0, $1;",
                   "=f,f", /*sideEffects=*/false);
}

} // namespace

Value NVIDIATargetInfo::convertFloat(OpBuilder &b, Location loc, Value src,
                                     FloatType srcType, FloatType dstType,
                                     RoundingMode rounding) const {
  auto fp8Name = [](FloatType t) -> StringRef {
    if (isa<Float8E4M3FNType>(t))
      return "e4m3";
    if (isa<Float8E5M2Type>(t))
      return "e5m2";
    return "";
  };
  auto toF32 = [&](Value v) -> Value {
    return v.getType().isF32()
               ? v
               : LLVM::FPExtOp::create(b, loc, b.getF32Type(), v).getResult();
  };
  Type i16 = b.getI16Type(), f32 = b.getF32Type();
  bool hasFp8Cvt = computeCapability >= 89;
  StringRef srcFp8 = fp8Name(srcType), dstFp8 = fp8Name(dstType);
  // fp8 -> f16 (exact), then f16 -> f32/bf16 (exact).
  if (hasFp8Cvt && !srcFp8.empty() &&
      (dstType.isF16() || dstType.isBF16() || dstType.isF32())) {
    Value pair = LLVM::ZExtOp::create(b, loc, i16, src);
    std::string text = ("cvt.rn.f16x2." + srcFp8 + "x2 $0, $1;").str();
    Value halves = inlineAsm(b, loc, b.getI32Type(), {pair}, text, "=r,h",
                             /*sideEffects=*/false);
    Value f16 = LLVM::BitcastOp::create(
        b, loc, b.getF16Type(), LLVM::TruncOp::create(b, loc, i16, halves));
    if (dstType.isF16())
      return f16;
    Value wide = LLVM::FPExtOp::create(b, loc, f32, f16);
    return dstType.isF32() ? wide
                           : LLVM::FPTruncOp::create(b, loc, dstType, wide)
                                 .getResult();
  }
  // f16/bf16/f32 -> fp8 with rtne: widen (exactly) to f32, then
  // cvt.rn.satfinite of the value paired with itself.
  if (hasFp8Cvt && !dstFp8.empty() && rounding == RoundingMode::RTNE &&
      (srcType.isF16() || srcType.isBF16() || srcType.isF32())) {
    std::string text = ("cvt.rn.satfinite." + dstFp8 + "x2.f32 $0, $1, $1;").str();
    Value pair = inlineAsm(b, loc, i16, {toF32(src)}, text, "=h,f",
                           /*sideEffects=*/false);
    return LLVM::TruncOp::create(b, loc, b.getI8Type(), pair);
  }
  // f32 -> f16/bf16 toward zero.
  if (rounding == RoundingMode::RTZ && srcType.isF32() &&
      (dstType.isF16() || dstType.isBF16())) {
    StringRef text = dstType.isF16() ? "cvt.rz.f16.f32 $0, $1;"
                                     : "cvt.rz.bf16.f32 $0, $1;";
    Value bits = inlineAsm(b, loc, i16, {src}, text, "=h,f",
                           /*sideEffects=*/false);
    return LLVM::BitcastOp::create(b, loc, dstType, bits);
  }
  return Value();
}

void mlir::triton::lowering::populateFastMathOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns) {
  patterns.add<DivFOpConversion>(tc, PatternBenefit(10));
  // math.exp2 itself goes to libdevice's __nv_exp2f, as upstream's: with
  // nvvm-reflect-ftz (the default) that is ex2.approx.ftz.f32, without it
  // the subnormal-preserving form (test_enable_reflect_ftz).
  patterns.add<FastExp2Conversion<math::ExpOp, true>>(tc, exp2ApproxF32,
                                                      PatternBenefit(10));
}
