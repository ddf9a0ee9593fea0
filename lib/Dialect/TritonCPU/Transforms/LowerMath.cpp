//===- LowerMath.cpp - tritoncpu-lower-math ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-lower-math: f32 math functions as polynomial approximations or
// expansions, which LLVM vectorizes; f32 <-> bf16 conversions as integer
// arithmetic (hosts without AVX512-BF16 would call a runtime function).
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPULOWERMATH
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

struct LowerMathPass
    : triton::cpu::impl::TritonCPULowerMathBase<LowerMathPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    if (failed(computeBF16InF32(ctx)))
      return signalPassFailure();
    RewritePatternSet patterns(ctx);
    static const StringRef approximated[] = {
        "exp", "expm1", "log", "log2", "log1p", "tanh",
        "erf", "sin",   "cos", "atan", "atan2"};
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      name.consume_front("math.");
      return llvm::is_contained(approximated, name);
    });
    math::populateExpansionPatterns(
        patterns, {"tan", "sinh", "cosh", "asinh", "acosh", "atanh", "fpowi",
                   "exp2"});
    // LLVM lowers `fptrunc float to bfloat` on hosts without AVX512-BF16 to
    // a call of __truncsfbf2, which only newer runtime libraries define
    // (libgcc 13, compiler-rt): the link failed. Expanded, it is the GPU's
    // cvt.rn.bf16.f32 (round to nearest even, NaN stays NaN) in integer
    // arithmetic that vectorizes; the extension is a shift.
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }

  /// bf16 arithmetic as f32 arithmetic between an extension and a
  /// truncation. Left in bf16, LLVM promotes it the same way on hosts
  /// without AVX512-BF16, but through __truncsfbf2 calls. Rounding each
  /// result once from f32 gives the GPU's bf16 results: the exact sum,
  /// product or quotient of two bf16 values rounded to f32 and then to bf16
  /// is the exact value rounded to bf16 (f32 has more than twice bf16's
  /// precision plus two bits).
  LogicalResult computeBF16InF32(MLIRContext *ctx) {
    TypeConverter converter;
    Type bf16 = BFloat16Type::get(ctx), f32 = Float32Type::get(ctx);
    arith::populateEmulateUnsupportedFloatsConversions(converter, {bf16}, f32);
    RewritePatternSet patterns(ctx);
    arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
    ConversionTarget target(*ctx);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    return applyPartialConversion(getOperation(), target, std::move(patterns));
  }
};

} // namespace
