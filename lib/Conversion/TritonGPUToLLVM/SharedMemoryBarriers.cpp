//===- SharedMemoryBarriers.cpp - insert-shared-memory-barriers -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Threads of a CTA communicate through shared memory; between one thread's
// access and another's conflicting one there must be a barrier. This pass
// tracks, in program order and through structured control flow, the byte
// ranges (from allocate-shared-memory's offsets) read and written since the
// last barrier, and inserts `ttg.local_barrier` where an operation would
// conflict with them. Asynchronous accesses complete only at their wait
// operations, so a barrier before that does not retire them. It also
// inserts the Hopper proxy fence (`ttng.fence_async_shared`) between
// ordinary stores to shared memory and wgmma reads of the same bytes.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Passes.h"

#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Analysis/Allocation.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton {
#define GEN_PASS_DEF_INSERTSHAREDMEMORYBARRIERS
#include "tt/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// A set of byte ranges (kept sorted and unique).
struct Ranges {
  SmallVector<SharedInterval> items;
  bool empty() const { return items.empty(); }
  void add(SharedInterval r) {
    if (r.empty())
      return;
    auto it = llvm::lower_bound(items, r, [](const SharedInterval &a,
                                             const SharedInterval &b) {
      return std::make_pair(a.start, a.end) < std::make_pair(b.start, b.end);
    });
    if (it != items.end() && *it == r)
      return;
    items.insert(it, r);
  }
  void add(const Ranges &o) {
    for (const SharedInterval &r : o.items)
      add(r);
  }
  bool intersects(const Ranges &o) const {
    for (const SharedInterval &a : items)
      for (const SharedInterval &b : o.items)
        if (a.intersects(b))
          return true;
    return false;
  }
  void clear() { items.clear(); }
  bool operator==(const Ranges &o) const { return items == o.items; }
};

/// What is pending at a program point.
struct State {
  Ranges reads, writes;           // since the last barrier
  Ranges asyncReads, asyncWrites; // issued, not yet waited for
  Ranges tmaReads;                // TMA stores not yet waited for
  Ranges unfenced;                // ordinary stores not yet proxy-fenced
  void join(const State &o) {
    reads.add(o.reads);
    writes.add(o.writes);
    asyncReads.add(o.asyncReads);
    asyncWrites.add(o.asyncWrites);
    tmaReads.add(o.tmaReads);
    unfenced.add(o.unfenced);
  }
  bool operator==(const State &o) const {
    return reads == o.reads && writes == o.writes &&
           asyncReads == o.asyncReads && asyncWrites == o.asyncWrites &&
           tmaReads == o.tmaReads && unfenced == o.unfenced;
  }
  void sync() {
    reads.clear();
    writes.clear();
  }
};

/// The shared-memory accesses of one operation.
struct Effects {
  Ranges reads, writes, asyncReads, asyncWrites;
  Ranges tmaReads, tmaWrites; // TMA stores, TMA loads
  Ranges genericWrites;   // ordinary stores (need a proxy fence for wgmma)
  Ranges asyncProxyReads; // read by wgmma, read or written by TMA
  bool synchronizesFirst = false; // the lowering starts with a barrier
  bool isBarrier = false;
  bool isFence = false;
  bool completesAsyncWrites = false;
  bool completesAsyncReads = false;
  bool completesTMAReads = false;
};

class BarrierInserter {
public:
  BarrierInserter(ModuleOp module)
      : module(module), alias(module),
        target(lookupModuleTargetInfo(module)) {
    if (auto total = module->getAttrOfType<IntegerAttr>("ttg.shared"))
      totalBytes = total.getInt();
  }

  LogicalResult run() {
    if (!module->hasAttr("ttg.shared"))
      return module.emitError("insert-shared-memory-barriers needs the "
                              "offsets of allocate-shared-memory");
    for (auto func : module.getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      State state;
      visitRegion(func.getBody(), state);
    }
    return success();
  }

private:
  ModuleOp module;
  SharedMemoryAliasAnalysis alias;
  /// What sized the scratch buffers (allocate-shared-memory's target).
  const TargetInfo *target;
  int64_t totalBytes = 0;

