//===- Pipeline.cpp - software-pipeline scheduled loops ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-pipeline, the last of the three software-pipelining passes
// (PipeliningUtility.h). Each loop scheduled by tritongpu-schedule-loops
// goes through the steps of Pipeline.h: its loads become asynchronous
// copies (PipelineLowerLoads.cpp), the loop is expanded into a prologue and
// a kernel loop (PipelineExpand.cpp), and then, here, the kernel's wgmma
// become asynchronous, its waits merge, and the copies, dots and buffers
// are finished after the loop.
//
// TRITON_LLVM_DEBUG_ONLY=tritongpu-pipeline prints, per loop, each load
// turned into an asynchronous copy (its buffers and vector width) or left
// synchronous and why, the wgmma left in flight, and the loops it could not
// pipeline and why.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Analysis/AxisInfo.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Support/Debug.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

#define DEBUG_TYPE "tritongpu-pipeline"

Operation *mlir::triton::gpu::pipeline::firstUseOf(const AsyncLoad &l) {
  Operation *firstUse = nullptr;
  auto consider = [&](Operation *u) {
    auto key = [](Operation *o) {
      return std::make_pair(stageOf(o), clusterOf(o));
    };
    if (!firstUse || key(u) < key(firstUse))
      firstUse = u;
  };
  for (auto alloc : l.use.allocs)
    for (Operation *u : alloc->getUsers())
      consider(u);
  for (auto cvt : l.use.converts)
    consider(cvt);
  for (Operation *u : l.use.registerUsers)
    consider(u);
  return firstUse;
}

