//===- ScheduleLoops.cpp - stages and clusters of loops ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-schedule-loops, the second of the three software-pipelining
// passes (PipeliningUtility.h): the `tt.latency` loads of a loop and what
// computes their operands open the pipeline (stage 0), the loop-carried
// values they read next iteration are computed one stage later, and the
// rest of the body is the work of the last stage.
//
//===----------------------------------------------------------------------===//

#include "PipeliningUtility.h"

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;

namespace {

class ScheduleLoops
    : public ttg::impl::TritonGPUScheduleLoopsBase<ScheduleLoops> {
public:
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) {
      if (llvm::any_of(forOp.getBody()->without_terminator(),
                       [](Operation &op) { return isLatencyLoad(&op); }))
        loops.push_back(forOp);
    });
    for (scf::ForOp forOp : loops)
      scheduleLoop(forOp);
  }

private:
  void scheduleLoop(scf::ForOp forOp) {
    Schedule s(forOp);
    SmallVector<Operation *> loads;
    for (Operation &op : forOp.getBody()->without_terminator())
      if (isLatencyLoad(&op)) {
        auto latency = op.getAttrOfType<IntegerAttr>(kLatencyAttr);
        s.maxStage = std::max<int>(s.maxStage, latency.getInt());
        loads.push_back(&op);
      }
    if (s.maxStage < 1) {
      dropLatencies(forOp);
      return;
    }

    // The loads, and what computes their operands, open the pipeline.
    for (Operation *load : loads) {
      s.of[load] = {0, kLoadCluster};
      scheduleOperands(s, load, 0, kLoadCluster);
    }
    // What the next iteration's early stages read through a loop-carried
    // value is computed one stage later, just before them.
    bool changed = true;
    while (changed) {
      changed = false;
      for (Operation &op : forOp.getBody()->without_terminator()) {
        auto it = s.of.find(&op);
        if (it == s.of.end() || it->second.stage >= s.maxStage)
          continue;
        int stage = it->second.stage + 1;
        for (Value v : Schedule::usedValues(&op)) {
          int k = s.iterArgNumber(v);
          if (k < 0)
            continue;
          Operation *def = s.bodyDef(s.yielded(k));
          if (!def || s.of.count(def))
            continue;
          s.of[def] = {stage, kIncrementCluster};
          scheduleOperands(s, def, stage, kIncrementCluster);
          changed = true;
        }
      }
    }
    // Everything else is the work of the last stage.
    for (Operation &op : forOp.getBody()->without_terminator())
      if (!s.of.count(&op))
        s.of[&op] = {s.maxStage, kComputeCluster};

    if (failed(s.verify())) {
      forOp.emitRemark("loop not pipelined: no stage assignment keeps every "
                       "value computed before it is used");
      dropLatencies(forOp);
      return;
    }
    s.writeAttributes();
  }

  /// Puts the unscheduled body ops computing `op`'s operands in `stage`.
  void scheduleOperands(Schedule &s, Operation *op, int stage, int cluster) {
    for (Value v : Schedule::usedValues(op)) {
      Operation *def = s.bodyDef(v);
      if (!def || s.of.count(def))
        continue;
      s.of[def] = {stage, cluster};
      scheduleOperands(s, def, stage, cluster);
    }
  }

  static bool isLatencyLoad(Operation *op) {
    return isa<LoadOp, DescriptorLoadOp>(op) && op->hasAttr(kLatencyAttr);
  }

  void dropLatencies(scf::ForOp forOp) {
    for (Operation &op : forOp.getBody()->without_terminator())
      if (isa<LoadOp, DescriptorLoadOp>(op))
        op.removeAttr(kLatencyAttr);
  }
};

} // namespace
