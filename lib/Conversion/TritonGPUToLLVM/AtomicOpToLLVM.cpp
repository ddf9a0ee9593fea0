//===- AtomicOpToLLVM.cpp - atomics and histograms --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.atomic_rmw and tt.atomic_cas become one predicated target atomic per
// element (TargetInfo::atomic; on NVIDIA an inline-PTX
// `atom.<sem>.<scope>.global.<op>.<type>`). An element that several
// threads hold (the pointer layout's free lane, warp and register bits) is
// updated once, by the copy whose free bits are 0; when the result is used,
// that copy's value then reaches the other holders by a warp shuffle (free
// lane bits only) or through shared memory. A scalar atomic is issued by
// thread 0 and its result broadcast through shared memory.
//
// tt.histogram counts in shared memory: the bins are zeroed, every element
// (once, as above) with its mask set and its value in range adds 1 to its
// bin (TargetInfo::incrementShared; `red.shared.add.u32` on NVIDIA), and
// each thread reads back the bins its result layout gives it.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

Value andPred(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return LLVM::AndOp::create(b, loc, a, c);
}

/// Gives every thread holding an element the value its representative copy
/// computed (`values` are valid in representatives only).
FailureOr<SmallVector<Value>> broadcastFromRepresentatives(
    OpBuilder &b, Location loc, LoweringContext &lc, Operation *owner,
    const tt::LinearLayout &layout, ArrayRef<int64_t> shape,
    ArrayRef<Value> values, Value representative) {
  int32_t freeLanes = layout.getFreeVariableMask(tt::kLane);
  int32_t freeWarps = layout.getFreeVariableMask(tt::kWarp);
  SmallVector<Value> out(values);
  if (freeLanes == 0 && freeWarps == 0)
    return out;
  if (freeWarps == 0) {
    Value src = LLVM::AndOp::create(b, loc, laneId(b, loc, lc),
                                    i32Const(b, loc, ~freeLanes));
    for (Value &v : out)
      v = shuffle(b, loc, v, ShuffleKind::Idx, src, 0x1f, lc);
    return out;
  }
  Type elemType = values[0].getType();
  int64_t numElements = 1;
  for (int64_t s : shape)
    numElements *= s;
  FailureOr<Value> base = scratchPointer(b, loc, owner, elemType, numElements);
  if (failed(base))
    return failure();
  Type memType = sharedMemoryType(b, elemType);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  auto coords = emitIndices(b, loc, layout, lc);
  SmallVector<Value> addrs;
  for (auto &c : coords)
    addrs.push_back(LLVM::GEPOp::create(b, loc, ptrType, memType, *base,
                                        ValueRange{linearize(b, loc, c, shape)}));
  barrier(b, loc, lc);
  int32_t freeRegs = layout.getFreeVariableMask(tt::kRegister);
  for (unsigned r = 0; r < values.size(); ++r) {
    if (r & freeRegs)
      continue;
    predicatedSharedStore(b, loc, representative, addrs[r],
                          toSharedElement(b, loc, values[r]), lc);
  }
  barrier(b, loc, lc);
  for (unsigned r = 0; r < values.size(); ++r)
    out[r] = loadSharedElement(b, loc, addrs[r], elemType);
  return out;
}

