//===- ConvertTritonGPUToLLVM.cpp - convert-triton-gpu-to-llvm ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The NVIDIA lowering pass: the common lowering (lowerToLLVM) with the
// NVIDIA TargetInfo, the shared-memory and global-scratch patterns and the
// NVIDIA operations.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h"

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

void mlir::triton::lowering::populateTritonNVIDIAGPUToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  populateWarpGroupDotOpToLLVMPatterns(tc, patterns, lc);
  populateAsyncCopyOpToLLVMPatterns(tc, patterns, lc);
  populateMBarrierOpToLLVMPatterns(tc, patterns, lc);
  populateMmaV2DotOpToLLVMPatterns(tc, patterns, lc);
  populateLoadMatrixOpToLLVMPatterns(tc, patterns, lc);
  populateTensormapOpToLLVMPatterns(tc, patterns, lc);
  populateTMAOpToLLVMPatterns(tc, patterns, lc);
}

namespace {

class ConvertTritonGPUToLLVM
    : public triton::impl::ConvertTritonGPUToLLVMBase<ConvertTritonGPUToLLVM> {
public:
  using ConvertTritonGPUToLLVMBase::ConvertTritonGPUToLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int cc = computeCapability;
    // The module's own target wins over the option, as everywhere else.
    if (auto target = module->getAttrOfType<StringAttr>("ttg.target")) {
      StringRef t = target.getValue();
      int value = 0;
      if (t.consume_front("cuda:") && !t.getAsInteger(10, value) && value > 0)
        cc = value;
    }
    // Shared-memory buffers and views, the NVIDIA operations (wgmma,
    // cp.async, mbarriers, proxy fences, TMA) and global scratch.
    auto nvidiaPatterns = [](TritonGPUToLLVMTypeConverter &tc,
                             RewritePatternSet &patterns, LoweringContext &lc) {
      populateSharedMemoryOpToLLVMPatterns(tc, patterns, lc);
      populateTritonNVIDIAGPUToLLVMPatterns(tc, patterns, lc);
      populateGlobalScratchOpToLLVMPatterns(tc, patterns, lc);
    };
    // Global scratch is laid out by its own pass (the pipeline runs it); a
    // module that did not go through it is laid out here.
    if (!module->hasAttr("ttg.global_scratch_memory_size") &&
        failed(allocateGlobalScratchMemory(module)))
      return signalPassFailure();
    if (failed(lowerToLLVM(module, getNVIDIATargetInfo(cc), cc,
                           nvidiaPatterns)))
      signalPassFailure();
  }
};

} // namespace
