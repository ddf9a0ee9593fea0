//===- LowerMath.cpp - tritoncpu-lower-math ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-lower-math: f32 math functions as polynomial approximations or
// expansions, which LLVM vectorizes.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
