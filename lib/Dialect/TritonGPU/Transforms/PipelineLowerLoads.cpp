//===- PipelineLowerLoads.cpp - loads as async copies -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The first step of tritongpu-pipeline (Pipeline.h): each scheduled load
// becomes an asynchronous copy into a slot of a multi-buffered allocation.
// `tt.load` becomes a cp.async copy, committed as a group and waited for by
// its readers; `tt.descriptor_load` becomes a TMA copy, and the copies of
// one stage share a ring of mbarriers, one per buffer slot, that expects
// their bytes; the reader waits on the slot's barrier with the phase the
// ring has reached. The new ops get the stage and cluster of the load (the
// copies) or of its first reader (the waits and reads).
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/PatternMatch.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// `(counter + 1) % modulus`, written as a compare and select.
Value incrementModulo(OpBuilder &b, Location loc, Value counter, int modulus,
                      SmallVectorImpl<Operation *> &created) {
  Value one = constI32(b, loc, 1);
  Value zero = constI32(b, loc, 0);
  Value mod = constI32(b, loc, modulus);
  auto add = arith::AddIOp::create(b, loc, counter, one);
  auto wrap =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, add, mod);
  auto sel = arith::SelectOp::create(b, loc, wrap, zero, add);
  created.append({one.getDefiningOp(), zero.getDefiningOp(),
                  mod.getDefiningOp(), add, wrap, sel});
  return sel;
}

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

/// The lowering of the loads of one loop, step by step (see lowerLoads).
class LoadLowering {
public:
  LoadLowering(scf::ForOp forOp, SmallVectorImpl<AsyncLoad> &loads,
               SmallVectorImpl<Value> &buffers, SmallVectorImpl<Value> &rings)
      : forOp(forOp), loads(loads), buffers(buffers), rings(rings),
        loc(forOp.getLoc()), ctx(forOp.getContext()), before(forOp) {}

  scf::ForOp run() {
    allocateBuffers();
    groupIntoRings();
    allocateRings();
    if (!ringOrder.empty())
      alwaysTrue = arith::ConstantIntOp::create(before, loc, 1, 1);
    addSlotCounters();
    expectAndWaitOnBarriers();
    for (AsyncLoad &l : loads)
      lowerLoad(l);
    return forOp;
  }

private:
  /// One multi-buffered allocation per load, before the loop.
  void allocateBuffers() {
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
  }

  /// TMA loads grouped by buffers, issuing and reading (stage, cluster).
  void groupIntoRings() {
    for (AsyncLoad &l : loads) {
      if (!l.tma)
        continue;
      Operation *use = firstUseOf(l);
      auto key =
          std::make_tuple(l.numBuffers, stageOf(l.load), clusterOf(l.load),
                          stageOf(use), clusterOf(use));
      auto [it, inserted] = ringOf.try_emplace(key);
      if (inserted)
        ringOrder.push_back(&it->second);
      it->second.numBuffers = l.numBuffers;
      it->second.loads.push_back(&l);
    }
  }

  ttg::MemDescType barrierSlotType(ArrayRef<int64_t> shape) {
    auto enc = ttg::SwizzledSharedEncodingAttr::get(
        ctx, 1, 1, 1, {0}, ttg::CGAEncodingAttr::get1CTALayout(ctx, 1));
    return ttg::MemDescType::get(shape, before.getI64Type(), enc,
                                 ttg::SharedMemorySpaceAttr::get(ctx),
                                 /*mutableMemory=*/true);
  }

  /// The mbarriers of each ring, allocated and initialized before the loop.
  void allocateRings() {
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
  }

  /// Rebuilds the loop with the insert, extract (and phase) counters of
  /// each number of buffers as iteration arguments, advanced at the top of
  /// the body: the insert counters in the loads' stage, the others in the
  /// last stage.
  void addSlotCounters() {
    int maxStage = forOp->getAttrOfType<IntegerAttr>(kMaxStageAttr).getInt();
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
        Value wrapped =
            c.extract.getDefiningOp<arith::SelectOp>().getCondition();
        auto flipped =
            arith::XOrIOp::create(body, loc, phase, constI32(body, loc, 1));
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
  }

