//===- ReduceOpToLLVM.cpp - tt.reduce ---------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A reduction along `axis` runs in three steps read off the operand's linear
// layout: registers of one thread that differ only along the axis combine
// first; then lanes whose index bits move along the axis combine through
// butterfly shuffles; then warps whose index bits move along the axis
// exchange their partial results through shared memory. The combining region
// is inlined at every step.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"


#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

struct ReduceOpConversion : public LoweringPattern<ReduceOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    unsigned numOperands = op.getNumOperands();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    tt::LinearLayout layout = getLayout(srcType);
    tt::Dim axisDim = layout.getOutDimNames()[axis];
    unsigned rank = srcType.getRank();

    SmallVector<SmallVector<Value>> inputs;
    for (Value v : adaptor.getSrcs())
      inputs.push_back(unpackLLElements(loc, v, rewriter));

    auto combine = [&](ArrayRef<Value> acc, ArrayRef<Value> next) {
      SmallVector<Value> args(acc.begin(), acc.end());
      args.append(next.begin(), next.end());
      return inlineBlock(rewriter, op.getCombineOp().front(), args);
    };

    // 1. Within the thread.
    std::map<SmallVector<int32_t>, unsigned> keyIndex;
    SmallVector<SmallVector<Value>> acc;
    SmallVector<unsigned> firstRegister;
    unsigned numRegs = inputs[0].size();
    for (unsigned r = 0; r < numRegs; ++r) {
      SmallVector<int32_t> key = registerCoord(layout, r);
      key[axis] = 0;
      SmallVector<Value> vals;
      for (auto &in : inputs)
        vals.push_back(in[r]);
      auto [it, inserted] = keyIndex.emplace(key, acc.size());
      if (inserted) {
        acc.push_back(vals);
        firstRegister.push_back(r);
      } else {
        acc[it->second] = combine(acc[it->second], vals);
      }
    }

    // 2. Across lanes.
    for (unsigned b = 0, e = layout.getInDimSizeLog2(tt::kLane); b < e; ++b) {
      if (layout.getBasis(tt::kLane, b, axisDim) == 0)
        continue;
      for (auto &a : acc) {
        SmallVector<Value> other;
        for (Value v : a)
          other.push_back(shuffleXor(rewriter, loc, v, 1 << b, lc));
        a = combine(a, other);
      }
    }

    // 3. Across warps, through shared memory.
    SmallVector<unsigned> warpBits;
    for (unsigned b = 0, e = layout.getInDimSizeLog2(tt::kWarp); b < e; ++b)
      if (layout.getBasis(tt::kWarp, b, axisDim) != 0)
        warpBits.push_back(b);
    if (!warpBits.empty()) {
      unsigned numSlots = 1u << warpBits.size();
      int64_t numKeys = srcType.getNumElements() / srcType.getShape()[axis];
      Value warp = warpId(rewriter, loc, lc);
      Value slot = i32Const(rewriter, loc, 0);
      for (auto [i, b] : llvm::enumerate(warpBits)) {
        Value bit = extractBit(rewriter, loc, warp, b);
        slot = LLVM::OrOp::create(
            rewriter, loc, slot,
            LLVM::ShlOp::create(rewriter, loc, bit, i32Const(rewriter, loc, i)));
      }
      // Row-major index of each key's coordinate, the axis dropped.
      auto coords = emitIndices(rewriter, loc, layout, lc);
      SmallVector<Value> keyIndexValue;
      for (unsigned k = 0; k < acc.size(); ++k) {
        Value idx = i32Const(rewriter, loc, 0);
        for (unsigned d = 0; d < rank; ++d) {
          if (d == axis)
            continue;
          idx = LLVM::MulOp::create(rewriter, loc, idx,
                                    i32Const(rewriter, loc, srcType.getShape()[d]));
          idx = LLVM::AddOp::create(rewriter, loc, idx,
                                    coords[firstRegister[k]][d]);
        }
        keyIndexValue.push_back(idx);
      }
      FailureOr<Value> scratch = scratchAddress(
          rewriter, loc, op, getReduceScratchBytes(op));
      if (failed(scratch))
        return failure();
      Value base = sharedPointer(rewriter, loc, *scratch);
      auto ptrType = LLVM::LLVMPointerType::get(getContext(), 3);
      SmallVector<Value> regionBase;
      int64_t offset = 0;
      SmallVector<Type> memTypes;
      for (unsigned i = 0; i < numOperands; ++i) {
        Type t = acc[0][i].getType();
        Type mem = t.isInteger(1) ? rewriter.getI8Type() : t;
        memTypes.push_back(mem);
        regionBase.push_back(LLVM::GEPOp::create(
            rewriter, loc, ptrType, rewriter.getI8Type(), base,
            ValueRange{i32Const(rewriter, loc, offset)}));
        offset += llvm::alignTo(numKeys * numSlots * sharedMemoryBytes(mem), 16);
      }
      auto slotAddr = [&](unsigned i, Value key, Value s) {
        Value idx = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, key,
                                i32Const(rewriter, loc, numSlots)),
            s);
        return LLVM::GEPOp::create(rewriter, loc, ptrType, memTypes[i],
                                   regionBase[i], ValueRange{idx});
      };
      barrier(rewriter, loc, lc);
      for (unsigned k = 0; k < acc.size(); ++k)
        for (unsigned i = 0; i < numOperands; ++i) {
          Value v = acc[k][i];
          if (memTypes[i] != v.getType())
            v = LLVM::ZExtOp::create(rewriter, loc, memTypes[i], v);
          LLVM::StoreOp::create(rewriter, loc, v,
                                slotAddr(i, keyIndexValue[k], slot));
        }
      barrier(rewriter, loc, lc);
      for (unsigned k = 0; k < acc.size(); ++k) {
        SmallVector<Value> total;
        for (unsigned s = 0; s < numSlots; ++s) {
          SmallVector<Value> vals;
          for (unsigned i = 0; i < numOperands; ++i) {
            Type t = acc[k][i].getType();
            Value v = LLVM::LoadOp::create(
                rewriter, loc, memTypes[i],
                slotAddr(i, keyIndexValue[k], i32Const(rewriter, loc, s)));
            if (memTypes[i] != t)
              v = LLVM::TruncOp::create(rewriter, loc, t, v);
            vals.push_back(v);
          }
          total = s == 0 ? vals : combine(total, vals);
        }
        acc[k] = total;
      }
    }

    // 4. Results.
    SmallVector<Value> results;
    for (unsigned i = 0; i < numOperands; ++i) {
      Type resultType = op->getResult(i).getType();
      auto tensor = dyn_cast<RankedTensorType>(resultType);
      if (!tensor) {
        results.push_back(acc[0][i]);
        continue;
      }
      tt::LinearLayout out = getLayout(tensor);
      SmallVector<Value> elems;
      for (unsigned r = 0, e = out.getInDimSize(tt::kRegister); r < e; ++r) {
        SmallVector<int32_t> c = registerCoord(out, r);
        c.insert(c.begin() + axis, 0);
        auto it = keyIndex.find(c);
        if (it == keyIndex.end())
          return op.emitError("result layout does not match the reduction of "
                              "the operand layout");
        elems.push_back(acc[it->second][i]);
      }
      results.push_back(
          packLLElements(loc, getTypeConverter(), elems, rewriter, tensor));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

int64_t mlir::triton::lowering::getReduceScratchBytes(ReduceOp op) {
  // Step 3 above: one slot per key and cross-warp partial, per operand.
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  std::optional<tt::LinearLayout> layout = gpu::toLinearLayout(srcType);
  if (!layout)
    return 0;
  unsigned axis = op.getAxis();
  tt::Dim axisDim = layout->getOutDimNames()[axis];
  unsigned warpBits = 0;
  for (unsigned b = 0, e = layout->getInDimSizeLog2(tt::kWarp); b < e; ++b)
    if (layout->getBasis(tt::kWarp, b, axisDim) != 0)
      ++warpBits;
  if (warpBits == 0)
    return 0;
  int64_t numKeys = srcType.getNumElements() / srcType.getShape()[axis];
  return getRegionScratchBytes(op.getSrcs(), numKeys << warpBits);
}

void mlir::triton::lowering::populateReduceOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<ReduceOpConversion>(tc, lc);
}
