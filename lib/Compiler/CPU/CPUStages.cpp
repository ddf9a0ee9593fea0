//===- CPUStages.cpp - the CPU stage of tt ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TTIR (after the tt-ttir stage) to the LLVM dialect for the host CPU; see
// docs/cpu-backend.md. CPUBackend.cpp turns the result into an object or
// a shared library with lib/Target/CPU.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/CPU.h"

#include "tt/Conversion/TritonToLinalg/Passes.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"
#include "tt/Dialect/TritonCPU/Transforms/Passes.h"
#include "tt/Target/CPU/CPU.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/TargetParser/Host.h"

using namespace mlir;

/// f32 lanes of the host's widest vectors, which the dot micro-kernel uses.
static unsigned getHostVectorWidth() {
  auto features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 16;
  if (features.lookup("avx"))
    return 8;
  return 4;
}

void tt::buildCPUPipeline(OpPassManager &pm, const PipelineOptions &) {
  // tt.dot_scaled as upcasts, scaling and a tt.dot (as on NVIDIA).
  pm.addPass(triton::createTritonDecomposeDotScaled());
  // Tiles to linalg on tensors, fused.
  pm.addPass(triton::createConvertTritonToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(triton::cpu::createTritonCPUFuseElementwise());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(triton::cpu::createTritonCPUVersionMasks());

  // Tensors to buffers, freed when dead.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::buildBufferDeallocationPipeline(pm);

  // Loops, scalar code and math.
  triton::cpu::TritonCPULowerDotOptions dot;
  dot.vectorWidth = getHostVectorWidth();
  pm.addNestedPass<func::FuncOp>(triton::cpu::createTritonCPULowerDot(dot));
  pm.addNestedPass<func::FuncOp>(triton::cpu::createTritonCPULowerCopies());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addNestedPass<func::FuncOp>(
      triton::cpu::createTritonCPUHoistBufferReads());
  pm.addPass(math::createMathExtendToSupportedTypes());
  pm.addPass(triton::cpu::createTritonCPULowerMath());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Everything to the LLVM dialect.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToLLVMPass());
  // aligned_alloc rather than malloc plus pointer arithmetic, which would
  // hide from LLVM that temporaries do not alias each other or the
  // kernel's arguments.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(triton::cpu::createTritonCPUDefineAtomics());
  pm.addPass(triton::cpu::createTritonCPUPackedEntry());
  pm.addPass(createCanonicalizerPass());
}

void tt::registerCPUPipeline() {
  tt::cpu::registerCPUPasses();
  // The upstream MLIR passes of the stage, so that tt-opt runs them by name
  // and replays the stage's reproducers (TRITON_REPRODUCER_PATH).
  bufferization::registerBufferizationPasses();
  memref::registerMemRefPasses();
  registerLinalgPasses();
  math::registerMathPasses();
  registerPass([] { return createConvertMathToLLVMPass(); });
  registerPass([] { return createConvertMathToLibmPass(); });
  registerPass([] { return createSCFToControlFlowPass(); });
  registerPass([] { return createLowerAffinePass(); });
  registerPass([] { return createConvertVectorToLLVMPass(); });
  registerPass([] { return createFinalizeMemRefToLLVMConversionPass(); });
  registerPass([] { return createArithToLLVMConversionPass(); });
  registerPass([] { return createConvertIndexToLLVMPass(); });
  registerPass([] { return createConvertControlFlowToLLVMPass(); });
  registerPass([] { return createConvertFuncToLLVMPass(); });
  registerPass([] { return createUBToLLVMConversionPass(); });
  registerPass([] { return createReconcileUnrealizedCastsPass(); });
  PassPipelineRegistration<>(
      "tt-cpu",
      "The CPU stage: TTIR to the LLVM dialect through linalg on tensors "
      "(convert-triton-to-linalg), elementwise fusion, one-shot "
      "bufferization, loops, math lowering, and the <kernel>__packed entry "
      "points of the CPU kernel ABI",
      [](OpPassManager &pm) { buildCPUPipeline(pm, PipelineOptions()); });
}
