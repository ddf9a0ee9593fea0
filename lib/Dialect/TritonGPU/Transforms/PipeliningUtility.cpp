//===- PipeliningUtility.cpp - shared by the pipeliner ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "PipeliningUtility.h"

#include "tt/Dialect/TritonGPU/Transforms/DotOperandLayouts.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace mlir::triton::gpu::pipeline {

bool isTensorCoreDot(Operation *op) {
  if (isa<ttng::WarpGroupDotOp>(op))
    return true;
  if (auto dot = dyn_cast<DotOp>(op))
    return isa_and_nonnull<ttg::MmaEncodingTrait>(
        cast<RankedTensorType>(dot.getType()).getEncoding());
  return false;
}

/// Stores `reason` in `why` (when given) and returns no use: the analyses'
/// verdicts explain themselves in the passes' debug output.
static std::optional<LoadUse> notPipelinable(StringRef *why,
                                             StringRef reason) {
  if (why)
    *why = reason;
  return std::nullopt;
}

/// Whether `v` is absent or a zero constant (scalar or splat).
static bool isZeroConstant(Value v) {
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

/// Whether every user of `v` is a wgmma of `block` reading it as operand A
/// or B.
static bool onlyWgmmaOperand(Value v, Block *block) {
  return !v.use_empty() && llvm::all_of(v.getUsers(), [&](Operation *u) {
    return isa<ttng::WarpGroupDotOp>(u) && u->getBlock() == block &&
           cast<ttng::WarpGroupDotOp>(u).getC() != v;
  });
}

/// Records `alloc` (a user of a loaded value in `block`) in `use` if it
/// only makes wgmma operands (A or B) in the same block, directly or
/// through a transposed view (`tl.trans(k)` in flex attention's templates:
/// the slot is then read through the view).
static bool addWgmmaAlloc(ttg::LocalAllocOp alloc, Block *block, LoadUse &use) {
  if (alloc->use_empty() || !llvm::all_of(alloc->getUsers(), [&](Operation *u) {
        if (auto view = dyn_cast<ttg::MemDescTransOp>(u))
          return u->getBlock() == block &&
                 onlyWgmmaOperand(view.getResult(), block);
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

/// Whether a value of `op` (in a loop body) flows into a tensor-core dot of
/// the same body, through any ops of the body (within one iteration).
static bool reachesTensorCoreDot(Operation *op) {
  SmallVector<Value> worklist(op->getResults().begin(), op->getResults().end());
  llvm::DenseSet<Operation *> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (user->getBlock() != op->getBlock() || isa<scf::YieldOp>(user) ||
          !seen.insert(user).second)
        continue;
      if (isTensorCoreDot(user))
        return true;
      worklist.append(user->getResults().begin(), user->getResults().end());
    }
  }
  return false;
}

std::optional<LoadUse> analyzeDescriptorLoad(DescriptorLoadOp load,
                                             scf::ForOp forOp,
                                             StringRef *why) {
  if (load->getParentOp() != forOp.getOperation())
    return notPipelinable(why, "not directly in the loop body");
  if (load->use_empty())
    return notPipelinable(why, "unused");
  RankedTensorType block = load.getDesc().getType().getBlockType();
  auto type = cast<RankedTensorType>(load.getType());
  if (!block.getEncoding())
    return notPipelinable(why, "its descriptor's block has no shared layout");
  if (block.getRank() != type.getRank())
    return notPipelinable(why, "its descriptor's block has another rank");
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
  if (!reachesTensorCoreDot(load))
    return notPipelinable(why, "its block reaches no tensor-core dot of the "
                               "loop body");
  for (Operation *user : load->getUsers()) {
    if (user->getBlock() != load->getBlock() || isa<scf::YieldOp>(user))
      return notPipelinable(why, "its block is used outside the loop body "
                                 "or carried to the next iteration");
    use.registerUsers.push_back(user);
  }
  return use;
}

/// The direct uses of a pipelinable load: wgmma operand buffers and
/// conversions to mma.sync operands only (the tile then goes from global
/// to shared memory and on to the dots without a round trip).
static std::optional<LoadUse>
analyzeDotOperandLoad(LoadOp load, RankedTensorType type, StringRef *why) {
  LoadUse use;
  for (Operation *user : load->getUsers()) {
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(user)) {
      if (!addWgmmaAlloc(alloc, load->getBlock(), use))
        return notPipelinable(why, "stored to shared memory for something "
                                   "else than wgmma operands, or in "
                                   "another layout");
      continue;
    }
    if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(user)) {
      auto dstType = cast<RankedTensorType>(cvt.getType());
      auto dotOperand =
          dyn_cast<ttg::DotOperandEncodingAttr>(dstType.getEncoding());
      if (!dotOperand ||
          !isa<ttg::NvidiaMmaEncodingAttr>(dotOperand.getParent()))
        return notPipelinable(why, "converted to a layout that is no "
                                   "operand of an NVIDIA MMA dot");
      if (!llvm::all_of(cvt->getUsers(), [&](Operation *u) {
            return isTensorCoreDot(u) && u->getBlock() == load->getBlock();
          }))
        return notPipelinable(why, "its dot-operand conversion feeds "
                                   "something else than tensor-core dots "
                                   "of the loop body");
      Attribute enc = ttg::getDotOperandSharedEncoding(
          dotOperand, type.getShape(), ttg::getOrderForMemory(type),
          type.getElementType());
      if (use.sharedEncoding && use.sharedEncoding != enc)
        return notPipelinable(why, "its users need different shared "
                                   "layouts");
      use.sharedEncoding = enc;
      use.converts.push_back(cvt);
      continue;
    }
    return notPipelinable(why, "a user is neither a wgmma operand buffer "
                               "nor a conversion to a dot operand");
  }
  // cp.async moves 4, 8 or 16 bytes per thread.
  if (copyRun(type, use.sharedEncoding) * type.getElementTypeBitWidth() < 32)
    return notPipelinable(why, "cp.async would copy less than 4 contiguous "
                               "bytes per thread");
  return use;
}

std::optional<LoadUse> analyzeLoad(LoadOp load, scf::ForOp forOp,
                                   StringRef *why) {
  if (load->getParentOp() != forOp.getOperation())
    return notPipelinable(why, "not directly in the loop body");
  auto type = dyn_cast<RankedTensorType>(load.getType());
  auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!type || !ptrType || !isa<PointerType>(ptrType.getElementType()))
    return notPipelinable(why, "not a load of a tensor of pointers");
  auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(type.getEncoding());
  if (!blocked)
    return notPipelinable(why, "its layout is not blocked");
  if (!isZeroConstant(load.getOther()))
    return notPipelinable(why, "its `other` value is not zero (cp.async "
                               "fills masked elements with zeros)");
  if (load->use_empty())
    return notPipelinable(why, "unused");
  for (Operation *user : load->getUsers())
    if (user->getBlock() != load->getBlock())
      return notPipelinable(why, "used outside the loop body");
  StringRef direct;
  if (std::optional<LoadUse> use = analyzeDotOperandLoad(load, type, &direct))
    return use;
  // Otherwise the tile is copied to a buffer and read back to registers
  // for its users, when it still feeds a tensor-core dot of the body
  // (attention's backward: the row statistics of the softmax, a tile also
  // used transposed, ...): the copy then overlaps the dots of earlier
  // iterations as the operands' copies do.
  if (!reachesTensorCoreDot(load))
    return notPipelinable(why, direct);
  LoadUse use;
  for (Operation *user : load->getUsers()) {
    if (isa<scf::YieldOp>(user))
      return notPipelinable(why, "carried to the next iteration");
    auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
    if (!alloc || !addWgmmaAlloc(alloc, load->getBlock(), use))
      use.registerUsers.push_back(user);
  }
  if (!use.sharedEncoding)
    use.sharedEncoding = ttg::SwizzledSharedEncodingAttr::get(
        load.getContext(), 1, 1, 1, blocked.getOrder(), blocked.getCGALayout());
  if (copyRun(type, use.sharedEncoding) * type.getElementTypeBitWidth() < 32)
    return notPipelinable(why, "cp.async would copy less than 4 contiguous "
                               "bytes per thread");
  return use;
}

