//===- CarryConvertedLayouts.cpp - loop values in the layout they are used in -===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritonamdgpu-carry-converted-layouts: an scf.for iteration argument that
// the loop body only converts to one other layout (besides computing the
// value it yields) is carried in that layout instead. The conversion then
// happens once, before the loop, on the initial value, and once on the
// yielded value, where tritongpu-remove-layout-conversions can recompute
// both (pointer arithmetic over splats and ranges) in the new layout. The
// typical case is the A/B pointer tensors of a matmul loop after
// coalescing: converted every iteration, they would cost a trip through
// LDS (8 bytes per element) each time.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUCARRYCONVERTEDLAYOUTS
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::amdgpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The one layout every convert_layout user of `arg` converts to, if all of
/// its users other than the yield chain are such conversions.
Attribute convertedLayout(BlockArgument arg) {
  Attribute layout;
  bool sawConvert = false;
  for (Operation *user : arg.getUsers()) {
    auto convert = dyn_cast<ttg::ConvertLayoutOp>(user);
    if (!convert)
      continue;
    Attribute enc = cast<RankedTensorType>(convert.getType()).getEncoding();
    if (sawConvert && enc != layout)
      return Attribute();
    layout = enc;
    sawConvert = true;
  }
  return layout;
}

/// Carries iteration argument `k` of `forOp` in `layout`.
scf::ForOp carry(scf::ForOp forOp, unsigned k, Attribute layout) {
  BlockArgument arg = forOp.getRegionIterArg(k);
  auto oldType = cast<RankedTensorType>(arg.getType());
  auto newType = oldType.cloneWithEncoding(layout);
  Location loc = forOp.getLoc();

  OpBuilder b(forOp);
  SmallVector<Value> inits(forOp.getInitArgs());
  inits[k] = ttg::ConvertLayoutOp::create(b, loc, newType, inits[k]);
  auto newFor = scf::ForOp::create(b, loc, forOp.getLowerBound(),
                                   forOp.getUpperBound(), forOp.getStep(),
                                   inits);
  // Move the body over; the block arguments follow the new types.
  Block *newBody = newFor.getBody();
  Block *oldBody = forOp.getBody();
  if (!newBody->empty())
    newBody->getTerminator()->erase();
  newBody->getOperations().splice(newBody->end(), oldBody->getOperations());
  BlockArgument newArg = newFor.getRegionIterArg(k);
  OpBuilder inBody = OpBuilder::atBlockBegin(newBody);
  Value asOld = ttg::ConvertLayoutOp::create(inBody, loc, oldType, newArg);
  for (unsigned i = 0; i < oldBody->getNumArguments(); ++i) {
    BlockArgument o = oldBody->getArgument(i);
    Value replacement = o == arg ? asOld : newBody->getArgument(i);
    o.replaceAllUsesWith(replacement);
  }
  // Conversions of the old argument now convert from the new one.
  for (Operation *user : llvm::make_early_inc_range(asOld.getUsers()))
    if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(user);
        convert && convert.getType() == newType) {
      convert.getResult().replaceAllUsesWith(newArg);
      convert.erase();
    }
  auto yield = cast<scf::YieldOp>(newBody->getTerminator());
  OpBuilder atYield(yield);
  yield->setOperand(
      k, ttg::ConvertLayoutOp::create(atYield, loc, newType, yield->getOperand(k)));
  // Results: users outside the loop still see the old layout.
  b.setInsertionPointAfter(newFor);
  for (unsigned i = 0; i < forOp.getNumResults(); ++i) {
    Value r = newFor.getResult(i);
    if (i == k)
      r = ttg::ConvertLayoutOp::create(b, loc, oldType, r);
    forOp.getResult(i).replaceAllUsesWith(r);
  }
  forOp.erase();
  return newFor;
}

class CarryConvertedLayouts
    : public triton::amdgpu::impl::TritonAMDGPUCarryConvertedLayoutsBase<
          CarryConvertedLayouts> {
public:
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      for (unsigned k = 0; k < forOp.getNumRegionIterArgs(); ++k) {
        BlockArgument arg = forOp.getRegionIterArg(k);
        auto type = dyn_cast<RankedTensorType>(arg.getType());
        if (!type || !type.getEncoding())
          continue;
        Attribute layout = convertedLayout(arg);
        if (!layout || layout == type.getEncoding() ||
            !isa<ttg::BlockedEncodingAttr>(layout))
          continue;
        forOp = carry(forOp, k, layout);
      }
    }
  }
};

} // namespace
