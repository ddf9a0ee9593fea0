//===- FuncToLinalg.cpp - functions, calls and the grid ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.func becomes func.func with six trailing i32 grid arguments when it
// has a body (the program ids and the grid size, docs/cpu-backend.md);
// tt.get_program_id and tt.get_num_programs read them and tt.call forwards
// them. Public functions are marked as kernels (KernelABI.h).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonCPU/IR/KernelABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

struct FuncOpConversion : OpConversionPattern<tt::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type c = getTypeConverter()->convertType(t);
      if (!c)
        return rewriter.notifyMatchFailure(op, "unsupported argument type");
      sig.addInputs(i, c);
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    bool hasBody = !op.isDeclaration();
    if (hasBody)
      sig.addInputs(SmallVector<Type>(tt::kNumGridArgs, rewriter.getI32Type()));

    auto func = func::FuncOp::create(
        rewriter, op.getLoc(), op.getName(),
        rewriter.getFunctionType(sig.getConvertedTypes(), results));
    func.setVisibility(op.getVisibility());
    if (hasBody) {
      rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
      if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                             *getTypeConverter(), &sig)))
        return failure();
      if (op.isPublic())
        func->setAttr(tt::kCPUKernelAttrName, rewriter.getUnitAttr());
    } else {
      func.setPrivate();
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpConversion : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct CallOpConversion : OpConversionPattern<tt::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return failure();
    SmallVector<Value> operands(adaptor.getOperands());
    auto module = op->getParentOfType<ModuleOp>();
    Operation *callee = module.lookupSymbol(op.getCallee());
    bool calleeHasBody = true;
    if (auto f = dyn_cast_or_null<tt::FuncOp>(callee))
      calleeHasBody = !f.isDeclaration();
    else if (auto f = dyn_cast_or_null<func::FuncOp>(callee))
      calleeHasBody = !f.isDeclaration();
    if (calleeHasBody) {
      FailureOr<SmallVector<Value>> grid = getGridArgs(op, tt::kNumGridArgs);
      if (failed(grid))
        return failure();
      operands.append(*grid);
    }
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getCallee(), results,
                                              operands);
    return success();
  }
};

template <typename OpTy, unsigned Offset>
struct GridQueryConversion : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> arg = getGridArg(op, Offset + op.getAxisAsInt());
    if (failed(arg))
      return rewriter.notifyMatchFailure(op, "not inside a converted function");
    rewriter.replaceOp(op, *arg);
    return success();
  }
};

} // namespace

void tt::tolinalg::populateFuncToLinalgPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<FuncOpConversion, ReturnOpConversion, CallOpConversion,
               GridQueryConversion<tt::GetProgramIdOp, 0>,
               GridQueryConversion<tt::GetNumProgramsOp, 3>>(
      converter, patterns.getContext());
}
