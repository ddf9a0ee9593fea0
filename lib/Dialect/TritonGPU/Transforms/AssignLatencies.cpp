//===- AssignLatencies.cpp - mark the loads to pipeline ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-assign-latencies, the first of the three software-pipelining
// passes (PipeliningUtility.h): in every innermost loop with a tensor-core
// dot, the loads that can become asynchronous copies feeding the dots get
// `tt.latency = stages - 1`.
//
// TRITON_LLVM_DEBUG_ONLY=tritongpu-assign-latencies prints each loop's
// stages and each load's latency, or why a loop or a load is not
// pipelined.
//
//===----------------------------------------------------------------------===//

#include "PipeliningUtility.h"

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Support/Debug.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUASSIGNLATENCIES
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;

#define DEBUG_TYPE "tritongpu-assign-latencies"

namespace {

class AssignLatencies
    : public ttg::impl::TritonGPUAssignLatenciesBase<AssignLatencies> {
public:
  using Base::Base;
  void runOnOperation() override {
    Builder builder(&getContext());
    bool debug = tt::debug::isDebugEnabled(DEBUG_TYPE);
    SmallVector<std::pair<scf::ForOp, StringRef>> skipped;
    SmallVector<scf::ForOp> loops =
        dotLoops(getOperation(), debug ? &skipped : nullptr);
    TT_DEBUG(DEBUG_TYPE) << "loops: " << loops.size() + skipped.size()
                         << ", innermost with a tensor-core dot: "
                         << loops.size() << "\n";
    for (auto [forOp, why] : skipped)
      TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc()
                           << ": not pipelined: " << why << "\n";
    for (scf::ForOp forOp : loops) {
      int stages = numStagesFor(forOp, numStages);
      TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc() << ": "
                           << stages << " stages"
                           << (forOp->hasAttr(kNumStagesAttr)
                                   ? " (its tt.num_stages)"
                                   : " (num-stages option)")
                           << (stages <= 1 ? ": nothing to pipeline" : "")
                           << "\n";
      if (stages <= 1)
        continue;
      StringRef why;
      for (LoadOp load : forOp.getBody()->getOps<LoadOp>()) {
        if (analyzeLoad(load, forOp, &why)) {
          load->setAttr(kLatencyAttr, builder.getI32IntegerAttr(stages - 1));
          TT_DEBUG(DEBUG_TYPE) << "  tt.load at " << load.getLoc()
                               << ": latency " << stages - 1 << "\n";
        } else {
          TT_DEBUG(DEBUG_TYPE) << "  tt.load at " << load.getLoc()
                               << ": not pipelined: " << why << "\n";
        }
      }
      for (auto load : forOp.getBody()->getOps<DescriptorLoadOp>()) {
        if (analyzeDescriptorLoad(load, forOp, &why)) {
          load->setAttr(kLatencyAttr, builder.getI32IntegerAttr(stages - 1));
          TT_DEBUG(DEBUG_TYPE) << "  tt.descriptor_load at " << load.getLoc()
                               << ": latency " << stages - 1 << "\n";
        } else {
          TT_DEBUG(DEBUG_TYPE) << "  tt.descriptor_load at " << load.getLoc()
                               << ": not pipelined: " << why << "\n";
        }
      }
    }
  }
};

} // namespace
