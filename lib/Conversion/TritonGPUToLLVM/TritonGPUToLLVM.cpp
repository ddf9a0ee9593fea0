//===- TritonGPUToLLVM.cpp - the convert-triton-gpu-to-llvm pass -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Passes.h"

#include "Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "tt/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

class ConvertTritonGPUToLLVM
    : public triton::impl::ConvertTritonGPUToLLVMBase<ConvertTritonGPUToLLVM> {
public:
  using ConvertTritonGPUToLLVMBase::ConvertTritonGPUToLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // Every tensor must have a layout the lowering understands.
    WalkResult check = module.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        if (auto tensor = dyn_cast<RankedTensorType>(t))
          if (!triton::gpu::toLinearLayout(tensor)) {
            op->emitError() << "cannot lower a tensor of type " << t
                            << ": its encoding is not supported yet";
            return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (check.wasInterrupted())
      return signalPassFailure();

    ModuleAxisInfoAnalysis axisInfo(module);
    LoweringContext lc;
    lc.axisInfo = &axisInfo;
    lc.numWarps = triton::gpu::maybeLookupNumWarps(module).value_or(4);
    lc.threadsPerWarp = triton::gpu::maybeLookupThreadsPerWarp(module).value_or(32);
    lc.computeCapability = computeCapability;
    // The module's own target wins over the option, as everywhere else.
    if (auto target = module->getAttrOfType<StringAttr>("ttg.target")) {
      StringRef t = target.getValue();
      int cc = 0;
      if (t.consume_front("cuda:") && !t.getAsInteger(10, cc) && cc > 0)
        lc.computeCapability = cc;
    }

    LowerToLLVMOptions options(ctx);
    TritonGPUToLLVMTypeConverter tc(ctx, options);
    RewritePatternSet patterns(ctx);
    populateFuncOpToLLVMPatterns(tc, patterns, lc);
    populateElementwiseOpToLLVMPatterns(tc, patterns, lc);
    populateMemoryOpToLLVMPatterns(tc, patterns, lc);
    populateViewOpToLLVMPatterns(tc, patterns, lc);
    populateReduceOpToLLVMPatterns(tc, patterns, lc);
    populateAtomicOpToLLVMPatterns(tc, patterns, lc);
    populateScanOpToLLVMPatterns(tc, patterns, lc);
    populateShapeOpToLLVMPatterns(tc, patterns, lc);
    populatePrintOpToLLVMPatterns(tc, patterns, lc);
    arith::populateArithToLLVMConversionPatterns(tc, patterns);
    populateMathToLLVMConversionPatterns(tc, patterns,
                                         /*approximateLog1p=*/true,
                                         /*benefit=*/2);
    // libdevice only for math ops LLVM has no intrinsic for (rsqrt, log,
    // sin, ...); arith ops stay LLVM instructions (maxnumf -> max.f32).
    {
      RewritePatternSet libdevice(ctx);
      populateLibDeviceConversionPatterns(tc, libdevice, /*benefit=*/1);
      for (auto &pattern : libdevice.getNativePatterns()) {
        std::optional<OperationName> root = pattern->getRootKind();
        if (root && root->getDialectNamespace() == "math")
          patterns.add(std::move(pattern));
      }
    }
    cf::populateControlFlowToLLVMConversionPatterns(tc, patterns);
    ub::populateUBToLLVMConversionPatterns(tc, patterns);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addLegalOp<ModuleOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return false; });
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    module->setAttr("ttg.shared",
                    IntegerAttr::get(IntegerType::get(ctx, 32), lc.sharedBytes));
  }
};

} // namespace