/// Shared by atomic_rmw and atomic_cas: one target atomic for each element.
LogicalResult lowerAtomic(Operation *op, Value origPtr, Value ptr,
                          ArrayRef<Value> data, Value mask,
                          const TypeConverter *tc, LoweringContext &lc,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  bool used = !op->getResult(0).use_empty();
  auto tensorType = dyn_cast<RankedTensorType>(resultType);
  Type elemType = tc->convertType(mlir::getElementTypeOrSelf(resultType));

  if (!tensorType) {
    // Thread 0 updates memory; everyone gets the old value.
    Value pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      threadId(rewriter, loc, lc),
                                      i32Const(rewriter, loc, 0));
    pred = andPred(rewriter, loc, pred, mask);
    Value old =
        lc.target->atomic(rewriter, loc, op, ptr, data, pred, elemType);
    if (used) {
      FailureOr<Value> base = scratchPointer(rewriter, loc, op, elemType, 1);
      if (failed(base))
        return failure();
      barrier(rewriter, loc, lc);
      predicatedSharedStore(rewriter, loc, pred, *base,
                            toSharedElement(rewriter, loc, old), lc);
      barrier(rewriter, loc, lc);
      old = loadSharedElement(rewriter, loc, *base, elemType);
    }
    rewriter.replaceOp(op, old);
    return success();
  }

  tt::LinearLayout layout =
      getLayout(cast<RankedTensorType>(origPtr.getType()));
  SmallVector<Value> ptrs = unpackLLElements(loc, ptr, rewriter);
  SmallVector<SmallVector<Value>> operands;
  for (Value v : data)
    operands.push_back(unpackLLElements(loc, v, rewriter));
  SmallVector<Value> masks;
  if (mask)
    masks = unpackLLElements(loc, mask, rewriter);
  Value representative = isRepresentative(rewriter, loc, layout, lc);
  int32_t freeRegs = layout.getFreeVariableMask(tt::kRegister);
  SmallVector<Value> results(ptrs.size());
  // Consecutive elements in one instruction where the target has vector
  // atomics and the addresses are contiguous and aligned under one mask.
  unsigned vec = 1;
  if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
    unsigned width = lc.target->getAtomicVectorWidth(op, elemType);
    if (width > 1)
      vec = std::min(width, getAccessVectorWidth(origPtr, rmw.getMask(),
                                                 layout, elemType, lc));
  }
  for (unsigned r = 0; r < ptrs.size(); r += vec) {
    if (r & freeRegs)
      continue; // Another register of this thread holds the same element.
    Value pred = andPred(rewriter, loc, masks.empty() ? Value() : masks[r],
                         representative);
    if (vec > 1) {
      SmallVector<Value> olds = lc.target->atomicVector(
          rewriter, loc, op, ptrs[r],
          ArrayRef<Value>(operands[0]).slice(r, vec), pred, elemType);
      llvm::copy(olds, results.begin() + r);
      continue;
    }
    SmallVector<Value> values;
    for (auto &o : operands)
      values.push_back(o[r]);
    results[r] =
        lc.target->atomic(rewriter, loc, op, ptrs[r], values, pred, elemType);
  }
  for (unsigned r = 0; r < ptrs.size(); ++r)
    if (r & freeRegs)
      results[r] = results[r & ~freeRegs];
  if (used && representative) {
    FailureOr<SmallVector<Value>> shared = broadcastFromRepresentatives(
        rewriter, loc, lc, op, layout, tensorType.getShape(), results,
        representative);
    if (failed(shared))
      return failure();
    results = std::move(*shared);
  }
  rewriter.replaceOp(op, packLLElements(loc, tc, results, rewriter, tensorType));
  return success();
}

/// What an atomic sends with its pointers: the values (cmp before val for
/// cas) and the mask (rmw only).
struct AtomicInputs {
  SmallVector<Value, 2> data;
  Value mask;
};
AtomicInputs atomicInputs(AtomicRMWOp::Adaptor adaptor) {
  return {{adaptor.getVal()}, adaptor.getMask()};
}
AtomicInputs atomicInputs(AtomicCASOp::Adaptor adaptor) {
  return {{adaptor.getCmp(), adaptor.getVal()}, Value()};
}

/// tt.atomic_rmw and tt.atomic_cas, when the target has the atomic.
template <typename OpTy>
struct AtomicOpConversion : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *tc = this->getTypeConverter();
    Type elemType =
        tc->convertType(mlir::getElementTypeOrSelf(op.getVal().getType()));
    if (failed(this->lc.target->checkAtomic(op, elemType)))
      return failure();
    AtomicInputs in = atomicInputs(adaptor);
    return lowerAtomic(op, op.getPtr(), adaptor.getPtr(), in.data, in.mask, tc,
                       this->lc, rewriter);
  }
};

