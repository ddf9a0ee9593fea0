//===- SoftwarePipeliner.cpp - multi-stage pipelining of dot loops -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Three passes that overlap the global loads of a matmul loop with the
// tensor-core work of earlier iterations:
//
//  tritongpu-assign-latencies  marks the loads feeding dots (`tt.latency`);
//  tritongpu-schedule-loops    gives every op of such a loop a stage and a
//                              cluster (`loop.stage`, `loop.cluster`);
//  tritongpu-pipeline          rewrites the scheduled loads as asynchronous
//                              copies into multi-buffered shared memory and
//                              expands the loop: a prologue running the
//                              first stages of the first iterations, and a
//                              loop whose body runs stage `s` of iteration
//                              `i + maxStage - s`.
//
// Loads through tensor descriptors (`tt.descriptor_load`) whose blocks go
// to wgmma become TMA copies instead: the copies of one stage share a ring
// of mbarriers, one per buffer slot, that expects their bytes; the
// consumer waits on the slot's barrier with the phase the ring has reached.
//
// The expansion is a modulo schedule without epilogue: in the last
// iterations the early stages run for iterations past the end, so their side
// effects (the copies) are masked off, and every value they produce is
// either unused after the loop or only feeds those masked copies.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/DotOperandLayouts.h"
#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Analysis/AxisInfo.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <map>

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUASSIGNLATENCIES
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

constexpr StringLiteral kLatencyAttr = "tt.latency";
constexpr StringLiteral kStageAttr = "loop.stage";
constexpr StringLiteral kClusterAttr = "loop.cluster";
constexpr StringLiteral kMaxStageAttr = "tt.scheduled_max_stage";
constexpr StringLiteral kNumStagesAttr = "tt.num_stages";

/// Cluster numbers: within one kernel iteration, the work of the last stage
/// comes first, then the increments feeding the next loads, then the loads.
enum Cluster : int { kComputeCluster = 0, kIncrementCluster = 1, kLoadCluster = 2 };

bool isTensorCoreDot(Operation *op) {
  if (isa<ttng::WarpGroupDotOp>(op))
    return true;
  if (auto dot = dyn_cast<DotOp>(op))
    return isa_and_nonnull<ttg::MmaEncodingTrait>(
        cast<RankedTensorType>(dot.getType()).getEncoding());
  return false;
}

bool isZeroConstant(Value v) {
  if (!v)
    return true;
  Attribute value;
  if (!matchPattern(v, m_Constant(&value)))
    return false;
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (!dense.isSplat())
      return false;
    value = dense.getSplatValue<Attribute>();
  }
  if (auto f = dyn_cast<FloatAttr>(value))
    return f.getValue().isZero();
  if (auto i = dyn_cast<IntegerAttr>(value))
    return i.getValue().isZero();
  return false;
}

/// Elements of a tile in `type`'s register layout that one asynchronous
/// copy can move contiguously into a buffer with `shared` layout: the
/// register run along the fastest dimension, cut to what stays contiguous in
/// shared memory (one swizzle vector, or one element when shared memory
/// stores another dimension contiguously).
unsigned copyRun(RankedTensorType type, Attribute shared) {
  auto blocked = cast<ttg::BlockedEncodingAttr>(type.getEncoding());
  unsigned fastest = blocked.getOrder()[0];
  unsigned run = blocked.getSizePerThread()[fastest];
  unsigned rank = type.getRank();
  unsigned bits = type.getElementTypeBitWidth();
  if (auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(shared)) {
    unsigned contiguousDim = nvmma.getTransposed() ? rank - 2 : rank - 1;
    if (contiguousDim != fastest)
      return 1;
    return std::min(run, std::max(1u, 128 / bits));
  }
  if (auto swizzled = dyn_cast<ttg::SwizzledSharedEncodingAttr>(shared)) {
    if (swizzled.getOrder()[0] != fastest)
      return 1;
    if (swizzled.getMaxPhase() > 1)
      run = std::min(run, swizzled.getVec());
    return run;
  }
  return 1;
}

/// How the value of a pipelinable load reaches the dots: stored by
/// `ttg.local_alloc`s (wgmma operands) or converted to `#ttg.dot_op`
/// layouts (mma.sync operands).
struct LoadUse {
  SmallVector<ttg::LocalAllocOp> allocs;
  SmallVector<ttg::ConvertLayoutOp> converts;
  Attribute sharedEncoding; // Common layout of the buffer.
  bool feedsWgmma = false;
  /// TMA only: the block is read back to registers (`ttg.local_load`) for
  /// these users, e.g. to store it again transposed for an fp8 wgmma.
  SmallVector<Operation *> registerUsers;
};

/// Records `alloc` (a user of a loaded value in `block`) in `use` if it
/// only makes wgmma operands (A or B) in the same block.
bool addWgmmaAlloc(ttg::LocalAllocOp alloc, Block *block, LoadUse &use) {
  if (alloc->use_empty() ||
      !llvm::all_of(alloc->getUsers(), [&](Operation *u) {
        return isa<ttng::WarpGroupDotOp>(u) && u->getBlock() == block &&
               cast<ttng::WarpGroupDotOp>(u).getC() != alloc.getResult();
      }))
    return false;
  Attribute enc = alloc.getType().getEncoding();
  if (use.sharedEncoding && use.sharedEncoding != enc)
    return false;
  use.sharedEncoding = enc;
  use.feedsWgmma = true;
  use.allocs.push_back(alloc);
  return true;
}