  /// The bytes a descriptor value may view.
  Ranges rangesOf(Value v) {
    Ranges out;
    // A constant index into a buffer made right there: just that slice.
    if (auto index = v.getDefiningOp<ttg::MemDescIndexOp>()) {
      APInt c;
      auto alloc = index.getSrc().getDefiningOp<ttg::LocalAllocOp>();
      if (alloc && matchPattern(index.getIndex(), m_ConstantInt(&c))) {
        if (auto off = alloc->getAttrOfType<IntegerAttr>("allocation.offset")) {
          int64_t slice = getSharedAllocationBytes(index.getType());
          int64_t start = off.getInt() + c.getSExtValue() * slice;
          out.add({start, start + slice});
          return out;
        }
      }
    }
    for (Operation *a : alias.getAllocs(v)) {
      auto off = a->getAttrOfType<IntegerAttr>("allocation.offset");
      if (!off) {
        out.add({0, std::max<int64_t>(totalBytes, 1)});
        continue;
      }
      int64_t start = off.getInt();
      out.add({start, start + getSharedAllocationBytes(
                                  a->getResult(0).getType())});
    }
    return out;
  }

  Effects effectsOf(Operation *op) {
    Effects e;
    if (isa<ttg::LocalBarrierOp, ttg::BarrierOp>(op)) {
      e.isBarrier = true;
      return e;
    }
    if (isa<ttng::FenceAsyncSharedOp>(op)) {
      e.isFence = true;
      return e;
    }
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      if (alloc.getSrc()) {
        e.writes = rangesOf(alloc.getResult());
        e.genericWrites = e.writes;
      }
      return e;
    }
    if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
      e.writes = rangesOf(store.getDst());
      e.genericWrites = e.writes;
      return e;
    }
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
      e.reads = rangesOf(load.getSrc());
      return e;
    }
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      e.asyncWrites = rangesOf(copy.getResult());
      return e;
    }
    if (isa<ttg::AsyncWaitOp>(op)) {
      e.completesAsyncWrites = true;
      return e;
    }
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op)) {
      Ranges r;
      if (isa<ttg::MemDescType>(dot.getA().getType()))
        r.add(rangesOf(dot.getA()));
      r.add(rangesOf(dot.getB()));
      e.asyncProxyReads = r;
      (dot.getIsAsync() ? e.asyncReads : e.reads) = r;
      return e;
    }
    if (isa<ttng::WarpGroupDotWaitOp>(op)) {
      e.completesAsyncReads = true;
      return e;
    }
    // TMA loads: the copy engine writes the buffer until the mbarrier wait,
    // after which every waiting thread sees the data; only the issue must
    // not overtake earlier accesses of the buffer. TMA stores read theirs
    // until async_tma_store_wait. Both go through the async proxy.
    if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op)) {
      e.reads = rangesOf(copy.getBarrier());
      e.tmaWrites = rangesOf(copy.getResult());
      e.asyncProxyReads = e.tmaWrites;
      return e;
    }
    if (auto copy = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op)) {
      e.tmaReads = rangesOf(copy.getSrc());
      e.asyncProxyReads = e.tmaReads;
      return e;
    }
    if (isa<ttng::TMAStoreWaitOp>(op)) {
      e.completesTMAReads = true;
      return e;
    }
    // The mbarrier operations update the object atomically, in order among
    // themselves; they only need its initialization to be visible.
    if (isa<ttng::ArriveBarrierOp, ttng::BarrierExpectOp, ttng::WaitBarrierOp,
            ttng::AsyncCopyMbarrierArriveOp>(op)) {
      e.reads = rangesOf(op->getOperand(0));
      return e;
    }
    if (isa<ttg::LocalDeallocOp, ttg::MemDescIndexOp, ttg::MemDescSubsliceOp,
            ttg::MemDescTransOp, ttg::MemDescReshapeOp,
            ttg::MemDescReinterpretOp>(op))
      return e;
    if (isa<CallOp>(op)) {
      // Whatever the callee touches (its frame, and buffers it is passed):
      // everything, synchronously, so barriers surround the call when
      // anything is pending.
      Ranges all;
      all.add({0, std::max<int64_t>(totalBytes, 1)});
      e.reads = all;
      e.writes = all;
      e.genericWrites = all;
      return e;
    }
    // Scratch space of the lowering: a barrier first, then stores and loads
    // of its own bytes.
    if (auto off = op->getAttrOfType<IntegerAttr>("allocation.offset")) {
      int64_t bytes = getScratchBytes(op, target);
      if (bytes > 0) {
        e.synchronizesFirst = true;
        Ranges r;
        r.add({off.getInt(), off.getInt() + bytes});
        e.reads = r;
        e.genericWrites = r;
        return e;
      }
    }
    if (isMemoryEffectFree(op))
      return e; // yields, selects and other moves of descriptors
    // Any other operation on descriptors: a synchronous read and write.
    for (Value operand : op->getOperands())
      if (isa<ttg::MemDescType>(operand.getType())) {
        Ranges r = rangesOf(operand);
        e.reads.add(r);
        e.writes.add(r);
        e.genericWrites.add(r);
      }
    return e;
  }

  void insertBarrier(Operation *before) {
    OpBuilder b(before);
    ttg::LocalBarrierOp::create(b, before->getLoc());
  }

  void insertFence(Operation *before) {
    OpBuilder b(before);
    ttng::FenceAsyncSharedOp::create(b, before->getLoc(), /*bCluster=*/false);
  }

  void apply(Operation *op, State &state) {
    Effects e = effectsOf(op);
    if (e.isBarrier) {
      state.sync();
      return;
    }
    if (e.isFence) {
      state.unfenced.clear();
      return;
    }
    if (e.completesAsyncWrites) {
      state.writes.add(state.asyncWrites);
      state.asyncWrites.clear();
    }
    if (e.completesAsyncReads) {
      state.reads.add(state.asyncReads);
      state.asyncReads.clear();
    }
    if (e.completesTMAReads) {
      state.reads.add(state.tmaReads);
      state.tmaReads.clear();
    }
    // The proxy fence goes before the barrier that precedes the read.
    if (!e.asyncProxyReads.empty() &&
        e.asyncProxyReads.intersects(state.unfenced)) {
      insertFence(op);
      state.unfenced.clear();
    }
    if (e.synchronizesFirst) {
      state.sync();
    } else {
      Ranges readsAll = e.reads, writesAll = e.writes;
      readsAll.add(e.asyncReads);
      readsAll.add(e.tmaReads);
      writesAll.add(e.asyncWrites);
      writesAll.add(e.tmaWrites);
      Ranges pending = state.reads;
      pending.add(state.writes);
      if (readsAll.intersects(state.writes) || writesAll.intersects(pending)) {
        insertBarrier(op);
        state.sync();
      }
    }
    state.reads.add(e.reads);
    state.writes.add(e.writes);
    state.asyncReads.add(e.asyncReads);
    state.asyncWrites.add(e.asyncWrites);
    state.tmaReads.add(e.tmaReads);
    state.unfenced.add(e.genericWrites);
  }

  /// Generic stores anywhere under `op`, and wgmma reads of `ranges`.
  bool hasGenericWrites(Operation *op) {
    bool found = false;
    op->walk([&](Operation *inner) {
      if (inner == op)
        return;
      if (!effectsOf(inner).genericWrites.empty())
        found = true;
    });
    return found;
  }
  bool readsThroughAsyncProxy(Operation *op, const Ranges &ranges) {
    bool found = false;
    op->walk([&](Operation *inner) {
      if (inner != op && effectsOf(inner).asyncProxyReads.intersects(ranges))
        found = true;
    });
    return found;
  }

  void hoistFence(Operation *loop, State &state) {
    if (state.unfenced.empty() || hasGenericWrites(loop) ||
        !readsThroughAsyncProxy(loop, state.unfenced))
      return;
    insertFence(loop);
    state.unfenced.clear();
  }

  /// The state at the head of a loop entered with `start`: `trip` (one
  /// trip through the body from a head state) runs until the head state,
  /// `start` joined with where the trips end, no longer changes.
  State loopHeadFixpoint(const State &start,
                         function_ref<void(State &)> trip) {
    State entry = start;
    while (true) {
      State s = entry;
      trip(s);
      State next = entry;
      next.join(s);
      if (next == entry)
        return entry;
      entry = next;
    }
  }

  void visitRegion(Region &region, State &state) {
    if (region.empty())
      return;
    // Structured control flow: one block.
    for (Operation &op : llvm::make_early_inc_range(region.front()))
      visitOp(&op, state);
  }

  void visitOp(Operation *op, State &state) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      hoistFence(op, state);
      state = loopHeadFixpoint(
          state, [&](State &s) { visitRegion(forOp.getRegion(), s); });
      return;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      hoistFence(op, state);
      // The loop leaves after `before`, in the trip from the fixpoint.
      State exit;
      loopHeadFixpoint(state, [&](State &s) {
        visitRegion(whileOp.getBefore(), s);
        exit = s;
        visitRegion(whileOp.getAfter(), s);
      });
      state = exit;
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      State thenState = state, elseState = state;
      visitRegion(ifOp.getThenRegion(), thenState);
      visitRegion(ifOp.getElseRegion(), elseState);
      state = thenState;
      state.join(elseState);
      return;
    }
    apply(op, state);
  }
};

class InsertSharedMemoryBarriers
    : public triton::impl::InsertSharedMemoryBarriersBase<
          InsertSharedMemoryBarriers> {
public:
  void runOnOperation() override {
    BarrierInserter inserter(getOperation());
    if (failed(inserter.run()))
      signalPassFailure();
  }
};

} // namespace
