//===- PipeliningUtility.h - shared by the pipeliner ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Software pipelining overlaps the global loads of a matmul loop with the
// tensor-core work of earlier iterations. It runs as three passes, one file
// each:
//
//  tritongpu-assign-latencies  (AssignLatencies.cpp) marks the loads feeding
//                              dots (`tt.latency`);
//  tritongpu-schedule-loops    (ScheduleLoops.cpp) gives every op of such a
//                              loop a stage and a cluster (`loop.stage`,
//                              `loop.cluster`);
//  tritongpu-pipeline          (Pipeline.cpp) rewrites the scheduled loads
//                              as asynchronous copies and expands the loop.
//
// What the three agree on lives here: the attribute names, which loads can
// be pipelined and how their values reach the dots, and the coarse
// schedule of a loop body with its dependence check.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_DIALECT_TRITONGPU_TRANSFORMS_PIPELININGUTILITY_H
#define TT_LIB_DIALECT_TRITONGPU_TRANSFORMS_PIPELININGUTILITY_H

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::triton::gpu::pipeline {

/// The latency (in iterations) of a load to pipeline, set by
/// tritongpu-assign-latencies.
constexpr StringLiteral kLatencyAttr = "tt.latency";
/// Stage and cluster of an op of a scheduled loop body.
constexpr StringLiteral kStageAttr = "loop.stage";
constexpr StringLiteral kClusterAttr = "loop.cluster";
/// The last stage of a scheduled loop.
constexpr StringLiteral kMaxStageAttr = "tt.scheduled_max_stage";
/// A loop's own number of stages, overriding the passes' option.
constexpr StringLiteral kNumStagesAttr = "tt.num_stages";

/// Cluster numbers: within one kernel iteration, the work of the last stage
/// comes first, then the increments feeding the next loads, then the loads.
enum Cluster : int {
  kComputeCluster = 0,
  kIncrementCluster = 1,
  kLoadCluster = 2
};

/// Whether `op` is a dot running on tensor cores (wgmma, or a `tt.dot` with
/// an MMA result layout).
bool isTensorCoreDot(Operation *op);

/// Elements of a tile in `type`'s register layout that one asynchronous
/// copy can move contiguously into a buffer with `shared` layout: the
/// register run along the fastest dimension, cut to what stays contiguous in
/// shared memory (one swizzle vector, or one element when shared memory
/// stores another dimension contiguously).
unsigned copyRun(RankedTensorType type, Attribute shared);

/// How the value of a pipelinable load reaches the dots: stored by
/// `ttg.local_alloc`s (wgmma operands) or converted to `#ttg.dot_op`
/// layouts (mma.sync operands).
struct LoadUse {
  SmallVector<LocalAllocOp> allocs;
  SmallVector<ConvertLayoutOp> converts;
  Attribute sharedEncoding; // Common layout of the buffer.
  bool feedsWgmma = false;
  /// TMA only: the block is read back to registers (`ttg.local_load`) for
  /// these users, e.g. to store it again transposed for an fp8 wgmma.
  SmallVector<Operation *> registerUsers;
};

/// Whether the descriptor load `load` (directly in `forOp`'s body) can
/// become a TMA copy: its block only goes to wgmma through shared memory
/// laid out as the descriptor says (triton-nvidia-optimize-descriptor-
/// encoding arranges that), or it is read back to registers on its way to
/// a tensor-core dot. When it cannot, `why` (if given) says why, for the
/// passes' debug output.
std::optional<LoadUse> analyzeDescriptorLoad(DescriptorLoadOp load,
                                             scf::ForOp forOp,
                                             StringRef *why = nullptr);

/// Whether `load` (directly in `forOp`'s body) can become an asynchronous
/// copy feeding dots, and how its value is used; else `why` (if given).
std::optional<LoadUse> analyzeLoad(LoadOp load, scf::ForOp forOp,
                                   StringRef *why = nullptr);

/// Innermost scf.for loops of `module` containing a tensor-core dot. The
/// other loops go to `skipped` (if given) with the reason.
SmallVector<scf::ForOp>
dotLoops(ModuleOp module,
         SmallVectorImpl<std::pair<scf::ForOp, StringRef>> *skipped = nullptr);

/// The loop's `tt.num_stages`, else `defaultStages`.
int numStagesFor(scf::ForOp forOp, int defaultStages);

struct StageCluster {
  int stage;
  int cluster;
};

/// A coarse schedule of one loop body: stage and cluster of every op.
struct Schedule {
  mutable scf::ForOp forOp;
  int maxStage = 0;
  llvm::DenseMap<Operation *, StageCluster> of;
  llvm::DenseMap<Operation *, unsigned> position;

  explicit Schedule(scf::ForOp forOp) : forOp(forOp) { renumber(); }

  void renumber() {
    position.clear();
    unsigned i = 0;
    for (Operation &op : forOp.getBody()->without_terminator())
      position[&op] = i++;
  }

  /// Whether `a` runs before `b` within one kernel iteration, both being
  /// in the same stage.
  bool before(Operation *a, Operation *b) const {
    StageCluster sa = of.lookup(a), sb = of.lookup(b);
    if (sa.cluster != sb.cluster)
      return sa.cluster < sb.cluster;
    return position.lookup(a) < position.lookup(b);
  }

  /// The body op defining `v`, or null for values defined outside the body
  /// (block arguments included).
  Operation *bodyDef(Value v) const {
    Operation *def = v.getDefiningOp();
    return def && def->getBlock() == forOp.getBody() ? def : nullptr;
  }

  /// The iteration-argument number of `v`, or -1.
  int iterArgNumber(Value v) const {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != forOp.getBody() || arg.getArgNumber() == 0)
      return -1;
    return arg.getArgNumber() - 1;
  }

  Value yielded(unsigned k) const {
    return forOp.getBody()->getTerminator()->getOperand(k);
  }

  /// Writes the schedule as `loop.stage`/`loop.cluster` on the ops and
  /// `tt.scheduled_max_stage` on the loop.
  void writeAttributes();

  /// Reads the attributes written by writeAttributes; false if an op of the
  /// body lacks them.
  bool readAttributes();

  /// Values used by `op` or by ops nested in it, defined outside `op`.
  static SmallVector<Value> usedValues(Operation *op);

  /// Checks that every use sees its value: a value from the same
  /// iteration comes from an earlier stage, or from the same stage earlier
  /// in the kernel order; a loop-carried value from no more than one stage
  /// later (then it is read in the same kernel iteration, after it is
  /// computed). Results of the loop must come from the last stage unless
  /// unused, and side effects before the last stage must be maskable.
  /// Descriptor loads may only run in early stages before the pipeliner
  /// turns them into TMA copies (`beforeLowering`).
  LogicalResult verify(bool beforeLowering = true) const;
};

} // namespace mlir::triton::gpu::pipeline

#endif // TT_LIB_DIALECT_TRITONGPU_TRANSFORMS_PIPELININGUTILITY_H
