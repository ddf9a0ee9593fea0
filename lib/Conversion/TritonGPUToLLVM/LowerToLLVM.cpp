//===- LowerToLLVM.cpp - the TTGIR-to-LLVM conversion driver ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// lowerToLLVM: the body of every TTGIR-to-LLVM conversion pass, run by each
// backend's pass with its TargetInfo and patterns.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

LogicalResult mlir::triton::lowering::lowerToLLVM(ModuleOp module,
                                                  const TargetInfo &target,
                                                  int computeCapability,
                                                  PatternHook extraPatterns) {
  MLIRContext *ctx = module.getContext();

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
    return failure();

  ModuleAxisInfoAnalysis axisInfo(module);
  LoweringContext lc;
  lc.axisInfo = &axisInfo;
  lc.target = &target;
  lc.numWarps = triton::gpu::maybeLookupNumWarps(module).value_or(4);
  lc.threadsPerWarp =
      triton::gpu::maybeLookupThreadsPerWarp(module).value_or(32);
  lc.computeCapability = computeCapability;
  // Shared memory is laid out by allocate-shared-memory (the pipelines run
  // it); a module that did not go through it is allocated here.
  if (!module->hasAttr("ttg.shared") && failed(allocateSharedMemory(module)))
    return failure();
  if (auto shared = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    lc.sharedBytes = shared.getInt();

  LowerToLLVMOptions options(ctx);
  TritonGPUToLLVMTypeConverter tc(ctx, options);
  RewritePatternSet patterns(ctx);
  populateFuncOpToLLVMPatterns(tc, patterns, lc);
  populateElementwiseOpToLLVMPatterns(tc, patterns, lc);
  populateMemoryOpToLLVMPatterns(tc, patterns, lc);
  populateUserElementwiseOpToLLVMPatterns(tc, patterns);
  populateViewOpToLLVMPatterns(tc, patterns, lc);
  populateDotOpToLLVMPatterns(tc, patterns, lc);
  populateReduceOpToLLVMPatterns(tc, patterns, lc);
  populateScanOpToLLVMPatterns(tc, patterns, lc);
  populateShapeOpToLLVMPatterns(tc, patterns, lc);
  populateAtomicOpToLLVMPatterns(tc, patterns, lc);
  populatePrintOpToLLVMPatterns(tc, patterns, lc);
  arith::populateArithToLLVMConversionPatterns(tc, patterns);
  // ceildivsi/floordivsi (tritongpu-fuse-nested-loops' trip counts) have no
  // LLVM lowering of their own: expand them into divisions and selects.
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  // The target's own patterns: math (LLVM intrinsics or its device
  // library), fast paths.
  target.populatePatterns(tc, patterns, lc);
  if (extraPatterns)
    extraPatterns(tc, patterns, lc);
  cf::populateControlFlowToLLVMConversionPatterns(tc, patterns);
  ub::populateUBToLLVMConversionPatterns(tc, patterns);

  ConversionTarget legal(*ctx);
  legal.addLegalDialect<LLVM::LLVMDialect>();
  target.addLegalDialects(legal);
  legal.addLegalOp<ModuleOp>();
  legal.markUnknownOpDynamicallyLegal([](Operation *) { return false; });
  if (failed(applyFullConversion(module, legal, std::move(patterns))))
    return failure();

  // Loop annotations (tl.range(disable_licm=True), tl.condition(...,
  // disable_licm=True)) reach the loop's back edge as the discardable
  // `llvm.loop_annotation` that SCF-to-CF copies onto the branch; the LLVM
  // IR translation reads the branch's own `loop_annotation`.
  module.walk([](Operation *op) {
    auto annotation = dyn_cast_or_null<LLVM::LoopAnnotationAttr>(
        op->getDiscardableAttr("llvm.loop_annotation"));
    if (!annotation)
      return;
    if (auto br = dyn_cast<LLVM::BrOp>(op))
      br.setLoopAnnotationAttr(annotation);
    else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
      condBr.setLoopAnnotationAttr(annotation);
    else
      return;
    op->removeDiscardableAttr("llvm.loop_annotation");
  });

  // allocate-shared-memory may have sized shared memory already; the
  // lowering's own high-water mark can only add to it.
  int64_t sharedBytes = lc.sharedBytes;
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    sharedBytes = std::max<int64_t>(sharedBytes, attr.getInt());
  if (failed(target.finalizeModule(module, sharedBytes)))
    return failure();
  module->setAttr("ttg.shared",
                  IntegerAttr::get(IntegerType::get(ctx, 32), sharedBytes));
  return success();
}
