//===- Stages.cpp - the target-independent stage pipelines ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Stages.h"
#include "StageOptions.h"

#include "tt/Conversion/TritonToTritonGPU/Passes.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void tt::buildTTIRPipeline(OpPassManager &pm, const PipelineOptions &) {
  pm.addPass(createInlinerPass());
  pm.addPass(triton::createTritonRewriteTensorPointer());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(triton::createTritonCombineOps());
  pm.addPass(triton::createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(triton::createTritonLoopUnroll());
}

void tt::registerCoreDialects(DialectRegistry &registry) {
  registry.insert<triton::TritonDialect, triton::gpu::TritonGPUDialect,
                  triton::nvidia_gpu::TritonNvidiaGPUDialect,
                  arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                  cf::ControlFlowDialect, ub::UBDialect,
                  // gpu.barrier: upstream's frontend writes tl.debug_barrier so
                  gpu::GPUDialect>();
}

void tt::registerCorePasses() {
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerSymbolDCEPass();
  registerSCCPPass();
  registerLoopInvariantCodeMotionPass();
  triton::registerTritonTransformsPasses();
  triton::registerTritonToTritonGPUPasses();
  triton::gpu::registerTritonGPUPasses();
  PassPipelineRegistration<tt::compiler::StageOptions>(
      "tt-ttir",
      "The TTIR stage (upstream make_ttir): inline, rewrite tensor pointers, "
      "canonicalize, combine, reorder broadcasts, CSE, symbol DCE, unroll",
      [](OpPassManager &pm, const tt::compiler::StageOptions &o) {
        buildTTIRPipeline(pm, o.get());
      });
}