namespace {

/// The loads of `forOp` that become asynchronous copies, with the number
/// of buffers each needs: one per stage between the load and its first use
/// (plus one for wgmma operands).
SmallVector<AsyncLoad> collectLoads(scf::ForOp forOp, const Schedule &sched,
                                    const ModuleAxisInfoAnalysis &axisInfo) {
  SmallVector<AsyncLoad> loads;
  auto useStageOf = [&](const LoadUse &use) {
    int useStage = INT_MAX;
    for (auto alloc : use.allocs)
      for (Operation *u : alloc->getUsers())
        useStage = std::min(useStage, sched.of.lookup(u).stage);
    for (auto cvt : use.converts)
      useStage = std::min(useStage, sched.of.lookup(cvt).stage);
    for (Operation *u : use.registerUsers)
      useStage = std::min(useStage, sched.of.lookup(u).stage);
    return useStage;
  };
  for (Operation &op : forOp.getBody()->without_terminator()) {
    if (auto desc = dyn_cast<DescriptorLoadOp>(op)) {
      StringRef why;
      std::optional<LoadUse> use = analyzeDescriptorLoad(desc, forOp, &why);
      if (!use) {
        TT_DEBUG(DEBUG_TYPE) << "  tt.descriptor_load at " << desc.getLoc()
                             << ": stays synchronous: " << why << "\n";
        continue;
      }
      int loadStage = sched.of.lookup(desc).stage;
      int useStage = useStageOf(*use);
      if (useStage == INT_MAX || useStage <= loadStage) {
        TT_DEBUG(DEBUG_TYPE) << "  tt.descriptor_load at " << desc.getLoc()
                             << ": stays synchronous: read in the stage it "
                                "is loaded in (stage "
                             << loadStage << ")\n";
        continue;
      }
      // One more slot than stages in flight when the asynchronous wgmma
      // reads the slot itself: it may still read the previous one.
      int numBuffers = useStage - loadStage + (use->feedsWgmma ? 1 : 0);
      TT_DEBUG(DEBUG_TYPE) << "  tt.descriptor_load at " << desc.getLoc()
                           << ": TMA copy in stage " << loadStage
                           << ", read in stage " << useStage << ", "
                           << numBuffers << " buffers"
                           << (use->feedsWgmma ? " (one more for wgmma)" : "")
                           << "\n";
      loads.push_back({desc, *use, numBuffers, 0, Value(), /*tma=*/true});
      continue;
    }
    auto load = dyn_cast<LoadOp>(op);
    if (!load)
      continue;
    StringRef why;
    std::optional<LoadUse> use = analyzeLoad(load, forOp, &why);
    if (!use) {
      TT_DEBUG(DEBUG_TYPE) << "  tt.load at " << load.getLoc()
                           << ": stays synchronous: " << why << "\n";
      continue;
    }
    int loadStage = sched.of.lookup(load).stage;
    int useStage = useStageOf(*use);
    if (useStage == INT_MAX || useStage <= loadStage) {
      TT_DEBUG(DEBUG_TYPE) << "  tt.load at " << load.getLoc()
                           << ": stays synchronous: read in the stage it is "
                              "loaded in (stage "
                           << loadStage << ")\n";
      continue;
    }
    auto type = cast<RankedTensorType>(load.getType());
    auto blocked = cast<ttg::BlockedEncodingAttr>(type.getEncoding());
    unsigned fastest = blocked.getOrder()[0];
    unsigned contiguity =
        std::min<unsigned>(axisInfo.getPtrAlignment(load.getPtr()),
                           copyRun(type, use->sharedEncoding));
    if (load.getMask())
      contiguity = std::min(contiguity,
                            axisInfo.getMaskAlignment(load.getMask(), fastest));
    contiguity = std::max(1u, contiguity);
    int numBuffers = useStage - loadStage + (use->feedsWgmma ? 1 : 0);
    TT_DEBUG(DEBUG_TYPE) << "  tt.load at " << load.getLoc()
                         << ": cp.async in stage " << loadStage
                         << ", read in stage " << useStage << ", "
                         << numBuffers << " buffers"
                         << (use->feedsWgmma ? " (one more for wgmma)" : "")
                         << ", " << contiguity << " elements ("
                         << contiguity * type.getElementTypeBitWidth() / 8
                         << " bytes) per copy\n";
    loads.push_back({load, *use, numBuffers, contiguity, Value()});
  }
  return loads;
}

/// Merges the asynchronous waits of the loop body that no commit group
/// separates into the first of them: it then waits for all their tokens,
/// keeping the smallest count (with no commit in between, a count means
/// the same at either place, so the merged wait is never weaker). On
/// sm_80 the waits for A's and B's copies are split by the `local_load`
/// of A; one wait before both loads, as upstream emits, lets both reads
/// be scheduled together (and avoids the register spills of two).
void combineWaits(scf::ForOp kernel) {
  Block *body = kernel.getBody();
  SmallVector<ttg::AsyncWaitOp> waits(body->getOps<ttg::AsyncWaitOp>());
  llvm::DenseSet<Operation *> merged;
  auto availableAt = [](Value v, Operation *at) {
    Operation *def = v.getDefiningOp();
    Block *block = def ? def->getBlock() : cast<BlockArgument>(v).getOwner();
    if (block != at->getBlock())
      return block->getParentOp()->isProperAncestor(at);
    return !def || def->isBeforeInBlock(at);
  };
  for (ttg::AsyncWaitOp first : waits) {
    if (merged.contains(first))
      continue;
    SmallVector<Value> tokens(first.getAsyncToken());
    uint32_t num = first.getNum();
    for (Operation *op = first->getNextNode();
         op && !isa<ttg::AsyncCommitGroupOp>(op);) {
      Operation *next = op->getNextNode();
      auto wait = dyn_cast<ttg::AsyncWaitOp>(op);
      if (wait && llvm::all_of(wait.getAsyncToken(), [&](Value t) {
            return availableAt(t, first);
          })) {
        tokens.append(wait.getAsyncToken().begin(), wait.getAsyncToken().end());
        num = std::min(num, wait.getNum());
        wait.getResult().replaceAllUsesWith(first.getResult());
        merged.insert(wait);
        wait.erase();
      }
      op = next;
    }
    first.getAsyncTokenMutable().assign(tokens);
    first.setNum(num);
  }
}

/// After the loads are lowered: a wgmma operand that a pipeline slot feeds
/// through registers only to be stored again transposed,
/// `memdesc_trans(local_alloc(convert_layout*(local_load(slot))))` (a tile
/// used both as it is and transposed, as attention's backward uses Q^T and
/// dO), reads the slot through a transposed view instead, as upstream's
/// kernels do: no register round trip, no second buffer, no barrier. Only
/// for 16-bit elements (wgmma reads them K- or MN-major) in an NVMMA slot.
void foldTransposedReloads(scf::ForOp forOp) {
  SmallVector<ttg::MemDescTransOp> candidates(
      forOp.getBody()->getOps<ttg::MemDescTransOp>());
  for (ttg::MemDescTransOp trans : candidates) {
    auto alloc = trans.getSrc().getDefiningOp<ttg::LocalAllocOp>();
    if (!alloc || !alloc.getSrc() || !alloc->hasOneUse())
      continue;
    Value v = alloc.getSrc();
    while (auto cvt = v.getDefiningOp<ttg::ConvertLayoutOp>())
      v = cvt.getSrc();
    auto load = v.getDefiningOp<ttg::LocalLoadOp>();
    if (!load || !load.getSrc().getDefiningOp<ttg::MemDescIndexOp>())
      continue;
    auto slotType = cast<ttg::MemDescType>(load.getSrc().getType());
    auto slotEnc =
        dyn_cast<ttg::NVMMASharedEncodingAttr>(slotType.getEncoding());
    if (!slotEnc || slotType.getElementTypeBitWidth() != 16 ||
        slotType.getShape() != alloc.getType().getShape() ||
        trans.getOrder() != ArrayRef<int32_t>{1, 0} ||
        !llvm::all_of(trans->getUsers(), [](Operation *u) {
          return isa<ttng::WarpGroupDotOp>(u);
        }))
      continue;
    // The slot's layout seen transposed (the dialect's rule for tt.trans).
    Attribute viewEnc;
    if (failed(getLayoutInterface(slotEnc)->inferTransOpEncoding(
            slotEnc, slotType.getShape(), trans.getOrder(), viewEnc,
            std::nullopt)))
      continue;
    auto viewType = ttg::MemDescType::get(
        trans.getType().getShape(), slotType.getElementType(), viewEnc,
        slotType.getMemorySpace(), slotType.getMutableMemory());
    OpBuilder b(trans);
    auto view = ttg::MemDescTransOp::create(b, trans.getLoc(), viewType,
                                            load.getSrc(), trans.getOrderAttr());
    for (StringRef name : {kStageAttr, kClusterAttr})
      if (Attribute attr = trans->getAttr(name))
        view->setAttr(name, attr);
    TT_DEBUG(DEBUG_TYPE) << "  " << trans.getLoc()
                         << ": wgmma operand read through a transposed view "
                            "of its pipeline slot (no register round trip)\n";
    trans.getResult().replaceAllUsesWith(view.getResult());
    trans.erase();
    Value dead = alloc.getSrc();
    alloc.erase();
    while (Operation *def = dead.getDefiningOp()) {
      if (!def->use_empty() || !isa<ttg::ConvertLayoutOp, ttg::LocalLoadOp>(def))
        break;
      dead = def->getOperand(0);
      def->erase();
    }
  }
}

/// Makes each wgmma whose accumulator only goes to the next iteration
/// asynchronous: a `ttng.warp_group_dot_wait` right after it lets one dot
/// stay in flight (none when an operand is rewritten every iteration).
/// A wgmma whose result only goes to the next iteration but whose
/// accumulator is computed first (attention's second dot: the running
/// output rescaled, `acc * alpha`, then P V added) is waited for where the
/// next iteration first uses that result, so it runs on while the loop
/// issues the next copies and the next iteration's first dot.
/// Returns the (loop result number, dot) pairs left in flight.
SmallVector<std::pair<unsigned, Operation *>> makeDotsAsync(scf::ForOp kernel) {
  SmallVector<std::pair<unsigned, Operation *>> asyncDots;
  Block *body = kernel.getBody();
  auto yield = body->getTerminator();
  SmallVector<ttng::WarpGroupDotOp> candidates, waitedAtOnce;
  SmallVector<std::pair<unsigned, ttng::WarpGroupDotOp>> waitedAtNextUse;
  // While the dot runs on, the next iteration must not overwrite what it
  // reads: only loop-invariant buffers and slots of the pipeline's buffers
  // (which have a spare slot for this) qualify.
  auto stable = [&](Value operand) {
    if (!isa<ttg::MemDescType>(operand.getType()))
      return true; // Registers.
    while (auto view = operand.getDefiningOp<ttg::MemDescTransOp>())
      operand = view.getSrc(); // A transposed view of the same buffer.
    if (!kernel->isAncestor(operand.getParentRegion()->getParentOp()))
      return true;
    auto slot = operand.getDefiningOp<ttg::MemDescIndexOp>();
    return slot && !kernel->isAncestor(
                       slot.getSrc().getParentRegion()->getParentOp());
  };
  for (auto dot : body->getOps<ttng::WarpGroupDotOp>()) {
    if (!dot.getResult().hasOneUse() ||
        dot.getResult().getUses().begin()->getOwner() != yield)
      continue;
    unsigned k = dot.getResult().getUses().begin()->getOperandNumber();
    auto acc = dyn_cast<BlockArgument>(dot.getC());
    if (!acc || acc.getOwner() != body || acc.getArgNumber() != k + 1 ||
        !acc.hasOneUse()) {
      // The accumulator is computed in the iteration (from the previous
      // result or not): wait where the next iteration first reads it.
      if (stable(dot.getA()) && stable(dot.getB()))
        waitedAtNextUse.push_back({k, dot});
      continue;
    }
    if (!stable(dot.getA()) || !stable(dot.getB())) {
      // Still issued asynchronously, but waited for before anything can
      // overwrite its operands.
      waitedAtOnce.push_back(dot);
      continue;
    }
    candidates.push_back(dot);
  }
  for (ttng::WarpGroupDotOp dot : waitedAtOnce) {
    unsigned k = cast<BlockArgument>(dot.getC()).getArgNumber() - 1;
    OpBuilder b(dot->getContext());
    b.setInsertionPointAfter(dot);
    dot.setIsAsync(true);
    auto wait = ttng::WarpGroupDotWaitOp::create(
        b, dot.getLoc(), ValueRange{dot.getResult(), dot.getA(), dot.getB()},
        0);
    yield->setOperand(k, wait.getResult(0));
  }
  for (ttng::WarpGroupDotOp dot : candidates) {
    unsigned k = cast<BlockArgument>(dot.getC()).getArgNumber() - 1;
    OpBuilder b(dot->getContext());
    b.setInsertionPointAfter(dot);
    dot.setIsAsync(true);
    auto wait = ttng::WarpGroupDotWaitOp::create(
        b, dot.getLoc(), ValueRange{dot.getResult(), dot.getA(), dot.getB()},
        candidates.size());
    yield->setOperand(k, wait.getResult(0));
    asyncDots.push_back({k, dot});
  }
  for (auto [k, dot] : waitedAtNextUse) {
    BlockArgument arg = kernel.getRegionIterArg(k);
    // The first op of the body reading the previous iteration's result
    // (directly or inside a region); none: only the loop's result reads it.
    Operation *firstUse = nullptr;
    for (Operation *user : arg.getUsers()) {
      Operation *top = body->findAncestorOpInBlock(*user);
      if (top && (!firstUse || top->isBeforeInBlock(firstUse)))
        firstUse = top;
    }
    dot.setIsAsync(true);
    asyncDots.push_back({k, dot});
    if (!firstUse || firstUse == yield)
      continue;
    OpBuilder b(firstUse);
    // Every wgmma group is waited for: those of this iteration issued
    // before the use are then done too, which they must be for a
    // synchronous dot's registers anyway.
    auto wait =
        ttng::WarpGroupDotWaitOp::create(b, dot.getLoc(), ValueRange{arg}, 0);
    arg.replaceAllUsesExcept(wait.getResult(0), wait);
  }
  return asyncDots;
}

/// After the loop: waits for the asynchronous dots and copies (cp.async
/// ones when `cpAsync`), invalidates the mbarriers of the `rings`, then
/// frees the buffers (last allocated first).
void finishAfterLoop(scf::ForOp loop, ArrayRef<Value> buffers,
                     ArrayRef<Value> rings, bool cpAsync,
                     ArrayRef<std::pair<unsigned, Operation *>> asyncDots) {
  OpBuilder b(loop->getContext());
  b.setInsertionPointAfter(loop);
  Location loc = loop.getLoc();
  for (auto [k, dot] : asyncDots) {
    Value result = loop.getResult(k);
    auto wait = ttng::WarpGroupDotWaitOp::create(b, loc, ValueRange{result}, 0);
    result.replaceAllUsesExcept(wait.getResult(0), wait);
  }
  for (Value ring : rings) {
    auto type = cast<ttg::MemDescType>(ring.getType());
    auto slotType = ttg::MemDescType::get(
        type.getShape().drop_front(), type.getElementType(), type.getEncoding(),
        type.getMemorySpace(), /*mutableMemory=*/true);
    for (int64_t i = 0; i < type.getShape().front(); ++i) {
      Value slot = ttg::MemDescIndexOp::create(b, loc, slotType, ring,
                                               constI32(b, loc, i));
      ttng::InvalBarrierOp::create(b, loc, slot);
    }
  }
  if (buffers.empty())
    return;
  if (cpAsync)
    ttg::AsyncWaitOp::create(b, loc,
                             ttg::AsyncTokenType::get(loop.getContext()),
                             ValueRange{}, b.getI32IntegerAttr(0));
  for (Value buffer : llvm::reverse(buffers))
    ttg::LocalDeallocOp::create(b, loc, buffer);
}

class Pipeline : public ttg::impl::TritonGPUPipelineBase<Pipeline> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr(kMaxStageAttr))
        loops.push_back(forOp);
    });
    TT_DEBUG(DEBUG_TYPE) << "scheduled loops: " << loops.size() << "\n";
    if (loops.empty())
      return;
    ModuleAxisInfoAnalysis axisInfo(module);
    for (scf::ForOp forOp : loops)
      pipelineLoop(forOp, axisInfo);
  }

