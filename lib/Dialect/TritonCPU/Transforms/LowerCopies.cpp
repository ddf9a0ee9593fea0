//===- LowerCopies.cpp - tritoncpu-lower-copies -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-lower-copies: non-contiguous memref.copy becomes linalg.copy,
// which lowers to loops instead of a call into MLIR's runner library.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPULOWERCOPIES
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

struct StridedCopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<MemRefType>(op.getSource().getType());
    auto target = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!source || !target ||
        (memref::isStaticShapeAndContiguousRowMajor(source) &&
         memref::isStaticShapeAndContiguousRowMajor(target)))
      return failure();
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

struct LowerCopiesPass
    : triton::cpu::impl::TritonCPULowerCopiesBase<LowerCopiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StridedCopyToLinalg>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
