//===- AllocateSharedMemory.cpp - the allocate-shared-memory pass -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Lays out shared memory with the allocation analysis (lib/Analysis) and
// the scratch sizes of this lowering, records the offsets as attributes,
// and gives the patterns the addresses back.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Passes.h"

#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Analysis/Allocation.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORY
#include "tt/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

static constexpr StringLiteral kOffsetAttr = "allocation.offset";

int64_t mlir::triton::lowering::getScratchBytes(Operation *op,
                                                const TargetInfo *target) {
  if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(op))
    return getConvertLayoutScratchBytes(cvt, target);
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return getReduceScratchBytes(reduce);
  if (auto scan = dyn_cast<ScanOp>(op))
    return getScanScratchBytes(scan);
  if (isa<AtomicRMWOp, AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (auto histogram = dyn_cast<HistogramOp>(op))
    return getHistogramScratchBytes(histogram);
  if (isa<TransOp, ReshapeOp, JoinOp, SplitOp, CatOp, GatherOp>(op))
    return getShapeOpScratchBytes(op);
  if (target)
    if (std::optional<int64_t> bytes = target->getScratchBytes(op))
      return *bytes;
  return 0;
}

int64_t mlir::triton::lowering::getRegionScratchBytes(ValueRange tensors,
                                                      int64_t numSlots) {
  int64_t bytes = 0;
  for (Value tensor : tensors) {
    Type elem = cast<RankedTensorType>(tensor.getType()).getElementType();
    bytes += llvm::alignTo(numSlots * sharedMemoryBytes(elem), 16);
  }
  return bytes;
}

LogicalResult mlir::triton::lowering::allocateSharedMemory(ModuleOp module) {
  const TargetInfo *target = lookupModuleTargetInfo(module);
  FailureOr<SharedMemoryAllocation> allocation = SharedMemoryAllocation::run(
      module, [&](Operation *op) { return getScratchBytes(op, target); });
  if (failed(allocation))
    return failure();
  Builder b(module.getContext());
  module.walk([&](Operation *op) {
    if (std::optional<int64_t> offset = allocation->getOffset(op))
      op->setAttr(kOffsetAttr, b.getI32IntegerAttr(int32_t(*offset)));
  });
  module->setAttr("ttg.shared",
                  b.getI32IntegerAttr(int32_t(allocation->getTotalBytes())));
  return success();
}

Value mlir::triton::lowering::sharedAddress(OpBuilder &b, Location loc,
                                            ModuleOp module, int64_t offset) {
  Value base = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(),
                                        sharedBase(b, loc, module));
  if (offset == 0)
    return base;
  return LLVM::AddOp::create(b, loc, base, i32Const(b, loc, offset));
}

Value mlir::triton::lowering::sharedPointer(OpBuilder &b, Location loc,
                                            Value address) {
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3), address);
}

FailureOr<Value> mlir::triton::lowering::scratchAddress(OpBuilder &b,
                                                        Location loc,
                                                        Operation *op,
                                                        int64_t bytes) {
  auto offset = op->getAttrOfType<IntegerAttr>(kOffsetAttr);
  if (!offset)
    return op->emitError("no shared memory was allocated for this operation "
                         "(run allocate-shared-memory first)");
  int64_t allocated = getScratchBytes(op, lookupModuleTargetInfo(op));
  if (bytes > allocated)
    return op->emitError() << "internal error: the lowering needs " << bytes
                           << " bytes of shared memory, " << allocated
                           << " were allocated";
  return sharedAddress(b, loc, op->getParentOfType<ModuleOp>(),
                       offset.getInt());
}

FailureOr<SmallVector<Value>> mlir::triton::lowering::exchangeThroughScratch(
    OpBuilder &b, Location loc, Operation *op, Type elemType, int64_t numSlots,
    ArrayRef<std::pair<Value, Value>> stores, ArrayRef<Value> loadOffsets,
    const LoweringContext &lc) {
  FailureOr<Value> base = scratchPointer(b, loc, op, elemType, numSlots);
  if (failed(base))
    return failure();
  Type memType = sharedMemoryType(b, elemType);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  barrier(b, loc, lc);
  for (auto [v, off] : stores) {
    Value addr = LLVM::GEPOp::create(b, loc, ptrType, memType, *base,
                                     ValueRange{off});
    LLVM::StoreOp::create(b, loc, toSharedElement(b, loc, v), addr);
  }
  barrier(b, loc, lc);
  SmallVector<Value> out;
  for (Value off : loadOffsets) {
    Value addr = LLVM::GEPOp::create(b, loc, ptrType, memType, *base,
                                     ValueRange{off});
    out.push_back(loadSharedElement(b, loc, addr, elemType));
  }
  return out;
}

FailureOr<Value> mlir::triton::lowering::scratchPointer(OpBuilder &b,
                                                        Location loc,
                                                        Operation *op,
                                                        Type elemType,
                                                        int64_t numElements) {
  Type memType = sharedMemoryType(b, elemType);
  FailureOr<Value> scratch =
      scratchAddress(b, loc, op, numElements * sharedMemoryBytes(memType));
  if (failed(scratch))
    return failure();
  return sharedPointer(b, loc, *scratch);
}

Value mlir::triton::lowering::toSharedElement(OpBuilder &b, Location loc,
                                              Value v) {
  Type memType = sharedMemoryType(b, v.getType());
  return memType != v.getType() ? LLVM::ZExtOp::create(b, loc, memType, v)
                                : v;
}

Value mlir::triton::lowering::loadSharedElement(OpBuilder &b, Location loc,
                                                Value addr, Type elemType) {
  Type memType = sharedMemoryType(b, elemType);
  Value v = LLVM::LoadOp::create(b, loc, memType, addr);
  return memType != elemType ? LLVM::TruncOp::create(b, loc, elemType, v) : v;
}

namespace {

class AllocateSharedMemory
    : public triton::impl::AllocateSharedMemoryBase<AllocateSharedMemory> {
public:
  void runOnOperation() override {
    if (failed(allocateSharedMemory(getOperation())))
      signalPassFailure();
  }
};

} // namespace
