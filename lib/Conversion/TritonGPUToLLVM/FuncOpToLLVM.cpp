//===- FuncOpToLLVM.cpp - kernels and their ABI -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A public tt.func becomes an NVVM kernel with upstream Triton 3.6's ABI:
// its arguments, then two global pointers (global scratch and profile
// scratch) that the launcher passes (null when unused). The kernel requires
// exactly num_warps * 32 threads per CTA.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

struct FuncOpConversion : public ConvertOpToLLVMPattern<FuncOp> {
  FuncOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

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
    if (isKernel) {
      inputs.push_back(global); // global scratch
      inputs.push_back(global); // profile scratch
    }
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
      newFunc->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                       UnitAttr::get(ctx));
      newFunc->setAttr(
          NVVM::NVVMDialect::getReqntidAttrName(),
          rewriter.getDenseI32ArrayAttr({lc.numWarps * lc.threadsPerWarp}));
    }
    rewriter.inlineRegionBefore(func.getBody(), newFunc.getBody(),
                                newFunc.end());
    if (failed(rewriter.convertRegionTypes(&newFunc.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    if (isKernel) {
      Block &entry = newFunc.getBody().front();
      entry.addArgument(global, func.getLoc());
      entry.addArgument(global, func.getLoc());
    }
    rewriter.eraseOp(func);
    return success();
  }

  LoweringContext &lc;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getSrcs().size() > 1)
      return op.emitError("functions returning several values are not lowered yet");
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, adaptor.getSrcs());
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateFuncOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<FuncOpConversion>(tc, lc);
  patterns.add<ReturnOpConversion>(tc);
}