private:
  void pipelineLoop(scf::ForOp forOp, const ModuleAxisInfoAnalysis &axisInfo) {
    Schedule sched(forOp);
    if (!sched.readAttributes() || sched.maxStage < 1 ||
        failed(sched.verify())) {
      TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc()
                           << ": not pipelined: its schedule is incomplete "
                              "or uses values before they are computed\n";
      forOp.emitRemark("loop not pipelined: its schedule (loop.stage, "
                       "loop.cluster) is incomplete or uses values before "
                       "they are computed");
      forOp->walk([](Operation *op) { clearScheduleAttrs(op); });
      forOp->removeAttr(kMaxStageAttr);
      return;
    }
    TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc() << ": "
                         << sched.maxStage + 1 << " stages\n";
    SmallVector<AsyncLoad> loads = collectLoads(forOp, sched, axisInfo);
    SmallVector<Value> buffers, rings;
    bool cpAsync =
        llvm::any_of(loads, [](const AsyncLoad &l) { return !l.tma; });
    if (!loads.empty()) {
      forOp = lowerLoads(forOp, loads, buffers, rings);
      foldTransposedReloads(forOp);
    }

    Schedule lowered(forOp);
    if (!lowered.readAttributes() ||
        failed(lowered.verify(/*beforeLowering=*/false))) {
      // A descriptor load left in an early stage, or (cannot happen for
      // schedules that verified before lowering) a use before its
      // definition: keep the (correct, unpipelined) lowered loop.
      TT_DEBUG(DEBUG_TYPE) << "scf.for at " << forOp.getLoc()
                           << ": loads lowered but the loop not expanded: "
                              "the lowered schedule does not verify (a "
                              "descriptor load left in an early stage?)\n";
      forOp->walk([](Operation *op) { clearScheduleAttrs(op); });
      forOp->removeAttr(kMaxStageAttr);
      finishAfterLoop(forOp, buffers, rings, cpAsync, {});
      return;
    }
    scf::ForOp kernel = expandLoop(lowered);
    if (!kernel) {
      signalPassFailure();
      return;
    }
    SmallVector<std::pair<unsigned, Operation *>> asyncDots =
        makeDotsAsync(kernel);
    TT_DEBUG(DEBUG_TYPE) << "scf.for at " << kernel.getLoc() << ": expanded, "
                         << loads.size() << " asynchronous loads, "
                         << asyncDots.size() << " wgmma left in flight across "
                         << "iterations\n";
    combineWaits(kernel);
    finishAfterLoop(kernel, buffers, rings, cpAsync, asyncDots);
  }
};

} // namespace
