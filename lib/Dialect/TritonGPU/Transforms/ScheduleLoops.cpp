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
// TRITON_LLVM_DEBUG_ONLY=tritongpu-schedule-loops prints each loop's
// stages (the ops in each, the loads' stage) or why it was not scheduled.
//
//===----------------------------------------------------------------------===//

#include "PipeliningUtility.h"

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Support/Debug.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;

#define DEBUG_TYPE "tritongpu-schedule-loops"

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
    TT_DEBUG(DEBUG_TYPE) << "loops with tt.latency loads to schedule: "
                         << loops.size() << "\n";
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
      TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc()
                           << ": not scheduled: every tt.latency is 0\n";
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
      TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc()
                           << ": not scheduled: a value would be used "
                              "before it is computed\n";
      forOp.emitRemark("loop not pipelined: no stage assignment keeps every "
                       "value computed before it is used");
      dropLatencies(forOp);
      return;
    }
    s.writeAttributes();
    if (tt::debug::isDebugEnabled(DEBUG_TYPE))
      report(s, loads);
  }

  /// The debug output of a scheduled loop: ops per stage and cluster, and
  /// the stage of each load.
  void report(const Schedule &s, ArrayRef<Operation *> loads) {
    auto &os = tt::debug::debugStream(DEBUG_TYPE);
    os << "scf.for at " << s.forOp.getLoc() << ": " << s.maxStage + 1
       << " stages;";
    for (int stage = 0; stage <= s.maxStage; ++stage) {
      unsigned n = 0;
      for (Operation &op : s.forOp.getBody()->without_terminator())
        n += s.of.lookup(&op).stage == stage;
      os << " stage " << stage << ": " << n << " ops"
         << (stage < s.maxStage ? "," : "\n");
    }
    for (Operation *load : loads) {
      int useStage = -1;
      for (Operation *user : load->getUsers())
        if (Operation *top = s.forOp.getBody()->findAncestorOpInBlock(*user))
          if (s.of.count(top) &&
              (useStage < 0 || s.of.lookup(top).stage < useStage))
            useStage = s.of.lookup(top).stage;
      auto &line = tt::debug::debugStream(DEBUG_TYPE);
      line << "  " << load->getName() << " at " << load->getLoc()
           << ": stage " << s.of.lookup(load).stage;
      if (useStage >= 0)
        line << ", first read in stage " << useStage;
      line << "\n";
    }
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
