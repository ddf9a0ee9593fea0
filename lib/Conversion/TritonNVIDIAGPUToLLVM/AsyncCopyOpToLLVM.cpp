//===- AsyncCopyOpToLLVM.cpp - cp.async copies and their groups -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// ttg.async_copy_global_to_local becomes one `cp.async` per vector of
// registers: 16-byte copies bypass L1 (`.cg`), 4- and 8-byte ones go
// through it (`.ca`). The destination of each vector comes from the access
// plan of the buffer's shared layout (swizzled addresses, the register part
// as an immediate); a masked-off vector copies zero bytes and zero-fills
// its destination (the src-size operand), which implements `other = 0`.
// The vector is as wide as the registers stay consecutive in shared memory
// and along the pointers' contiguous dimension, bounded by the pointers'
// known contiguity (the op's `contiguity`, or AxisInfo) and the mask's
// constancy. ttg.async_commit_group and ttg.async_wait are
// cp.async.commit_group and cp.async.wait_group.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// Consecutive registers of `layout` walking consecutive elements of out
/// dim `dim`.
unsigned consecutiveRegisters(const tt::LinearLayout &layout, unsigned dim) {
  unsigned bits = layout.getInDimSizeLog2(tt::kRegister);
  auto outs = layout.getOutDimNames();
  unsigned run = 0;
  for (; run < bits; ++run) {
    bool unit = true;
    for (unsigned d = 0; d < outs.size(); ++d)
      unit &= layout.getBasis(tt::kRegister, run, outs[d]) ==
              (d == dim ? (1 << run) : 0);
    if (!unit)
      break;
  }
  return 1u << run;
}

/// `other` is absent or a zero constant: what a zero-filling copy gives.
bool isZeroOther(Value other) {
  if (!other)
    return true;
  Attribute attr;
  if (!matchPattern(other, m_Constant(&attr)))
    return false;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      return false;
    attr = dense.getSplatValue<Attribute>();
  }
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isZero() && !f.getValue().isNegative();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  return false;
}

struct AsyncCopyGlobalToLocalOpConversion
    : public LoweringPattern<ttg::AsyncCopyGlobalToLocalOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto memType = cast<ttg::MemDescType>(op.getResult().getType());
    if (!isZeroOther(op.getOther()))
      return op.emitError("cannot lower an async copy whose `other` is not "
                          "zero (cp.async can only zero-fill masked "
                          "elements)");
    std::optional<tt::LinearLayout> tile = getSharedTileLayout(memType);
    if (!tile)
      return op.emitError() << "cannot lower a shared-memory buffer of type "
                            << memType << ": its encoding is not supported";
    tt::LinearLayout layout = getLayout(srcType);
    unsigned elemBytes = sharedMemoryBytes(memType.getElementType());

    // Widest vector the global side allows.
    SmallVector<unsigned, 4> order = lc.axisInfo->getOrder(op.getSrc());
    unsigned maxVec = consecutiveRegisters(layout, order[0]);
    unsigned contiguity = std::max<unsigned>(
        op.getContiguity(), lc.axisInfo->getPtrAlignment(op.getSrc()));
    maxVec = std::min(maxVec, std::max(1u, contiguity));
    if (op.getMask())
      maxVec = std::min(maxVec, std::max(1u, lc.axisInfo->getMaskAlignment(
                                                 op.getMask(), order[0])));

    SharedMemoryObject smem =
        unpackMemDesc(rewriter, loc, adaptor.getResult(), op.getResult());
    bool hasOffsets = memType.getAllocShape().take_back(
                          memType.getShape().size()) != memType.getShape();
    FailureOr<SharedAccessPlan> plan =
        planSharedAccess(rewriter, loc, layout, *tile, smem, hasOffsets,
                         elemBytes, 16, maxVec, lc);
    if (failed(plan))
      return op.emitError() << "cannot copy a tensor of layout "
                            << srcType.getEncoding() << " into " << memType
                            << ": the layouts do not cover the same elements";
    unsigned bytes = plan->vec * elemBytes;
    if (bytes != 4 && bytes != 8 && bytes != 16)
      return op.emitError()
             << "cannot lower this async copy: each thread's vectors are "
             << bytes << " bytes (cp.async copies 4, 8 or 16), from "
             << plan->vec << " consecutive elements known contiguous and "
             << "aligned in both memories";

    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    std::string cache = bytes == 16 ? "cg" : "ca";
    Value full = i32Const(rewriter, loc, bytes);
    Value none = i32Const(rewriter, loc, 0);
    // Registers whose elements lie in one block of the mask's constancy
    // (AxisInfo) for every thread share one predicate: their coordinates
    // differ only in bits below the block size of each dim.
    if (!masks.empty()) {
      const AxisInfo *info = lc.axisInfo->getAxisInfo(op.getMask());
      unsigned rank = srcType.getRank();
      std::map<SmallVector<int32_t>, Value> shared;
      for (unsigned r = 0; r < masks.size(); r += plan->vec) {
        SmallVector<int32_t> c = registerCoord(layout, r);
        for (unsigned d = 0; d < rank; ++d) {
          int64_t constancy = info ? info->getConstancy(d) : 1;
          int64_t block = llvm::isPowerOf2_64(constancy) ? constancy : 1;
          c[d] &= ~int32_t(block - 1);
        }
        auto [it, inserted] = shared.emplace(c, masks[r]);
        masks[r] = it->second;
      }
    }
    llvm::DenseMap<Value, Value> srcSize;
    for (unsigned g = 0, r = 0; r < ptrs.size(); ++g, r += plan->vec) {
      if (r & plan->freeRegisters)
        continue;
      std::string text = "cp.async." + cache + ".shared.global [ $0 + " +
                         std::to_string(plan->addends[g]) + " ], [ $1 + 0 ], " +
                         std::to_string(bytes);
      SmallVector<Value> args{plan->bases[plan->baseOf[g]], ptrs[r]};
      std::string constraints = "r,l";
      if (!masks.empty()) {
        text += ", $2";
        Value &size = srcSize[masks[r]];
        if (!size)
          size = LLVM::SelectOp::create(rewriter, loc, masks[r], full, none);
        args.push_back(size);
        constraints += ",r";
      }
      text += ";";
      inlineAsm(rewriter, loc, Type(), args, text, constraints,
                /*sideEffects=*/true);
    }
    rewriter.replaceOp(op, i32Const(rewriter, loc, 0));
    return success();
  }
};

struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOp(op, i32Const(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(),
                                     uint32_t(op.getNum()));
    rewriter.replaceOp(op, i32Const(rewriter, op.getLoc(), 0));
    return success();
  }
};

} // namespace

namespace mlir::triton::lowering {
void populateAsyncCopyOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                       RewritePatternSet &patterns,
                                       LoweringContext &lc) {
  patterns.add<AsyncCopyGlobalToLocalOpConversion>(tc, lc);
  patterns.add<AsyncCommitGroupOpConversion, AsyncWaitOpConversion>(tc);
}
} // namespace mlir::triton::lowering
