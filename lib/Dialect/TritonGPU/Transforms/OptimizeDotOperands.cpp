//===- OptimizeDotOperands.cpp - cheaper paths to dot operands ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Two local rewrites around tensor-core dot operands:
//  - a 2-D transpose stored to shared memory for wgmma is replaced by a
//    transposed view of the stored source (the shared layout's `transposed`
//    flag absorbs the permutation);
//  - a conversion to a dot-operand layout of an elementwise cast of a load
//    is moved above the cast, so that the load keeps its coalesced layout
//    up to the conversion and the cast runs on the dot-operand registers.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEDOTOPERANDS
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// local_alloc(trans(x)) read only by wgmma -> memdesc_trans(local_alloc(x)).
bool fuseTransposeIntoAlloc(ttg::LocalAllocOp alloc) {
  Value src = alloc.getSrc();
  if (!src)
    return false;
  auto trans = src.getDefiningOp<TransOp>();
  if (!trans || trans.getOrder().size() != 2 || trans.getOrder()[0] != 1)
    return false;
  auto memType = alloc.getType();
  auto shared = dyn_cast<ttg::NVMMASharedEncodingAttr>(memType.getEncoding());
  if (!shared)
    return false;
  if (!llvm::all_of(alloc->getUsers(), [](Operation *u) {
        return isa<ttng::WarpGroupDotOp>(u);
      }))
    return false;
  Value x = trans.getSrc();
  auto xType = cast<RankedTensorType>(x.getType());
  auto storedEnc = ttg::NVMMASharedEncodingAttr::get(
      alloc.getContext(), shared.getSwizzlingByteWidth(),
      !shared.getTransposed(), shared.getElementBitWidth(),
      shared.getFp4Padded(), shared.getCGALayout());
  auto storedType = ttg::MemDescType::get(
      xType.getShape(), xType.getElementType(), storedEnc,
      memType.getMemorySpace(), memType.getMutableMemory());
  OpBuilder builder(alloc);
  auto stored =
      ttg::LocalAllocOp::create(builder, alloc.getLoc(), storedType, x);
  auto view = ttg::MemDescTransOp::create(builder, alloc.getLoc(), memType,
                                          stored.getResult(),
                                          builder.getDenseI32ArrayAttr({1, 0}));
  alloc.getResult().replaceAllUsesWith(view.getResult());
  alloc.erase();
  if (trans->use_empty())
    trans.erase();
  return true;
}

/// convert(cast(load)) to a dot-operand layout -> cast(convert(load)).
bool hoistConversionAboveCast(ttg::ConvertLayoutOp cvt) {
  auto dstType = cast<RankedTensorType>(cvt.getType());
  if (!isa<ttg::DotOperandEncodingAttr>(dstType.getEncoding()))
    return false;
  Operation *castOp = cvt.getSrc().getDefiningOp();
  if (!castOp || castOp->getNumOperands() != 1 ||
      castOp->getNumResults() != 1 || !castOp->hasOneUse() ||
      !isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::ExtSIOp,
           FpToFpOp>(castOp))
    return false;
  Value src = castOp->getOperand(0);
  if (!src.getDefiningOp<LoadOp>())
    return false;
  auto srcType = cast<RankedTensorType>(src.getType());
  OpBuilder builder(cvt);
  auto moved = ttg::ConvertLayoutOp::create(
      builder, cvt.getLoc(),
      RankedTensorType::get(srcType.getShape(), srcType.getElementType(),
                            dstType.getEncoding()),
      src);
  IRMapping mapping;
  mapping.map(src, moved.getResult());
  Operation *newCast = builder.clone(*castOp, mapping);
  newCast->getResult(0).setType(dstType);
  cvt.getResult().replaceAllUsesWith(newCast->getResult(0));
  cvt.erase();
  castOp->erase();
  return true;
}

class OptimizeDotOperands
    : public ttg::impl::TritonGPUOptimizeDotOperandsBase<OptimizeDotOperands> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<ttg::LocalAllocOp> allocs;
    getOperation().walk([&](ttg::LocalAllocOp op) { allocs.push_back(op); });
    for (ttg::LocalAllocOp alloc : allocs)
      fuseTransposeIntoAlloc(alloc);
    if (!hoistLayoutConversion)
      return;
    SmallVector<ttg::ConvertLayoutOp> converts;
    getOperation().walk([&](ttg::ConvertLayoutOp op) { converts.push_back(op); });
    for (ttg::ConvertLayoutOp cvt : converts)
      hoistConversionAboveCast(cvt);
  }
};

} // namespace
