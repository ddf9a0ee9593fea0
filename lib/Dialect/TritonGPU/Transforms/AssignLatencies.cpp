//===- AssignLatencies.cpp - mark the loads to pipeline ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-assign-latencies, the first of the three software-pipelining
// passes (PipeliningUtility.h): in every innermost loop with a tensor-core
// dot, the loads that can become asynchronous copies feeding the dots get
// `tt.latency = stages - 1`.
//
//===----------------------------------------------------------------------===//

#include "PipeliningUtility.h"

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUASSIGNLATENCIES
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;

namespace {

class AssignLatencies
    : public ttg::impl::TritonGPUAssignLatenciesBase<AssignLatencies> {
public:
  using Base::Base;
  void runOnOperation() override {
    Builder builder(&getContext());
    for (scf::ForOp forOp : dotLoops(getOperation())) {
      int stages = numStagesFor(forOp, numStages);
      if (stages <= 1)
        continue;
      for (LoadOp load : forOp.getBody()->getOps<LoadOp>())
        if (analyzeLoad(load, forOp))
          load->setAttr(kLatencyAttr, builder.getI32IntegerAttr(stages - 1));
      for (auto load : forOp.getBody()->getOps<DescriptorLoadOp>())
        if (analyzeDescriptorLoad(load, forOp))
          load->setAttr(kLatencyAttr, builder.getI32IntegerAttr(stages - 1));
    }
  }
};

} // namespace
