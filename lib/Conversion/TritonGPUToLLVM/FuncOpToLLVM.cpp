//===- FuncOpToLLVM.cpp - kernels and their ABI -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A public tt.func becomes a kernel (TargetInfo::markKernel) with upstream Triton 3.6's ABI:
// its arguments, then two global pointers (global scratch and profile
// scratch) that the launcher passes (null when unused). The kernel requires
// exactly num_warps * threads-per-warp threads per CTA.
//
// A private tt.func that survived inlining (`noinline = true`) becomes an
// internal llvm.func with the converted signature plus the same two scratch
// pointers, which every tt.call passes through from its caller, as upstream
// does. Several results travel as one struct.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

struct FuncOpConversion : public LoweringPattern<FuncOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(FuncOp func, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = func.getContext();
    bool isKernel = func.isPublic();
    FunctionType type = func.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return func.emitError() << "cannot lower argument type " << t;
      signature.addInputs(i, converted);
    }
    SmallVector<Type> inputs(signature.getConvertedTypes());
    auto global = LLVM::LLVMPointerType::get(ctx, 1);
    inputs.push_back(global); // global scratch
    inputs.push_back(global); // profile scratch
    SmallVector<Type> results;
    for (Type t : type.getResults())
      results.push_back(getTypeConverter()->convertType(t));
    Type resultType =
        results.empty() ? LLVM::LLVMVoidType::get(ctx)
        : results.size() == 1
            ? results[0]
            : (Type)LLVM::LLVMStructType::getLiteral(ctx, results);
    auto llvmType = LLVM::LLVMFunctionType::get(resultType, inputs);
    auto newFunc = LLVM::LLVMFuncOp::create(
        rewriter, func.getLoc(), func.getName(), llvmType,
        isKernel ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    if (isKernel) {
      lc.target->markKernel(newFunc, lc.numWarps, lc.threadsPerWarp);
      if (failed(lc.target->lowerKernelArguments(newFunc, func)))
        return failure();
    } else if (auto noinline = func->getAttrOfType<BoolAttr>("noinline");
               noinline && noinline.getValue()) {
      newFunc.setNoInline(true);
    }
    rewriter.inlineRegionBefore(func.getBody(), newFunc.getBody(),
                                newFunc.end());
    if (failed(rewriter.convertRegionTypes(&newFunc.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    Block &entry = newFunc.getBody().front();
    entry.addArgument(global, func.getLoc());
    entry.addArgument(global, func.getLoc());
    rewriter.eraseOp(func);
    return success();
  }
};

/// Several return values travel as one struct.
Type packedResultType(MLIRContext *ctx, TypeRange results) {
  if (results.empty())
    return LLVM::LLVMVoidType::get(ctx);
  if (results.size() == 1)
    return results[0];
  return LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(results));
}

struct ReturnOpConversion : public ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange srcs = adaptor.getSrcs();
    if (srcs.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, srcs);
      return success();
    }
    Location loc = op.getLoc();
    Type type = packedResultType(getContext(), srcs.getTypes());
    Value packed = LLVM::UndefOp::create(rewriter, loc, type);
    for (auto [i, v] : llvm::enumerate(srcs))
      packed = LLVM::InsertValueOp::create(rewriter, loc, packed, v, i);
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, packed);
    return success();
  }
};

/// tt.call of a function kept out of line: the converted operands, then the
/// caller's own two scratch pointers.
struct CallOpConversion : public ConvertOpToLLVMPattern<CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto caller = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!caller)
      return failure();
    SmallVector<Value> operands(adaptor.getOperands());
    auto callerArgs = caller.getBody().front().getArguments();
    if (callerArgs.size() < 2)
      return op.emitError("the calling function has no scratch pointers");
    operands.append(callerArgs.end() - 2, callerArgs.end());
    SmallVector<Type> results;
    for (Type t : op.getResultTypes()) {
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return op.emitError() << "cannot lower result type " << t;
      results.push_back(converted);
    }
    Type resultType = packedResultType(getContext(), results);
    SmallVector<Type> argTypes(ValueRange(operands).getTypes());
    auto fnType = LLVM::LLVMFunctionType::get(resultType, argTypes);
    auto call = LLVM::CallOp::create(rewriter, loc, fnType,
                                     op.getCalleeAttr(), operands);
    if (results.size() <= 1) {
      rewriter.replaceOp(op, call->getResults());
      return success();
    }
    SmallVector<Value> values;
    for (unsigned i = 0; i < results.size(); ++i)
      values.push_back(
          LLVM::ExtractValueOp::create(rewriter, loc, call.getResult(), i));
    rewriter.replaceOp(op, values);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateFuncOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<FuncOpConversion>(tc, lc);
  patterns.add<ReturnOpConversion, CallOpConversion>(tc);
}
