//===- Pipeline.h - the steps of tritongpu-pipeline -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-pipeline (Pipeline.cpp) takes a loop scheduled by
// tritongpu-schedule-loops through three steps:
//
//  1. PipelineLowerLoads.cpp: the scheduled loads become asynchronous
//     copies (cp.async, or TMA for descriptor loads) into multi-buffered
//     shared memory, with loop-carried slot counters;
//  2. PipelineExpand.cpp: the modulo-schedule expansion, a prologue and a
//     kernel loop whose early stages run ahead for later iterations;
//  3. Pipeline.cpp: asynchronous wgmma, merged waits, and the waits and
//     deallocations after the loop.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_DIALECT_TRITONGPU_TRANSFORMS_PIPELINE_H
#define TT_LIB_DIALECT_TRITONGPU_TRANSFORMS_PIPELINE_H

#include "PipeliningUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu::pipeline {

/// Sets `op`'s `loop.stage` and `loop.cluster`.
inline void setStage(Operation *op, int stage, int cluster) {
  Builder b(op->getContext());
  op->setAttr(kStageAttr, b.getI32IntegerAttr(stage));
  op->setAttr(kClusterAttr, b.getI32IntegerAttr(cluster));
}

/// Removes the pipelining attributes of `op` (not of ops nested in it).
inline void clearScheduleAttrs(Operation *op) {
  op->removeAttr(kStageAttr);
  op->removeAttr(kClusterAttr);
  op->removeAttr(kLatencyAttr);
}

inline Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

inline int stageOf(Operation *op) {
  return op->getAttrOfType<IntegerAttr>(kStageAttr).getInt();
}
inline int clusterOf(Operation *op) {
  return op->getAttrOfType<IntegerAttr>(kClusterAttr).getInt();
}

/// A load being turned into an asynchronous copy (cp.async for `tt.load`,
/// TMA for `tt.descriptor_load`).
struct AsyncLoad {
  Operation *load;
  LoadUse use;
  int numBuffers;
  unsigned contiguity; // cp.async only.
  Value buffer;
  bool tma = false;
};

/// The earliest (stage, cluster) reader of a load's value.
Operation *firstUseOf(const AsyncLoad &l);

/// Replaces each load by an asynchronous copy into a slot of a
/// multi-buffered allocation, read back after a wait by its users. Loads
/// with the same number of buffers share loop-carried insert and extract
/// slot counters (both starting at -1), and a phase (starting at 0) when
/// some are TMA loads. TMA loads issued in one stage and read in one
/// stage share a ring of mbarriers (returned in `rings`, also listed in
/// `buffers`), initialized before the loop. Returns the loop, rebuilt with
/// the counters.
scf::ForOp lowerLoads(scf::ForOp forOp, SmallVectorImpl<AsyncLoad> &loads,
                      SmallVectorImpl<Value> &buffers,
                      SmallVectorImpl<Value> &rings);

/// Emits the prologue and the pipelined loop for a lowered, scheduled
/// loop and erases the original. Returns null (after an error) when a value
/// from before the loop is missing.
scf::ForOp expandLoop(Schedule &s);

} // namespace mlir::triton::gpu::pipeline

#endif // TT_LIB_DIALECT_TRITONGPU_TRANSFORMS_PIPELINE_H
