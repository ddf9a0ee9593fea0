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
namespace ttg = mlir::triton::gpu;

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

struct MakeRangeOpConversion : public ConvertOpToLLVMPattern<MakeRangeOp> {
  MakeRangeOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
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
  LoweringContext &lc;
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

struct BroadcastOpConversion : public ConvertOpToLLVMPattern<BroadcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    return remapRegisters(op, op.getSrc(), adaptor.getSrc(), srcType, dstType,
                          getTypeConverter(), rewriter,
                          [&](ArrayRef<int32_t> c) {
                            SmallVector<int32_t> s(c);
                            for (unsigned d = 0; d < s.size(); ++d)
                              if (srcShape[d] == 1)
                                s[d] = 0;
                            return s;
                          });
  }
};

struct ExpandDimsOpConversion : public ConvertOpToLLVMPattern<ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    unsigned axis = op.getAxis();
    return remapRegisters(op, op.getSrc(), adaptor.getSrc(), srcType, dstType,
                          getTypeConverter(), rewriter,
                          [&](ArrayRef<int32_t> c) {
                            SmallVector<int32_t> s(c);
                            s.erase(s.begin() + axis);
                            return s;
                          });
  }
};

/// tt.get_program_id and tt.get_num_programs, through the TargetInfo.
template <typename SourceOp>
struct GridQueryConversion : public ConvertOpToLLVMPattern<SourceOp> {
  GridQueryConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern<SourceOp>(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = static_cast<unsigned>(op.getAxis());
    Value v = std::is_same_v<SourceOp, GetProgramIdOp>
                  ? lc.target->programId(rewriter, op.getLoc(), axis)
                  : lc.target->numPrograms(rewriter, op.getLoc(), axis);
    rewriter.replaceOp(op, v);
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void mlir::triton::lowering::populateViewOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<SplatOpConversion, BroadcastOpConversion, ExpandDimsOpConversion>(tc);
  patterns.add<MakeRangeOpConversion>(tc, lc);
  populateConvertLayoutOpToLLVMPatterns(tc, patterns, lc);
  patterns.add<GridQueryConversion<GetProgramIdOp>,
               GridQueryConversion<GetNumProgramsOp>>(tc, lc);
}
