//===- ViewOpToLLVM.cpp - shape ops, ranges and layout changes --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// splat, make_range, broadcast and expand_dims only pick registers: the
// linear layouts of operand and result say which register of the same
// thread holds each coordinate. convert_layout is in ConvertLayoutOpToLLVM.cpp.
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

struct SplatOpConversion : public ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<Value> elems(getNumRegisters(type), adaptor.getSrc());
    rewriter.replaceOp(op, packLLElements(op.getLoc(), getTypeConverter(), elems,
                                          rewriter, type));
    return success();
  }
};

struct MakeRangeOpConversion : public LoweringPattern<MakeRangeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = op.getType();
    auto indices = emitIndices(rewriter, loc, getLayout(type), lc);
    SmallVector<Value> elems;
    Value start = i32Const(rewriter, loc, op.getStart());
    for (auto &idx : indices)
      elems.push_back(op.getStart() == 0
                          ? idx[0]
                          : (Value)LLVM::AddOp::create(rewriter, loc, idx[0], start));
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), elems,
                                          rewriter, type));
    return success();
  }
};

/// Replaces `op` by registers of its operand chosen by coordinate.
LogicalResult remapRegisters(
    Operation *op, Value operand, Value converted, RankedTensorType srcType,
    RankedTensorType dstType, const TypeConverter *tc,
    ConversionPatternRewriter &rewriter,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> mapCoord) {
  tt::LinearLayout src = getLayout(srcType), dst = getLayout(dstType);
  SmallVector<int> map = mapRegisters(src, dst, mapCoord);
  SmallVector<Value> in = unpackLLElements(op->getLoc(), converted, rewriter);
  SmallVector<Value> out;
  for (int r : map) {
    if (r < 0)
      return op->emitError("operand and result layouts do not place this "
                           "thread's elements compatibly");
    out.push_back(in[r]);
  }
  rewriter.replaceOp(op, packLLElements(op->getLoc(), tc, out, rewriter, dstType));
  return success();
}

/// The operand coordinate of result coordinate `c`: broadcast pins the
/// dims of size 1, expand_dims drops its axis.
SmallVector<int32_t> operandCoord(BroadcastOp op, ArrayRef<int32_t> c) {
  ArrayRef<int64_t> srcShape =
      cast<RankedTensorType>(op.getSrc().getType()).getShape();
  SmallVector<int32_t> s(c);
  for (unsigned d = 0; d < s.size(); ++d)
    if (srcShape[d] == 1)
      s[d] = 0;
  return s;
}
SmallVector<int32_t> operandCoord(ExpandDimsOp op, ArrayRef<int32_t> c) {
  SmallVector<int32_t> s(c);
  s.erase(s.begin() + op.getAxis());
  return s;
}

/// broadcast and expand_dims: each result register is a register of the
/// operand in the same thread (remapRegisters by operandCoord).
template <typename OpTy>
struct RemapOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    return remapRegisters(
        op, op.getSrc(), adaptor.getSrc(), srcType, dstType,
        this->getTypeConverter(), rewriter,
        [&](ArrayRef<int32_t> c) { return operandCoord(op, c); });
  }
};

/// tt.get_program_id and tt.get_num_programs, through the TargetInfo.
template <typename SourceOp>
struct GridQueryConversion : public LoweringPattern<SourceOp> {
  using LoweringPattern<SourceOp>::LoweringPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = static_cast<unsigned>(op.getAxis());
    const TargetInfo *target = this->lc.target;
    Value v = std::is_same_v<SourceOp, GetProgramIdOp>
                  ? target->programId(rewriter, op.getLoc(), axis)
                  : target->numPrograms(rewriter, op.getLoc(), axis);
    rewriter.replaceOp(op, v);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateViewOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<SplatOpConversion, RemapOpConversion<BroadcastOp>,
               RemapOpConversion<ExpandDimsOp>>(tc);
  patterns.add<MakeRangeOpConversion>(tc, lc);
  populateConvertLayoutOpToLLVMPatterns(tc, patterns, lc);
  patterns.add<GridQueryConversion<GetProgramIdOp>,
               GridQueryConversion<GetNumProgramsOp>>(tc, lc);
}
