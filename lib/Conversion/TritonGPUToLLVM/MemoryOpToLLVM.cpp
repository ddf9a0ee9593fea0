//===- MemoryOpToLLVM.cpp - global loads and stores -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.load / tt.store through tensors of pointers become the TargetInfo's
// predicated vector accesses (inline PTX up to ld.global.v4.b32 on NVIDIA,
// LLVM loads and stores elsewhere): the vector width is the number of
// consecutive elements the layout gives a thread along the pointer's most
// contiguous dimension, bounded by the alignment and mask constancy the
// AxisInfo analysis proves, and by 128 bits. An element several threads
// hold is stored once, by the thread whose free lane and warp bits are 0.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// Consecutive registers of `layout` holding consecutive elements along
/// out dimension `dim` (a power of two, at least 1).
unsigned contiguousRegisters(const tt::LinearLayout &layout, unsigned dim) {
  unsigned bits = layout.getInDimSizeLog2(tt::kRegister);
  auto outs = layout.getOutDimNames();
  unsigned run = 0;
  for (unsigned b = 0; b < bits; ++b) {
    bool ok = true;
    for (unsigned d = 0; d < outs.size(); ++d) {
      int32_t v = layout.getBasis(tt::kRegister, b, outs[d]);
      if (v != (d == dim ? (1 << b) : 0))
        ok = false;
    }
    if (!ok)
      break;
    ++run;
  }
  return 1u << run;
}

unsigned memoryBits(Type elem) {
  if (isa<LLVM::LLVMPointerType>(elem))
    return 64;
  return std::max(8u, elem.getIntOrFloatBitWidth());
}

struct LoadOpConversion : public LoweringPattern<LoadOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    Type elemType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : op.getType());
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    unsigned vec = 1;
    if (tensorType && isTensorPointerType(op.getPtr().getType()))
      vec = getAccessVectorWidth(op.getPtr(), op.getMask(),
                        getLayout(cast<RankedTensorType>(op.getPtr().getType())),
                        elemType, lc);
    else if (isa<RankedTensorType>(op.getPtr().getType()) || !isa<PointerType>(op.getPtr().getType()))
      return op.emitError("block-pointer loads must be rewritten first "
                          "(triton-rewrite-tensor-pointer)");

    GlobalAccess access{op.getCache(), op.getEvict(), op.getIsVolatile()};
    SmallVector<Value> results;
    for (unsigned base = 0; base < ptrs.size(); base += vec) {
      ArrayRef<Value> other;
      if (!others.empty())
        other = ArrayRef<Value>(others).slice(base, vec);
      for (Value e : lc.target->loadGlobal(
               rewriter, loc, ptrs[base], elemType, vec,
               masks.empty() ? Value() : masks[base], other, access))
        results.push_back(e);
    }
    if (!tensorType) {
      rewriter.replaceOp(op, results[0]);
      return success();
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, tensorType));
    return success();
  }
};

struct StoreOpConversion : public LoweringPattern<StoreOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto valueType = dyn_cast<RankedTensorType>(op.getValue().getType());
    Type elemType = getTypeConverter()->convertType(
        valueType ? valueType.getElementType() : op.getValue().getType());
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values = unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);

    unsigned vec = 1;
    Value representative;
    int32_t freeRegisters = 0;
    if (valueType && isTensorPointerType(op.getPtr().getType())) {
      tt::LinearLayout layout =
          getLayout(cast<RankedTensorType>(op.getPtr().getType()));
      vec = getAccessVectorWidth(op.getPtr(), op.getMask(), layout, elemType, lc);
      representative = isRepresentative(rewriter, loc, layout, lc);
      freeRegisters = layout.getFreeVariableMask(tt::kRegister);
    } else if (!valueType) {
      // A scalar store: one thread writes it.
      representative = LLVM::ICmpOp::create(rewriter, loc,
                                            LLVM::ICmpPredicate::eq,
                                            threadId(rewriter, loc, lc),
                                            i32Const(rewriter, loc, 0));
    } else {
      return op.emitError("block-pointer stores must be rewritten first "
                          "(triton-rewrite-tensor-pointer)");
    }

    GlobalAccess access{op.getCache(), op.getEvict(), /*isVolatile=*/false};
    for (unsigned base = 0; base < ptrs.size(); base += vec) {
      if (base & freeRegisters)
        continue; // A duplicate of an element stored from another register.
      lc.target->storeGlobal(rewriter, loc, ptrs[base],
                             ArrayRef<Value>(values).slice(base, vec),
                             masks.empty() ? Value() : masks[base],
                             representative, access);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// `gpu.barrier` (what upstream's frontend emits for `tl.debug_barrier()`):
/// the target's barrier of all threads of the CTA.
struct GPUBarrierOpConversion
    : public LoweringPattern<mlir::gpu::BarrierOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(mlir::gpu::BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    barrier(rewriter, op.getLoc(), lc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

unsigned mlir::triton::lowering::getAccessVectorWidth(Value ptr, Value mask, const tt::LinearLayout &layout,
                     Type elem, const LoweringContext &lc) {
  auto order = lc.axisInfo->getOrder(ptr);
  unsigned vec = contiguousRegisters(layout, order[0]);
  vec = std::min(vec, std::max(1u, lc.axisInfo->getPtrAlignment(ptr)));
  if (mask)
    vec = std::min(vec, std::max(1u, lc.axisInfo->getMaskAlignment(mask, order[0])));
  vec = std::min(vec, std::max(1u, 128u / memoryBits(elem)));
  return std::max(1u, vec);
}


void mlir::triton::lowering::populateMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<LoadOpConversion, StoreOpConversion, GPUBarrierOpConversion>(
      tc, lc);
}