/// Whether the descriptor load `load` (directly in `forOp`'s body) can
/// become a TMA copy: its block only goes to wgmma through shared memory
/// laid out as the descriptor says (triton-nvidia-optimize-descriptor-
/// encoding arranges that).
std::optional<LoadUse> analyzeDescriptorLoad(DescriptorLoadOp load,
                                             scf::ForOp forOp) {
  if (load->getParentOp() != forOp.getOperation() || load->use_empty())
    return std::nullopt;
  RankedTensorType block = load.getDesc().getType().getBlockType();
  auto type = cast<RankedTensorType>(load.getType());
  if (!block.getEncoding() || block.getRank() != type.getRank())
    return std::nullopt;
  LoadUse use;
  bool direct = llvm::all_of(load->getUsers(), [&](Operation *user) {
    auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
    return alloc && alloc->getBlock() == load->getBlock() &&
           addWgmmaAlloc(alloc, load->getBlock(), use);
  });
  if (direct && use.sharedEncoding == block.getEncoding())
    return use;
  // Otherwise the block is copied in the descriptor's layout and read back
  // to registers, when it still ends up in a tensor-core dot of the body
  // (through shared memory in another layout, a conversion...).
  use = LoadUse();
  use.sharedEncoding = block.getEncoding();
  SmallVector<Value> worklist{load.getResult()};
  llvm::DenseSet<Operation *> seen;
  bool reachesDot = false;
  while (!worklist.empty() && !reachesDot) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (user->getBlock() != load->getBlock() || isa<scf::YieldOp>(user) ||
          !seen.insert(user).second)
        continue;
      if (isTensorCoreDot(user)) {
        reachesDot = true;
        break;
      }
      worklist.append(user->getResults().begin(), user->getResults().end());
    }
  }
  if (!reachesDot)
    return std::nullopt;
  for (Operation *user : load->getUsers()) {
    if (user->getBlock() != load->getBlock() || isa<scf::YieldOp>(user))
      return std::nullopt;
    use.registerUsers.push_back(user);
  }
  return use;
}

/// Whether `load` (directly in `forOp`'s body) can become an asynchronous
/// copy feeding dots, and how its value is used.
std::optional<LoadUse> analyzeLoad(LoadOp load, scf::ForOp forOp) {
  if (load->getParentOp() != forOp.getOperation())
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(load.getType());
  auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!type || !ptrType || !isa<PointerType>(ptrType.getElementType()))
    return std::nullopt;
  auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(type.getEncoding());
  if (!blocked || !isZeroConstant(load.getOther()) || load->use_empty())
    return std::nullopt;
  LoadUse use;
  for (Operation *user : load->getUsers()) {
    if (user->getBlock() != load->getBlock())
      return std::nullopt;
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(user)) {
      if (!addWgmmaAlloc(alloc, load->getBlock(), use))
        return std::nullopt;
      continue;
    }
    if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(user)) {
      auto dstType = cast<RankedTensorType>(cvt.getType());
      auto dotOperand =
          dyn_cast<ttg::DotOperandEncodingAttr>(dstType.getEncoding());
      if (!dotOperand || !isa<ttg::NvidiaMmaEncodingAttr>(dotOperand.getParent()))
        return std::nullopt;
      if (!llvm::all_of(cvt->getUsers(), [&](Operation *u) {
            return isTensorCoreDot(u) && u->getBlock() == load->getBlock();
          }))
        return std::nullopt;
      Attribute enc = ttg::getDotOperandSharedEncoding(
          dotOperand, type.getShape(), ttg::getOrderForMemory(type),
          type.getElementType());
      if (use.sharedEncoding && use.sharedEncoding != enc)
        return std::nullopt;
      use.sharedEncoding = enc;
      use.converts.push_back(cvt);
      continue;
    }
    return std::nullopt;
  }
  // cp.async moves 4, 8 or 16 bytes per thread.
  if (copyRun(type, use.sharedEncoding) * type.getElementTypeBitWidth() < 32)
    return std::nullopt;
  return use;
}

/// Innermost scf.for loops of `module` containing a tensor-core dot.
SmallVector<scf::ForOp> dotLoops(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp forOp) {
    bool nested = false, hasDot = false;
    for (Operation &op : forOp.getBody()->without_terminator()) {
      if (op.getNumRegions() != 0 &&
          op.walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
              .wasInterrupted())
        nested = true;
      if (isTensorCoreDot(&op))
        hasDot = true;
    }
    if (hasDot && !nested)
      loops.push_back(forOp);
  });
  return loops;
}

int numStagesFor(scf::ForOp forOp, int defaultStages) {
  if (auto attr = forOp->getAttrOfType<IntegerAttr>(kNumStagesAttr))
    return attr.getInt();
  return defaultStages;
}