  /// TMA: the first load of each ring announces the bytes of all its
  /// loads on the slot's barrier, and the reader waits there first.
  void expectAndWaitOnBarriers() {
    for (BarrierRing *ring : ringOrder) {
      AsyncLoad &first = *ring->loads.front();
      SlotCounters &c = counters[ring->numBuffers];
      Operation *use = firstUseOf(first);
      OpBuilder b(first.load);
      Location l0 = first.load->getLoc();
      auto slotType = barrierSlotType({1});
      auto writeBar =
          ttg::MemDescIndexOp::create(b, l0, slotType, ring->ring, c.insert);
      setStage(writeBar, stageOf(first.load), clusterOf(first.load));
      int64_t bytes = 0;
      for (AsyncLoad *l : ring->loads)
        bytes += cast<RankedTensorType>(l->load->getResult(0).getType())
                     .getNumElements() *
                 cast<ttg::MemDescType>(l->buffer.getType())
                     .getElementTypeBitWidth() /
                 8;
      auto expect =
          ttng::BarrierExpectOp::create(b, l0, writeBar, bytes, alwaysTrue);
      setStage(expect, stageOf(first.load), clusterOf(first.load));
      auto readBar =
          ttg::MemDescIndexOp::create(b, l0, slotType, ring->ring, c.extract);
      setStage(readBar, stageOf(use), clusterOf(use));
      auto wait = ttng::WaitBarrierOp::create(b, l0, readBar, c.phase);
      setStage(wait, stageOf(use), clusterOf(use));
      for (AsyncLoad *l : ring->loads)
        barrierOf[l->load] = writeBar;
    }
  }

  /// Replaces `l.load` by its copy into the insert slot, and its users'
  /// values by reads of the extract slot.
  void lowerLoad(AsyncLoad &l) {
    Operation *load = l.load;
    auto [insertIdx, extractIdx] = std::make_pair(
        counters[l.numBuffers].insert, counters[l.numBuffers].extract);
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
          b, load->getLoc(), desc.getDesc(), desc.getIndices(), barrierOf[load],
          view, alwaysTrue, desc.getCache(), desc.getEvict());
      setStage(copy, loadSc.first, loadSc.second);
    } else {
      auto ld = cast<LoadOp>(load);
      auto copy = ttg::AsyncCopyGlobalToLocalOp::create(
          b, load->getLoc(), ttg::AsyncTokenType::get(ctx), ld.getPtr(), view,
          ld.getMask(), ld.getOther(), ld.getCacheAttr(), ld.getEvictAttr(),
          ld.getIsVolatileAttr(), b.getI32IntegerAttr(l.contiguity));
      setStage(copy, loadSc.first, loadSc.second);
      auto commit = ttg::AsyncCommitGroupOp::create(
          b, load->getLoc(), ttg::AsyncTokenType::get(ctx),
          ValueRange{copy.getToken()});
      setStage(commit, loadSc.first, loadSc.second);
      auto wait = ttg::AsyncWaitOp::create(
          b, load->getLoc(), ttg::AsyncTokenType::get(ctx),
          ValueRange{commit.getResult()}, b.getI32IntegerAttr(0));
      setStage(wait, useStage, useCluster);
      waitToken = wait.getResult();
    }
    auto readView = ttg::MemDescIndexOp::create(b, load->getLoc(), slotType,
                                                l.buffer, extractIdx);
    setStage(readView, useStage, useCluster);
    replaceUses(l, b, readView, waitToken, useStage, useCluster);
    load->erase();
  }

  /// Points the users of `l`'s value at `readView`: the wgmma operands
  /// directly, the conversions and register users through local loads.
  void replaceUses(AsyncLoad &l, OpBuilder &b, Value readView, Value waitToken,
                   int useStage, int useCluster) {
    Operation *load = l.load;
    auto slotType = cast<ttg::MemDescType>(readView.getType());
    for (auto alloc : l.use.allocs) {
      SmallVector<ttg::MemDescTransOp> views;
      for (Operation *u : alloc->getUsers())
        if (auto view = dyn_cast<ttg::MemDescTransOp>(u))
          views.push_back(view);
      alloc.getResult().replaceAllUsesWith(readView);
      alloc.erase();
      // A transposed view now looks at the (mutable) slot.
      for (ttg::MemDescTransOp view : views) {
        auto type = view.getType();
        view.getResult().setType(ttg::MemDescType::get(
            type.getShape(), type.getElementType(), type.getEncoding(),
            type.getMemorySpace(), slotType.getMutableMemory()));
      }
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
  }

  scf::ForOp forOp;
  SmallVectorImpl<AsyncLoad> &loads;
  SmallVectorImpl<Value> &buffers;
  SmallVectorImpl<Value> &rings;
  Location loc;
  MLIRContext *ctx;
  /// Inserts before the original loop (used until it is rebuilt).
  OpBuilder before;

  std::map<std::tuple<int, int, int, int, int>, BarrierRing> ringOf;
  SmallVector<BarrierRing *> ringOrder;
  Value alwaysTrue;
  std::map<int, SlotCounters> counters; // numBuffers ->
  SmallVector<int> counterOrder;
  llvm::DenseMap<Operation *, Value> barrierOf; // load -> slot it fills
};

} // namespace

scf::ForOp mlir::triton::gpu::pipeline::lowerLoads(
    scf::ForOp forOp, SmallVectorImpl<AsyncLoad> &loads,
    SmallVectorImpl<Value> &buffers, SmallVectorImpl<Value> &rings) {
  return LoadLowering(forOp, loads, buffers, rings).run();
}