struct HistogramOpConversion : public LoweringPattern<HistogramOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t numBins = resultType.getShape()[0];
    Type resultElem = getTypeConverter()->convertType(resultType.getElementType());
    if (failed(lc.target->checkAtomic(op, resultElem)))
      return failure();
    tt::LinearLayout srcLayout = getLayout(srcType);
    SmallVector<Value> values = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);

    Type i32 = rewriter.getI32Type();
    FailureOr<Value> scratch = scratchAddress(rewriter, loc, op, numBins * 4);
    if (failed(scratch))
      return failure();
    Value base = sharedPointer(rewriter, loc, *scratch);
    auto ptrType = LLVM::LLVMPointerType::get(getContext(), 3);
    auto binAddr = [&](Value index) {
      return LLVM::GEPOp::create(rewriter, loc, ptrType, i32, base,
                                 ValueRange{index});
    };

    // Zero the bins, each thread a strided share.
    barrier(rewriter, loc, lc);
    int64_t numThreads = int64_t(lc.numWarps) * lc.threadsPerWarp;
    Value tid = threadId(rewriter, loc, lc);
    for (int64_t start = 0; start < numBins; start += numThreads) {
      Value index = LLVM::AddOp::create(rewriter, loc, tid,
                                        i32Const(rewriter, loc, start));
      if (start + numThreads > numBins) // Extra threads rewrite the last bin.
        index = LLVM::UMinOp::create(rewriter, loc, index,
                                     i32Const(rewriter, loc, numBins - 1));
      LLVM::StoreOp::create(rewriter, loc, i32Const(rewriter, loc, 0),
                            binAddr(index));
    }
    barrier(rewriter, loc, lc);

    // Count each element once.
    Value representative = isRepresentative(rewriter, loc, srcLayout, lc);
    int32_t freeRegs = srcLayout.getFreeVariableMask(tt::kRegister);
    Type i64 = rewriter.getI64Type();
    for (unsigned r = 0; r < values.size(); ++r) {
      if (r & freeRegs)
        continue;
      Value v = values[r];
      unsigned bits = v.getType().getIntOrFloatBitWidth();
      Value wide = bits < 64 ? (Value)LLVM::SExtOp::create(rewriter, loc, i64, v)
                             : v;
      Value pred = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ult, wide,
          LLVM::ConstantOp::create(rewriter, loc, i64,
                                   rewriter.getI64IntegerAttr(numBins)));
      pred = andPred(rewriter, loc, pred, masks.empty() ? Value() : masks[r]);
      pred = andPred(rewriter, loc, pred, representative);
      Value index = bits == 32 ? v
                    : bits < 32 ? (Value)LLVM::SExtOp::create(rewriter, loc, i32, v)
                                : (Value)LLVM::TruncOp::create(rewriter, loc, i32, v);
      Value addr = LLVM::PtrToIntOp::create(rewriter, loc, i32, binAddr(index));
      lc.target->incrementShared(rewriter, loc, pred, addr);
    }
    barrier(rewriter, loc, lc);

    // Read back this thread's bins.
    SmallVector<Value> results;
    for (auto &coord : emitIndices(rewriter, loc, getLayout(resultType), lc)) {
      Value count = LLVM::LoadOp::create(rewriter, loc, i32, binAddr(coord[0]));
      unsigned bits = resultElem.getIntOrFloatBitWidth();
      if (bits > 32)
        count = LLVM::ZExtOp::create(rewriter, loc, resultElem, count);
      else if (bits < 32)
        count = LLVM::TruncOp::create(rewriter, loc, resultElem, count);
      results.push_back(count);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }
};

} // namespace

int64_t mlir::triton::lowering::getAtomicScratchBytes(Operation *op) {
  // The old values go through shared memory when they are used and not
  // every thread computed its own: a scalar atomic (one thread updates), a
  // tensor whose layout duplicates elements across warps.
  if (op->getResult(0).use_empty())
    return 0;
  Type resultType = op->getResult(0).getType();
  auto tensor = dyn_cast<RankedTensorType>(resultType);
  if (!tensor)
    return sharedMemoryBytes(resultType);
  Value ptr = op->getOperand(0);
  std::optional<tt::LinearLayout> layout =
      gpu::toLinearLayout(cast<RankedTensorType>(ptr.getType()));
  if (!layout || layout->getFreeVariableMask(tt::kWarp) == 0)
    return 0;
  return tensor.getNumElements() * sharedMemoryBytes(tensor.getElementType());
}

int64_t mlir::triton::lowering::getHistogramScratchBytes(HistogramOp op) {
  return cast<RankedTensorType>(op.getType()).getShape()[0] * 4;
}

void mlir::triton::lowering::populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<AtomicOpConversion<AtomicRMWOp>, AtomicOpConversion<AtomicCASOp>,
               HistogramOpConversion>(tc, lc);
}