//===----------------------------------------------------------------------===//
// tritongpu-assign-latencies
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Schedules
//===----------------------------------------------------------------------===//

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

  void writeAttributes() {
    Builder b(forOp.getContext());
    for (auto &[op, sc] : of) {
      op->setAttr(kStageAttr, b.getI32IntegerAttr(sc.stage));
      op->setAttr(kClusterAttr, b.getI32IntegerAttr(sc.cluster));
    }
    forOp->setAttr(kMaxStageAttr, b.getI32IntegerAttr(maxStage));
  }

  /// Reads the attributes written by writeAttributes; false if an op of the
  /// body lacks them.
  bool readAttributes() {
    auto max = forOp->getAttrOfType<IntegerAttr>(kMaxStageAttr);
    if (!max)
      return false;
    maxStage = max.getInt();
    for (Operation &op : forOp.getBody()->without_terminator()) {
      auto stage = op.getAttrOfType<IntegerAttr>(kStageAttr);
      auto cluster = op.getAttrOfType<IntegerAttr>(kClusterAttr);
      if (!stage || !cluster)
        return false;
      of[&op] = {(int)stage.getInt(), (int)cluster.getInt()};
    }
    return true;
  }

  /// Values used by `op` or by ops nested in it, defined outside `op`.
  static SmallVector<Value> usedValues(Operation *op) {
    SetVector<Value> used;
    op->walk([&](Operation *inner) {
      for (Value v : inner->getOperands()) {
        Operation *def = v.getDefiningOp();
        Region *defRegion = def ? def->getParentRegion()
                                : cast<BlockArgument>(v).getOwner()->getParent();
        if (!op->isAncestor(defRegion->getParentOp()) ||
            defRegion->getParentOp() == op->getParentOp())
          used.insert(v);
      }
    });
    return used.takeVector();
  }

  /// Checks that every use sees its value: a value from the same
  /// iteration comes from an earlier stage, or from the same stage earlier
  /// in the kernel order; a loop-carried value from no more than one stage
  /// later (then it is read in the same kernel iteration, after it is
  /// computed). Results of the loop must come from the last stage unless
  /// unused, and side effects before the last stage must be maskable.
  /// Descriptor loads may only run in early stages before the pipeliner
  /// turns them into TMA copies (`beforeLowering`).
  LogicalResult verify(bool beforeLowering = true) const {
    for (Operation &op : forOp.getBody()->without_terminator()) {
      StageCluster sc = of.lookup(&op);
      if (sc.stage < maxStage && !isMemoryEffectFree(&op) &&
          !isa<ttg::AsyncCopyGlobalToLocalOp, ttg::AsyncCommitGroupOp,
               ttng::BarrierExpectOp, ttng::AsyncTMACopyGlobalToLocalOp,
               ttng::WaitBarrierOp>(&op) &&
          !(beforeLowering && isa<DescriptorLoadOp>(&op))) {
        // Loads of early stages are masked off past the end: they need a
        // tensor of pointers to carry the mask.
        auto load = dyn_cast<LoadOp>(&op);
        if (!load || !isa<RankedTensorType>(load.getPtr().getType()))
          return failure();
      }
      for (Value v : usedValues(&op)) {
        if (Operation *def = bodyDef(v)) {
          StageCluster dc = of.lookup(def);
          if (dc.stage > sc.stage ||
              (dc.stage == sc.stage && !before(def, &op)))
            return failure();
          continue;
        }
        int k = iterArgNumber(v);
        if (k < 0)
          continue;
        Value y = yielded(k);
        if (y == v)
          continue; // Loop-invariant argument.
        Operation *def = bodyDef(y);
        if (!def)
          return failure(); // The first iteration would see another value.
        StageCluster dc = of.lookup(def);
        int distance = 1 + sc.stage - dc.stage;
        if (distance < 0 || (distance == 0 && !before(def, &op)))
          return failure();
      }
    }
    for (unsigned k = 0; k < forOp.getNumResults(); ++k) {
      if (forOp.getResult(k).use_empty())
        continue;
      Operation *def = bodyDef(yielded(k));
      if (def && of.lookup(def).stage != maxStage)
        return failure();
    }
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tritongpu-schedule-loops
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// tritongpu-pipeline
//===----------------------------------------------------------------------===//

void setStage(Operation *op, int stage, int cluster) {
  Builder b(op->getContext());
  op->setAttr(kStageAttr, b.getI32IntegerAttr(stage));
  op->setAttr(kClusterAttr, b.getI32IntegerAttr(cluster));
}

void clearScheduleAttrs(Operation *op) {
  op->removeAttr(kStageAttr);
  op->removeAttr(kClusterAttr);
  op->removeAttr(kLatencyAttr);
}

Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// `(counter + 1) % modulus`, written as a compare and select.
Value incrementModulo(OpBuilder &b, Location loc, Value counter, int modulus,
                      SmallVectorImpl<Operation *> &created) {
  Value one = constI32(b, loc, 1);
  Value zero = constI32(b, loc, 0);
  Value mod = constI32(b, loc, modulus);
  auto add = arith::AddIOp::create(b, loc, counter, one);
  auto wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, add, mod);
  auto sel = arith::SelectOp::create(b, loc, wrap, zero, add);
  created.append({one.getDefiningOp(), zero.getDefiningOp(),
                  mod.getDefiningOp(), add, wrap, sel});
  return sel;
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

/// Slot counters shared by the loads with one number of buffers: the slot
/// written next, the slot read next and, with TMA loads, the mbarrier
/// phase of the slot read.
struct SlotCounters {
  Value insert, extract, phase;
  bool tma = false;
};

/// A ring of mbarriers, one per buffer slot, completed by the TMA copies
/// of one stage.
struct BarrierRing {
  Value ring;
  int numBuffers;
  SmallVector<AsyncLoad *> loads; // In body order.
};

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
      forOp.emitRemark("loop not pipelined: its schedule (loop.stage, "
                       "loop.cluster) is incomplete or uses values before "
                       "they are computed");
      forOp->walk([](Operation *op) { clearScheduleAttrs(op); });
      forOp->removeAttr(kMaxStageAttr);
      return;
    }
    SmallVector<AsyncLoad> loads = collectLoads(forOp, sched, axisInfo);
    SmallVector<Value> buffers, rings;
    bool cpAsync = llvm::any_of(loads, [](const AsyncLoad &l) { return !l.tma; });
    if (!loads.empty())
      forOp = lowerLoads(forOp, loads, buffers, rings);

    Schedule lowered(forOp);
    if (!lowered.readAttributes() ||
        failed(lowered.verify(/*beforeLowering=*/false))) {
      // A descriptor load left in an early stage, or (cannot happen for
      // schedules that verified before lowering) a use before its
      // definition: keep the (correct, unpipelined) lowered loop.
      forOp->walk([](Operation *op) { clearScheduleAttrs(op); });
      forOp->removeAttr(kMaxStageAttr);
      finishAfterLoop(forOp, buffers, rings, cpAsync, {});
      return;
    }
    scf::ForOp kernel = expand(lowered);
    if (!kernel) {
      signalPassFailure();
      return;
    }
    SmallVector<std::pair<unsigned, Operation *>> asyncDots =
        makeDotsAsync(kernel);
    combineWaits(kernel);
    finishAfterLoop(kernel, buffers, rings, cpAsync, asyncDots);
  }

  static int stageOf(Operation *op) {
    return op->getAttrOfType<IntegerAttr>(kStageAttr).getInt();
  }
  static int clusterOf(Operation *op) {
    return op->getAttrOfType<IntegerAttr>(kClusterAttr).getInt();
  }

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
        std::optional<LoadUse> use = analyzeDescriptorLoad(desc, forOp);
        if (!use)
          continue;
        int loadStage = sched.of.lookup(desc).stage;
        int useStage = useStageOf(*use);
        if (useStage == INT_MAX || useStage <= loadStage)
          continue;
        // One more slot than stages in flight when the asynchronous wgmma
        // reads the slot itself: it may still read the previous one.
        int numBuffers = useStage - loadStage + (use->feedsWgmma ? 1 : 0);
        loads.push_back({desc, *use, numBuffers, 0, Value(), /*tma=*/true});
        continue;
      }
      auto load = dyn_cast<LoadOp>(op);
      if (!load)
        continue;
      std::optional<LoadUse> use = analyzeLoad(load, forOp);
      if (!use)
        continue;
      int loadStage = sched.of.lookup(load).stage;
      int useStage = useStageOf(*use);
      if (useStage == INT_MAX || useStage <= loadStage)
        continue;
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
      loads.push_back({load, *use, numBuffers, contiguity, Value()});
    }
    return loads;
  }

  /// The earliest (stage, cluster) reader of a load's value.
  static Operation *firstUseOf(const AsyncLoad &l) {
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

  /// Replaces each load by an asynchronous copy into a slot of a
  /// multi-buffered allocation, read back after a wait by its users. Loads
  /// with the same number of buffers share loop-carried insert and extract
  /// slot counters (both starting at -1), and a phase (starting at 0) when
  /// some are TMA loads. TMA loads issued in one stage and read in one
  /// stage share a ring of mbarriers (returned in `rings`, also listed in
  /// `buffers`), initialized before the loop.
  scf::ForOp lowerLoads(scf::ForOp forOp, SmallVector<AsyncLoad> &loads,
                        SmallVector<Value> &buffers, SmallVector<Value> &rings) {
    Location loc = forOp.getLoc();
    MLIRContext *ctx = forOp.getContext();
    OpBuilder before(forOp);
    for (AsyncLoad &l : loads) {
      auto type = cast<RankedTensorType>(l.load->getResult(0).getType());
      SmallVector<int64_t> shape{l.numBuffers};
      shape.append(type.getShape().begin(), type.getShape().end());
      auto memType = ttg::MemDescType::get(
          shape, type.getElementType(), l.use.sharedEncoding,
          ttg::SharedMemorySpaceAttr::get(ctx), /*mutableMemory=*/true);
      l.buffer = ttg::LocalAllocOp::create(before, l.load->getLoc(), memType);
      buffers.push_back(l.buffer);
    }

    // TMA loads grouped by buffers, issuing and reading (stage, cluster).
    int maxStage = forOp->getAttrOfType<IntegerAttr>(kMaxStageAttr).getInt();
    std::map<std::tuple<int, int, int, int, int>, BarrierRing> ringOf;
    SmallVector<BarrierRing *> ringOrder;
    for (AsyncLoad &l : loads) {
      if (!l.tma)
        continue;
      Operation *use = firstUseOf(l);
      auto key = std::make_tuple(l.numBuffers, stageOf(l.load),
                                 clusterOf(l.load), stageOf(use),
                                 clusterOf(use));
      auto [it, inserted] = ringOf.try_emplace(key);
      if (inserted)
        ringOrder.push_back(&it->second);
      it->second.numBuffers = l.numBuffers;
      it->second.loads.push_back(&l);
    }
    auto barrierSlotType = [&](ArrayRef<int64_t> shape) {
      auto enc = ttg::SwizzledSharedEncodingAttr::get(
          ctx, 1, 1, 1, {0}, ttg::CGAEncodingAttr::get1CTALayout(ctx, 1));
      return ttg::MemDescType::get(shape, before.getI64Type(), enc,
                                   ttg::SharedMemorySpaceAttr::get(ctx),
                                   /*mutableMemory=*/true);
    };
    for (BarrierRing *ring : ringOrder) {
      Location ringLoc = ring->loads.front()->load->getLoc();
      ring->ring = ttg::LocalAllocOp::create(
          before, ringLoc, barrierSlotType({ring->numBuffers, 1}));
      for (int i = 0; i < ring->numBuffers; ++i) {
        Value slot = ttg::MemDescIndexOp::create(
            before, ringLoc, barrierSlotType({1}), ring->ring,
            constI32(before, ringLoc, i));
        ttng::InitBarrierOp::create(before, ringLoc, slot, 1);
      }
      buffers.push_back(ring->ring);
      rings.push_back(ring->ring);
    }
    Value alwaysTrue;
    if (!ringOrder.empty())
      alwaysTrue = arith::ConstantIntOp::create(before, loc, 1, 1);

    std::map<int, SlotCounters> counters; // numBuffers ->
    SmallVector<int> counterOrder;
    for (AsyncLoad &l : loads) {
      if (!counters.count(l.numBuffers))
        counterOrder.push_back(l.numBuffers);
      counters[l.numBuffers].tma |= l.tma;
    }
    Value minusOne = constI32(before, loc, -1);
    Value zero = ringOrder.empty() ? Value() : constI32(before, loc, 0);
    SmallVector<Value> inits;
    for (int numBuffers : counterOrder) {
      inits.append({minusOne, minusOne});
      if (counters[numBuffers].tma)
        inits.push_back(zero);
    }
    IRRewriter rewriter(forOp);
    unsigned firstNew = forOp.getNumRegionIterArgs();
    DictionaryAttr loopAttrs = forOp->getDiscardableAttrDictionary();
    auto newLoop = cast<scf::ForOp>(*forOp.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>(args.begin(), args.end());
        }));
    forOp = newLoop;
    forOp->setDiscardableAttrs(loopAttrs);
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    OpBuilder body = OpBuilder::atBlockBegin(forOp.getBody());
    unsigned argIdx = firstNew;
    for (int numBuffers : counterOrder) {
      SlotCounters &c = counters[numBuffers];
      BlockArgument ins = forOp.getRegionIterArgs()[argIdx];
      BlockArgument ext = forOp.getRegionIterArgs()[argIdx + 1];
      SmallVector<Operation *> insOps, extOps;
      c.insert = incrementModulo(body, loc, ins, numBuffers, insOps);
      c.extract = incrementModulo(body, loc, ext, numBuffers, extOps);
      if (c.tma) {
        // The phase of the slot read flips each time the reader wraps.
        BlockArgument phase = forOp.getRegionIterArgs()[argIdx + 2];
        Value wrapped = c.extract.getDefiningOp<arith::SelectOp>().getCondition();
        auto flipped = arith::XOrIOp::create(body, loc, phase,
                                             constI32(body, loc, 1));
        auto next = arith::SelectOp::create(body, loc, wrapped, flipped, phase);
        extOps.append({flipped.getRhs().getDefiningOp(), flipped, next});
        c.phase = next;
        yield->setOperand(argIdx + 2, c.phase);
      }
      for (Operation *op : insOps)
        setStage(op, 0, kLoadCluster);
      for (Operation *op : extOps)
        setStage(op, maxStage, kComputeCluster);
      yield->setOperand(argIdx, c.insert);
      yield->setOperand(argIdx + 1, c.extract);
      argIdx += c.tma ? 3 : 2;
    }

    // TMA: the first load of each ring announces the bytes of all its
    // loads on the slot's barrier, and the reader waits there first.
    llvm::DenseMap<Operation *, Value> barrierOf; // load -> slot it fills
    for (BarrierRing *ring : ringOrder) {
      AsyncLoad &first = *ring->loads.front();
      SlotCounters &c = counters[ring->numBuffers];
      Operation *use = firstUseOf(first);
      OpBuilder b(first.load);
      Location l0 = first.load->getLoc();
      auto slotType = barrierSlotType({1});
      auto writeBar = ttg::MemDescIndexOp::create(b, l0, slotType, ring->ring,
                                                  c.insert);
      setStage(writeBar, stageOf(first.load), clusterOf(first.load));
      int64_t bytes = 0;
      for (AsyncLoad *l : ring->loads)
        bytes += cast<RankedTensorType>(l->load->getResult(0).getType())
                     .getNumElements() *
                 cast<ttg::MemDescType>(l->buffer.getType())
                         .getElementTypeBitWidth() /
                 8;
      auto expect = ttng::BarrierExpectOp::create(b, l0, writeBar, bytes,
                                                  alwaysTrue);
      setStage(expect, stageOf(first.load), clusterOf(first.load));
      auto readBar = ttg::MemDescIndexOp::create(b, l0, slotType, ring->ring,
                                                 c.extract);
      setStage(readBar, stageOf(use), clusterOf(use));
      auto wait = ttng::WaitBarrierOp::create(b, l0, readBar, c.phase);
      setStage(wait, stageOf(use), clusterOf(use));
      for (AsyncLoad *l : ring->loads)
        barrierOf[l->load] = writeBar;
    }

    for (AsyncLoad &l : loads) {
      Operation *load = l.load;
      auto [insertIdx, extractIdx] =
          std::make_pair(counters[l.numBuffers].insert,
                         counters[l.numBuffers].extract);
      auto loadSc = std::make_pair(stageOf(load), clusterOf(load));
      Operation *firstUse = firstUseOf(l);
      int useStage = stageOf(firstUse);
      int useCluster = clusterOf(firstUse);

      OpBuilder b(load);
      auto bufType = cast<ttg::MemDescType>(l.buffer.getType());
      auto slotType = ttg::MemDescType::get(
          bufType.getShape().drop_front(), bufType.getElementType(),
          bufType.getEncoding(), bufType.getMemorySpace(),
          /*mutableMemory=*/true);
      auto view = ttg::MemDescIndexOp::create(b, load->getLoc(), slotType,
                                              l.buffer, insertIdx);
      setStage(view, loadSc.first, loadSc.second);
      Value waitToken;
      if (l.tma) {
        auto desc = cast<DescriptorLoadOp>(load);
        auto copy = ttng::AsyncTMACopyGlobalToLocalOp::create(
            b, load->getLoc(), desc.getDesc(), desc.getIndices(),
            barrierOf[load], view, alwaysTrue, desc.getCache(),
            desc.getEvict());
        setStage(copy, loadSc.first, loadSc.second);
      } else {
        auto ld = cast<LoadOp>(load);
        auto copy = ttg::AsyncCopyGlobalToLocalOp::create(
            b, load->getLoc(), ttg::AsyncTokenType::get(ctx), ld.getPtr(),
            view, ld.getMask(), ld.getOther(), ld.getCacheAttr(),
            ld.getEvictAttr(), ld.getIsVolatileAttr(),
            b.getI32IntegerAttr(l.contiguity));
        setStage(copy, loadSc.first, loadSc.second);
        auto commit = ttg::AsyncCommitGroupOp::create(
            b, load->getLoc(), ttg::AsyncTokenType::get(ctx),
            ValueRange{copy.getToken()});
        setStage(commit, loadSc.first, loadSc.second);
        auto wait = ttg::AsyncWaitOp::create(b, load->getLoc(),
                                             ttg::AsyncTokenType::get(ctx),
                                             ValueRange{commit.getResult()},
                                             b.getI32IntegerAttr(0));
        setStage(wait, useStage, useCluster);
        waitToken = wait.getResult();
      }
      auto readView = ttg::MemDescIndexOp::create(b, load->getLoc(), slotType,
                                                  l.buffer, extractIdx);
      setStage(readView, useStage, useCluster);
      for (auto alloc : l.use.allocs) {
        alloc.getResult().replaceAllUsesWith(readView.getResult());
        alloc.erase();
      }
      for (auto cvt : l.use.converts) {
        auto local = ttg::LocalLoadOp::create(b, cvt.getLoc(), cvt.getType(),
                                              readView, waitToken);
        setStage(local, stageOf(cvt), clusterOf(cvt));
        cvt.getResult().replaceAllUsesWith(local.getResult());
        cvt.erase();
      }
      if (!l.use.registerUsers.empty()) {
        auto local = ttg::LocalLoadOp::create(
            b, load->getLoc(), load->getResult(0).getType(), readView);
        setStage(local, useStage, useCluster);
        load->getResult(0).replaceAllUsesWith(local.getResult());
      }
      load->erase();
    }
    return forOp;
  }

  /// Emits the prologue and the pipelined loop for a lowered, scheduled
  /// loop and erases the original.
  scf::ForOp expand(Schedule &s) {
    scf::ForOp forOp = s.forOp;
    const int n = s.maxStage;
    Location loc = forOp.getLoc();
    Block *body = forOp.getBody();
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound(),
          step = forOp.getStep();
    Value iv = forOp.getInductionVar();
    bool unsignedCmp = forOp.getUnsignedCmp();
    auto lessThan = unsignedCmp ? arith::CmpIPredicate::ult
                                : arith::CmpIPredicate::slt;

    // Body ops in kernel order.
    SmallVector<Operation *> ordered;
    for (Operation &op : body->without_terminator())
      ordered.push_back(&op);
    llvm::stable_sort(ordered, [&](Operation *a, Operation *b) {
      return s.of.lookup(a).cluster < s.of.lookup(b).cluster;
    });

    // --- Prologue: step i runs stage st of iteration i - st.
    OpBuilder b(forOp);
    SmallVector<IRMapping> iter(n);
    SmallVector<Value> preds(n);
    auto valueIn = [&](Value v, int j, auto &&self) -> Value {
      // The value `v` (a body value or iteration argument) has in original
      // iteration j; j = -1 is before the loop.
      if (Operation *def = s.bodyDef(v)) {
        (void)def;
        return iter[j].lookupOrNull(v);
      }
      int k = s.iterArgNumber(v);
      if (k < 0)
        return v;
      Value y = s.yielded(k);
      if (j == 0 || y == v)
        return forOp.getInitArgs()[k];
      return self(y, j - 1, self);
    };
    for (int i = 0; i < n; ++i) {
      Value ivI = lb;
      if (i > 0) {
        Value c = arith::ConstantOp::create(
            b, loc, b.getIntegerAttr(iv.getType(), i));
        ivI = arith::AddIOp::create(
            b, loc, lb, arith::MulIOp::create(b, loc, step, c));
      }
      iter[i].map(iv, ivI);
      preds[i] = arith::CmpIOp::create(b, loc, lessThan, ivI, ub);
      for (Operation *op : ordered) {
        int st = s.of.lookup(op).stage;
        if (st > i)
          continue;
        int j = i - st;
        for (Value v : Schedule::usedValues(op))
          if (s.iterArgNumber(v) >= 0)
            iter[j].map(v, valueIn(v, j, valueIn));
        Operation *clone = b.clone(*op, iter[j]);
        clone->walk([](Operation *o) { clearScheduleAttrs(o); });
        predicate(b, clone, preds[j]);
      }
    }

    // --- Kernel loop arguments: each original argument carries its yielded
    // value one iteration; values read `d > 1` iterations (or stages) later
    // get `d - 1` more arguments (oldest first).
    struct Chain {
      Value value;             // Body value carried.
      int length = 0;          // Iterations it must survive.
      int original = -1;       // Original argument carrying it (distance 1).
      SmallVector<unsigned> args; // Kernel argument per distance 1..length.
    };
    llvm::MapVector<Value, Chain> chains;
    auto need = [&](Value v, int d) {
      Chain &c = chains[v];
      c.value = v;
      c.length = std::max(c.length, d);
    };
    for (unsigned k = 0; k < forOp.getNumRegionIterArgs(); ++k) {
      Value y = s.yielded(k);
      if (s.bodyDef(y)) {
        need(y, 1);
        if (chains[y].original < 0)
          chains[y].original = k;
      }
    }
    auto distanceOf = [&](Operation *op, Value v) -> std::pair<Value, int> {
      int st = s.of.lookup(op).stage;
      if (Operation *def = s.bodyDef(v))
        return {v, st - s.of.lookup(def).stage};
      int k = s.iterArgNumber(v);
      if (k < 0)
        return {Value(), 0};
      Value y = s.yielded(k);
      Operation *def = s.bodyDef(y);
      if (!def)
        return {Value(), 0};
      return {y, 1 + st - s.of.lookup(def).stage};
    };
    for (Operation *op : ordered)
      for (Value v : Schedule::usedValues(op)) {
        auto [carried, d] = distanceOf(op, v);
        if (carried && d >= 1)
          need(carried, d);
      }

    // Initial values: the carried value of kernel iteration -t, i.e. of
    // original iteration n - stage - t.
    SmallVector<Value> inits;
    unsigned numOriginal = forOp.getNumRegionIterArgs();
    for (unsigned k = 0; k < numOriginal; ++k) {
      Value y = s.yielded(k);
      if (!s.bodyDef(y)) {
        inits.push_back(forOp.getInitArgs()[k]);
        continue;
      }
      inits.push_back(Value()); // Filled below.
    }
    auto initialValue = [&](Chain &c, int t) -> Value {
      int stage = s.of.lookup(c.value.getDefiningOp()).stage;
      int j = n - stage - t;
      if (j >= 0)
        return iter[j].lookupOrNull(c.value);
      // Before the first iteration: the value the loop starts from.
      for (unsigned k = 0; k < numOriginal; ++k)
        if (s.yielded(k) == c.value)
          return forOp.getInitArgs()[k];
      return Value();
    };
    for (auto &[v, c] : chains) {
      c.args.assign(c.length + 1, ~0u);
      if (c.original >= 0) {
        c.args[1] = c.original;
        inits[c.original] = initialValue(c, 1);
      }
    }
    for (unsigned k = 0; k < numOriginal; ++k)
      if (!inits[k])
        inits[k] = initialValue(chains[s.yielded(k)], 1);
    for (auto &[v, c] : chains) {
      for (int t = c.length; t >= 1; --t) {
        if (c.args[t] != ~0u)
          continue;
        c.args[t] = inits.size();
        inits.push_back(initialValue(c, t));
      }
    }
    if (llvm::any_of(inits, [](Value v) { return !v; })) {
      // A value needed from before the loop that nothing provides: the
      // verified schedules never ask for one.
      forOp.emitError("software pipelining needs a value before the loop");
      return scf::ForOp();
    }

    // --- The kernel loop.
    auto kernel = scf::ForOp::create(b, loc, lb, ub, step, inits);
    kernel.setUnsignedCmp(unsignedCmp);
    Block *kbody = kernel.getBody();
    OpBuilder kb = OpBuilder::atBlockBegin(kbody);
    if (!kbody->empty())
      kb.setInsertionPoint(kbody->getTerminator());
    Value kiv = kernel.getInductionVar();
    // Stage predicates: iteration iv + (n - st) * step is still in range.
    SmallVector<Value> stagePred(n + 1);
    for (int st = 0; st < n; ++st) {
      Value c = arith::ConstantOp::create(
          kb, loc, kb.getIntegerAttr(iv.getType(), n - st));
      Value last = arith::SubIOp::create(
          kb, loc, ub, arith::MulIOp::create(kb, loc, step, c));
      stagePred[st] = arith::CmpIOp::create(kb, loc, lessThan, kiv, last);
    }
    SmallVector<Value> stageIv(n + 1);
    stageIv[n] = kiv;
    IRMapping current; // Body value -> its clone in this kernel iteration.
    auto kernelArg = [&](unsigned idx) { return kernel.getRegionIterArgs()[idx]; };
    for (Operation *op : ordered) {
      int st = s.of.lookup(op).stage;
      IRMapping m;
      SmallVector<Value> used = Schedule::usedValues(op);
      if (!stageIv[st] && llvm::is_contained(used, iv)) {
        Value c = arith::ConstantOp::create(
            kb, loc, kb.getIntegerAttr(iv.getType(), n - st));
        stageIv[st] = arith::AddIOp::create(
            kb, loc, kiv, arith::MulIOp::create(kb, loc, step, c));
      }
      if (stageIv[st])
        m.map(iv, stageIv[st]);
      for (Value v : used) {
        if (v == iv)
          continue;
        auto [carried, d] = distanceOf(op, v);
        if (!carried) {
          int k = s.iterArgNumber(v);
          if (k >= 0)
            m.map(v, kernelArg(k)); // Invariant argument: passes through.
          continue;
        }
        if (d == 0)
          m.map(v, current.lookupOrNull(carried));
        else
          m.map(v, kernelArg(chains[carried].args[d]));
      }
      Operation *clone = kb.clone(*op, m);
      clone->walk([](Operation *o) { clearScheduleAttrs(o); });
      for (auto [o, r] : llvm::zip(op->getResults(), clone->getResults()))
        current.map(o, r);
      if (st < n)
        predicate(kb, clone, stagePred[st]);
    }
    SmallVector<Value> yields(inits.size());
    for (unsigned k = 0; k < numOriginal; ++k)
      yields[k] = s.bodyDef(s.yielded(k)) ? current.lookupOrNull(s.yielded(k))
                                          : kernelArg(k);
    for (auto &[v, c] : chains) {
      yields[c.args[1]] = current.lookup(v);
      for (int t = 2; t <= c.length; ++t)
        yields[c.args[t]] = kernelArg(c.args[t - 1]);
    }
    if (!kbody->empty() && isa<scf::YieldOp>(kbody->back()))
      kbody->back().erase();
    OpBuilder end = OpBuilder::atBlockEnd(kbody);
    scf::YieldOp::create(end, loc, yields);

    for (unsigned k = 0; k < numOriginal; ++k)
      forOp.getResult(k).replaceAllUsesWith(kernel.getResult(k));
    forOp.erase();
    updateWaitCounts(kernel);
    return kernel;
  }

  /// Makes `op` (a clone running for an iteration that may be past the
  /// end) do nothing when `pred` is false.
  void predicate(OpBuilder &b, Operation *op, Value pred) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(op);
    auto withPred = [&](Value mask, Type ptrType) -> Value {
      auto shaped = cast<RankedTensorType>(ptrType);
      auto maskType = RankedTensorType::get(
          shaped.getShape(), b.getI1Type(), shaped.getEncoding());
      Value splat = SplatOp::create(b, op->getLoc(), maskType, pred);
      if (!mask)
        return splat;
      return arith::AndIOp::create(b, op->getLoc(), splat, mask);
    };
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      copy.getMaskMutable().assign(
          withPred(copy.getMask(), copy.getSrc().getType()));
      return;
    }
    if (auto load = dyn_cast<LoadOp>(op)) {
      if (isa<RankedTensorType>(load.getPtr().getType()))
        load.getMaskMutable().assign(
            withPred(load.getMask(), load.getPtr().getType()));
      return;
    }
    // TMA and mbarrier ops take a scalar predicate.
    auto andPred = [&](Value current) -> Value {
      if (!current || matchPattern(current, m_One()))
        return pred;
      return arith::AndIOp::create(b, op->getLoc(), pred, current);
    };
    if (auto expect = dyn_cast<ttng::BarrierExpectOp>(op)) {
      expect.getPredMutable().assign(andPred(expect.getPred()));
      return;
    }
    if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op)) {
      copy.getPredMutable().assign(andPred(copy.getPred()));
      return;
    }
    if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
      wait.getPredMutable().assign(andPred(wait.getPred()));
      return;
    }
  }

  /// Sets each asynchronous wait of the loop to the number of copy groups
  /// that may still be pending: those committed after the awaited ones,
  /// counting around the loop.
  void updateWaitCounts(scf::ForOp kernel) {
    Block *body = kernel.getBody();
    SmallVector<Operation *> commits;
    llvm::DenseMap<Operation *, unsigned> index;
    unsigned i = 0;
    for (Operation &op : body->without_terminator()) {
      index[&op] = i++;
      if (isa<ttg::AsyncCommitGroupOp>(op))
        commits.push_back(&op);
    }
    auto commitsAfter = [&](Operation *a) {
      return llvm::count_if(commits, [&](Operation *c) {
        return index[c] > index[a];
      });
    };
    auto commitsBefore = [&](Operation *a) {
      return llvm::count_if(commits, [&](Operation *c) {
        return index[c] < index[a];
      });
    };
    auto yield = body->getTerminator();
    for (auto wait : body->getOps<ttg::AsyncWaitOp>()) {
      std::optional<unsigned> pending;
      for (Value token : wait.getAsyncToken()) {
        unsigned hops = 0;
        Value v = token;
        while (auto arg = dyn_cast<BlockArgument>(v)) {
          if (arg.getOwner() != body || arg.getArgNumber() == 0)
            break;
          v = yield->getOperand(arg.getArgNumber() - 1);
          ++hops;
        }
        Operation *commit = v.getDefiningOp<ttg::AsyncCommitGroupOp>();
        if (!commit || commit->getBlock() != body)
          continue;
        unsigned count =
            hops == 0
                ? commitsBefore(wait) - commitsBefore(commit) - 1
                : commitsAfter(commit) + (hops - 1) * commits.size() +
                      commitsBefore(wait);
        pending = pending ? std::min(*pending, count) : count;
      }
      if (pending)
        wait.setNum(*pending);
    }
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
      Block *block = def ? def->getBlock()
                         : cast<BlockArgument>(v).getOwner();
      if (block != at->getBlock())
        return block->getParentOp()->isProperAncestor(at);
      return !def || def->isBeforeInBlock(at);
    };
    for (ttg::AsyncWaitOp first : waits) {
      if (merged.contains(first))
        continue;
      SmallVector<Value> tokens(first.getAsyncToken());
      uint32_t num = first.getNum();
      for (Operation *op = first->getNextNode(); op && !isa<ttg::AsyncCommitGroupOp>(op);) {
        Operation *next = op->getNextNode();
        auto wait = dyn_cast<ttg::AsyncWaitOp>(op);
        if (wait && llvm::all_of(wait.getAsyncToken(), [&](Value t) {
              return availableAt(t, first);
            })) {
          tokens.append(wait.getAsyncToken().begin(),
                        wait.getAsyncToken().end());
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

  /// Makes each wgmma whose accumulator only goes to the next iteration
  /// asynchronous: a `ttng.warp_group_dot_wait` right after it lets one dot
  /// stay in flight (none when an operand is rewritten every iteration).
  /// Returns the (loop result number, dot) pairs left in flight.
  SmallVector<std::pair<unsigned, Operation *>> makeDotsAsync(scf::ForOp kernel) {
    SmallVector<std::pair<unsigned, Operation *>> asyncDots;
    Block *body = kernel.getBody();
    auto yield = body->getTerminator();
    SmallVector<ttng::WarpGroupDotOp> candidates, waitedAtOnce;
    for (auto dot : body->getOps<ttng::WarpGroupDotOp>()) {
      auto acc = dyn_cast<BlockArgument>(dot.getC());
      if (!acc || acc.getOwner() != body || acc.getArgNumber() == 0 ||
          !acc.hasOneUse())
        continue;
      unsigned k = acc.getArgNumber() - 1;
      if (!dot.getResult().hasOneUse() ||
          yield->getOperand(k) != dot.getResult())
        continue;
      // While the dot runs on, the next iteration must not overwrite what
      // it reads: only loop-invariant buffers and slots of the pipeline's
      // buffers (which have a spare slot for this) qualify.
      auto stable = [&](Value operand) {
        if (!isa<ttg::MemDescType>(operand.getType()))
          return true; // Registers.
        if (!kernel->isAncestor(operand.getParentRegion()->getParentOp()))
          return true;
        auto slot = operand.getDefiningOp<ttg::MemDescIndexOp>();
        return slot && !kernel->isAncestor(
                           slot.getSrc().getParentRegion()->getParentOp());
      };
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
          type.getShape().drop_front(), type.getElementType(),
          type.getEncoding(), type.getMemorySpace(), /*mutableMemory=*/true);
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
};

} // namespace
