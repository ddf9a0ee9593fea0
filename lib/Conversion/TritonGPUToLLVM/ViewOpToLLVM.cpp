//===- ViewOpToLLVM.cpp - shape ops, ranges and layout changes --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// splat, make_range, broadcast and expand_dims only pick registers: the
// linear layouts of operand and result say which register of the same
// thread holds each coordinate. convert_layout keeps the registers when the
// two layouts place every element identically and otherwise goes through
// shared memory (each thread writes its elements at their row-major offset,
// a barrier, each thread reads the elements its new layout gives it).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

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

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ttg::ConvertLayoutOp> {
  ConvertLayoutOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    tt::LinearLayout src = getLayout(srcType), dst = getLayout(dstType);
    // Same lanes and warps: only registers move.
    if (src.sublayout({tt::kLane, tt::kWarp}, src.getOutDimNames()) ==
        dst.sublayout({tt::kLane, tt::kWarp}, dst.getOutDimNames())) {
      SmallVector<int> map =
          mapRegisters(src, dst, [](ArrayRef<int32_t> c) {
            return SmallVector<int32_t>(c);
          });
      if (llvm::all_of(map, [](int r) { return r >= 0; })) {
        SmallVector<Value> in = unpackLLElements(loc, adaptor.getSrc(), rewriter);
        SmallVector<Value> out;
        for (int r : map)
          out.push_back(in[r]);
        rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out,
                                              rewriter, dstType));
        return success();
      }
    }
    // Through shared memory.
    Type elemType = getTypeConverter()->convertType(dstType.getElementType());
    Type memType = elemType.isInteger(1) ? rewriter.getI8Type() : elemType;
    unsigned elemBytes = isa<LLVM::LLVMPointerType>(memType)
                             ? 8
                             : memType.getIntOrFloatBitWidth() / 8;
    ArrayRef<int64_t> shape = dstType.getShape();
    lc.sharedBytes = std::max<int64_t>(lc.sharedBytes,
                                       dstType.getNumElements() * elemBytes);
    auto module = op->getParentOfType<ModuleOp>();
    Value base = sharedBase(rewriter, loc, module);
    auto offsetOf = [&](ArrayRef<Value> coord) {
      Value off = i32Const(rewriter, loc, 0);
      for (unsigned d = 0; d < shape.size(); ++d) {
        off = LLVM::MulOp::create(rewriter, loc, off,
                                  i32Const(rewriter, loc, shape[d]));
        off = LLVM::AddOp::create(rewriter, loc, off, coord[d]);
      }
      return off;
    };
    auto ptrType = LLVM::LLVMPointerType::get(getContext(), 3);
    SmallVector<Value> in = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    barrier(rewriter, loc);
    auto srcIdx = emitIndices(rewriter, loc, src, lc);
    for (auto [v, coord] : llvm::zip(in, srcIdx)) {
      Value addr = LLVM::GEPOp::create(rewriter, loc, ptrType, memType, base,
                                       ValueRange{offsetOf(coord)});
      Value stored = memType != elemType
                         ? (Value)LLVM::ZExtOp::create(rewriter, loc, memType, v)
                         : v;
      LLVM::StoreOp::create(rewriter, loc, stored, addr);
    }
    barrier(rewriter, loc);
    SmallVector<Value> out;
    for (auto &coord : emitIndices(rewriter, loc, dst, lc)) {
      Value addr = LLVM::GEPOp::create(rewriter, loc, ptrType, memType, base,
                                       ValueRange{offsetOf(coord)});
      Value v = LLVM::LoadOp::create(rewriter, loc, memType, addr);
      if (memType != elemType)
        v = LLVM::TruncOp::create(rewriter, loc, elemType, v);
      out.push_back(v);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out, rewriter,
                                          dstType));
    return success();
  }

  LoweringContext &lc;
};

template <typename SourceOp, typename X, typename Y, typename Z>
struct GridQueryConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getAxis()) {
    case ProgramIDDim::X: v = X::create(rewriter, op.getLoc(), i32); break;
    case ProgramIDDim::Y: v = Y::create(rewriter, op.getLoc(), i32); break;
    case ProgramIDDim::Z: v = Z::create(rewriter, op.getLoc(), i32); break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateViewOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<SplatOpConversion, BroadcastOpConversion, ExpandDimsOpConversion>(tc);
  patterns.add<MakeRangeOpConversion, ConvertLayoutOpConversion>(tc, lc);
  patterns.add<GridQueryConversion<GetProgramIdOp, NVVM::BlockIdXOp,
                                   NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryConversion<GetNumProgramsOp, NVVM::GridDimXOp,
                                   NVVM::GridDimYOp, NVVM::GridDimZOp>>(tc);
}
