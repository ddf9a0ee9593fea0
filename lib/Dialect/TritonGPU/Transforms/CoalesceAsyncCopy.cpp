//===- CoalesceAsyncCopy.cpp - cp.async vectors the buffer can take -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-coalesce-async-copy (see Passes.td): a cp.async copy whose
// threads hold more consecutive elements than its swizzled destination
// keeps contiguous is given a blocked layout with that many per thread; the
// conversions of its operands are left to remove-layout-conversions.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/DefaultLayouts.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCEASYNCCOPY
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The elements of a row of `dst` along its fastest dimension that stay
/// consecutive in memory, or 0 when the whole row does (or the encoding is
/// not a swizzled one this pass knows).
unsigned contiguousRun(ttg::MemDescType dst) {
  auto swizzled = dyn_cast<ttg::SwizzledSharedEncodingAttr>(dst.getEncoding());
  if (!swizzled || swizzled.getMaxPhase() <= 1)
    return 0;
  return swizzled.getVec();
}

Type withLayout(Type type, Attribute layout) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               layout);
}

/// A pipelined loop advances its pointers with `%next = tt.addptr %arg,
/// %step` and yields `%next` as `%arg`; the copy reads `%next`. A
/// conversion of `%next` alone would stay in the loop (the pointer's
/// layout cycles through the back edge), so the pointer is carried in
/// `layout` instead: the initial value converted once before the loop, the
/// step converted (before the loop when defined there), the other users
/// of the argument and of the loop result given conversions back. Returns
/// the new `%next`, or null when the copy's pointer is not such an
/// increment.
Value carryPointerIncrement(ttg::AsyncCopyGlobalToLocalOp copy,
                            Attribute layout) {
  Value ptr = copy.getSrc();
  auto add = ptr.getDefiningOp<AddPtrOp>();
  if (!add)
    return Value();
  auto arg = dyn_cast<BlockArgument>(add.getPtr());
  auto forOp = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                   : scf::ForOp();
  if (!forOp || arg.getOwner() != forOp.getBody() || arg.getArgNumber() == 0)
    return Value();
  unsigned k = arg.getArgNumber() - 1;
  Operation *yield = forOp.getBody()->getTerminator();
  // Read only by this copy and the yield.
  if (yield->getOperand(k) != ptr || add->getBlock() != forOp.getBody() ||
      !llvm::all_of(ptr.getUsers(), [&](Operation *user) {
        return user == yield || user == copy.getOperation();
      }))
    return Value();
  Type oldType = arg.getType(), newType = withLayout(oldType, layout);
  OpBuilder b(forOp);
  Location loc = forOp.getLoc();
  OpOperand &init = forOp.getInitArgsMutable()[k];
  init.set(ttg::ConvertLayoutOp::create(b, loc, newType, init.get()));
  SmallVector<OpOperand *> argUses;
  for (OpOperand &use : arg.getUses())
    if (use.getOwner() != add)
      argUses.push_back(&use);
  arg.setType(newType);
  b.setInsertionPointToStart(forOp.getBody());
  if (!argUses.empty()) {
    Value back = ttg::ConvertLayoutOp::create(b, loc, oldType, arg);
    for (OpOperand *use : argUses)
      use->set(back);
  }
  Value result = forOp.getResult(k);
  result.setType(newType);
  if (!result.use_empty()) {
    b.setInsertionPointAfter(forOp);
    auto back = ttg::ConvertLayoutOp::create(b, loc, oldType, result);
    result.replaceAllUsesExcept(back, back);
  }
  Value offset = add.getOffset();
  if (forOp.isDefinedOutsideOfLoop(offset))
    b.setInsertionPoint(forOp);
  else
    b.setInsertionPoint(add);
  Value step = ttg::ConvertLayoutOp::create(
      b, add.getLoc(), withLayout(offset.getType(), layout), offset);
  add.getOffsetMutable().assign(step);
  add.getResult().setType(newType);
  return add.getResult();
}

struct CoalesceAsyncCopyPass
    : public ttg::impl::TritonGPUCoalesceAsyncCopyBase<CoalesceAsyncCopyPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ttg::AsyncCopyGlobalToLocalOp> copies;
    module.walk([&](ttg::AsyncCopyGlobalToLocalOp op) { copies.push_back(op); });
    for (ttg::AsyncCopyGlobalToLocalOp copy : copies)
      narrow(copy);
  }

  void narrow(ttg::AsyncCopyGlobalToLocalOp copy) {
    auto srcType = cast<RankedTensorType>(copy.getSrc().getType());
    auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(srcType.getEncoding());
    auto dst = cast<ttg::MemDescType>(copy.getResult().getType());
    unsigned run = contiguousRun(dst);
    if (!blocked || run == 0)
      return;
    auto sharedOrder =
        cast<ttg::SwizzledSharedEncodingAttr>(dst.getEncoding()).getOrder();
    unsigned fast = blocked.getOrder()[0];
    if (sharedOrder[0] != fast)
      return;
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    if (sizePerThread[fast] <= run)
      return;
    sizePerThread[fast] = run;
    std::optional<int> numWarps = ttg::maybeLookupNumWarps(copy);
    std::optional<int> threads = ttg::maybeLookupThreadsPerWarp(copy);
    std::optional<int> ctas = ttg::maybeLookupNumCTAs(copy);
    if (!numWarps || !threads)
      return;
    ttg::BlockedEncodingAttr narrowed = ttg::getBlockedEncoding(
        copy.getContext(), srcType.getShape(), sizePerThread,
        blocked.getOrder(), *numWarps, *threads, ctas.value_or(1));
    OpBuilder b(copy);
    auto convert = [&](Value v) -> Value {
      if (!v)
        return v;
      return ttg::ConvertLayoutOp::create(b, copy.getLoc(),
                                          withLayout(v.getType(), narrowed), v);
    };
    if (Value carried = carryPointerIncrement(copy, narrowed))
      copy.getSrcMutable().assign(carried);
    else
      copy.getSrcMutable().assign(convert(copy.getSrc()));
    if (Value mask = copy.getMask())
      copy.getMaskMutable().assign(convert(mask));
    if (Value other = copy.getOther())
      copy.getOtherMutable().assign(convert(other));
  }
};

} // namespace
