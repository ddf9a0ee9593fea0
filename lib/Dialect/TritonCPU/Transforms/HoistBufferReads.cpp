//===- HoistBufferReads.cpp - tritoncpu-hoist-buffer-reads ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-hoist-buffer-reads: loop-invariant code motion that also moves
// reads of temporary buffers nothing in the loop writes.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPUHOISTBUFFERREADS
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The temporary buffer `v` is a view of, or null when `v` may be anything
/// else (a function argument, a pointer-derived memref).
Value getTemporaryRoot(Value v) {
  while (true) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return Value();
    if (isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def))
      return v;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return Value();
    v = view.getViewSource();
  }
}

/// Whether `op` (or an operation nested in it) may write the temporary
/// buffer `root`.
bool mayWriteTemporary(Operation *op, Value root) {
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (const auto &e : list) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(e.getEffect()))
        continue;
      Value target = e.getValue();
      // LLVM operations write through !llvm.ptr: kernel memory, never a
      // temporary buffer.
      if (!target)
        return !isa<LLVM::LLVMDialect>(op->getDialect());
      if (!isa<MemRefType>(target.getType()))
        continue;
      Value r = getTemporaryRoot(target);
      if (!r || r == root)
        return true;
    }
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    // Calls and unknown operations: only through a memref operand.
    if (llvm::any_of(op->getOperandTypes(),
                     [](Type t) { return isa<MemRefType>(t); }))
      return true;
    if (!isa<CallOpInterface>(op) && !isa<LLVM::LLVMDialect>(op->getDialect()))
      return true;
  }
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (mayWriteTemporary(&nested, root))
        return true;
  return false;
}

struct HoistBufferReadsPass
    : triton::cpu::impl::TritonCPUHoistBufferReadsBase<HoistBufferReadsPass> {
  void runOnOperation() override {
    // Innermost loops first, so that reads can travel several levels.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk<WalkOrder::PostOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      Region &body = loop.getRegion();
      // A read moved out of a loop runs even when the loop would not: only
      // do that for loops that surely run (constant bounds, as the loops
      // made from linalg ops have), so that its index is one the loop used.
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      bool runs = lb && ub && *lb < *ub;
      auto canHoist = [&](Operation *op, Region *) {
        if (isMemoryEffectFree(op) && isSpeculatable(op))
          return true;
        auto load = dyn_cast<memref::LoadOp>(op);
        if (!load || !runs)
          return false;
        Value root = getTemporaryRoot(load.getMemRef());
        if (!root)
          return false;
        for (Operation &other : body.getOps())
          if (mayWriteTemporary(&other, root))
            return false;
        return true;
      };
      moveLoopInvariantCode(
          {&body},
          [&](Value v, Region *) { return loop.isDefinedOutsideOfLoop(v); },
          canHoist, [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
    }
  }
};

} // namespace