SmallVector<scf::ForOp>
dotLoops(ModuleOp module,
         SmallVectorImpl<std::pair<scf::ForOp, StringRef>> *skipped) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp forOp) {
    bool nested = false, hasDot = false;
    for (Operation &op : forOp.getBody()->without_terminator()) {
      if (op.getNumRegions() != 0 && op.walk([](LoopLikeOpInterface) {
                                         return WalkResult::interrupt();
                                       }).wasInterrupted())
        nested = true;
      if (isTensorCoreDot(&op))
        hasDot = true;
    }
    if (hasDot && !nested)
      loops.push_back(forOp);
    else if (skipped)
      skipped->push_back(
          {forOp, nested ? "not innermost" : "no tensor-core dot in its body"});
  });
  return loops;
}

int numStagesFor(scf::ForOp forOp, int defaultStages) {
  if (auto attr = forOp->getAttrOfType<IntegerAttr>(kNumStagesAttr))
    return attr.getInt();
  return defaultStages;
}

void Schedule::writeAttributes() {
  Builder b(forOp.getContext());
  for (auto &[op, sc] : of) {
    op->setAttr(kStageAttr, b.getI32IntegerAttr(sc.stage));
    op->setAttr(kClusterAttr, b.getI32IntegerAttr(sc.cluster));
  }
  forOp->setAttr(kMaxStageAttr, b.getI32IntegerAttr(maxStage));
}

bool Schedule::readAttributes() {
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

SmallVector<Value> Schedule::usedValues(Operation *op) {
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

LogicalResult Schedule::verify(bool beforeLowering) const {
  for (Operation &op : forOp.getBody()->without_terminator()) {
    StageCluster sc = of.lookup(&op);
    if (sc.stage < maxStage && !isMemoryEffectFree(&op) &&
        !isa<ttg::AsyncCopyGlobalToLocalOp, ttg::AsyncCommitGroupOp,
             ttng::BarrierExpectOp, ttng::AsyncTMACopyGlobalToLocalOp,
             ttng::WaitBarrierOp>(&op) &&
        !(beforeLowering && isa<DescriptorLoadOp>(&op))) {
      // Loads of early stages are masked off past the end (a scalar load
      // by a scalar mask); other side effects cannot run ahead.
      if (!isa<LoadOp>(&op))
        return failure();
    }
    for (Value v : usedValues(&op)) {
      if (Operation *def = bodyDef(v)) {
        StageCluster dc = of.lookup(def);
        if (dc.stage > sc.stage || (dc.stage == sc.stage && !before(def, &op)))
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

} // namespace mlir::triton::gpu::pipeline
