//===- LoopUnroll.cpp - unroll loops tagged for unrolling -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The frontend turns `tl.range(..., loop_unroll_factor=N)` into an integer
// attribute on the scf.for; this pass honours it with MLIR's loop unroller.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kUnrollFactorAttr = "tt.loop_unroll_factor";
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";

struct LoopUnrollPass
    : public triton::impl::TritonLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override {
    // Collect first: unrolling replaces loops and would upset the walk.
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    bool failedAny = false;
    getOperation()->walk([&](scf::ForOp loop) {
      Attribute attr = loop->getAttr(kUnrollFactorAttr);
      if (!attr)
        return;
      auto factor = dyn_cast<IntegerAttr>(attr);
      if (!factor || !isa<IntegerType>(factor.getType())) {
        loop.emitOpError() << "'" << kUnrollFactorAttr
                           << "' must be an integer attribute, got " << attr;
        failedAny = true;
        return;
      }
      loops.push_back({loop, factor.getInt()});
    });
    if (failedAny)
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    for (auto [loop, factor] : loops) {
      // A factor of one (or less) asks for nothing; the attribute stays.
      if (factor <= 1)
        continue;
      loop->removeAttr(kUnrollFactorAttr);
      FailureOr<UnrolledLoopInfo> result =
          loopUnrollByFactor(loop, static_cast<uint64_t>(factor));
      // An epilogue holds the leftover iterations; pipelining it would only
      // add prologue/epilogue code around a handful of iterations.
      if (succeeded(result) && result->epilogueLoopOp)
        (*result->epilogueLoopOp)
            ->setAttr(kNumStagesAttr,
                      IntegerAttr::get(IntegerType::get(ctx, 32), 1));
    }
  }
};

} // namespace
