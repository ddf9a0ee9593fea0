//===- Pipeline.cpp - the stage pipelines of tt -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Pipeline/Pipeline.h"
#include "tt/Pipeline/AMD.h"
#include "tt/Pipeline/NVIDIA.h"
#include "tt/Target/AMDGPU/Arch.h"

#include "tt/Analysis/Passes.h"
#include "tt/Conversion/TritonToTritonGPU/Passes.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

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

void tt::buildTTGIRPipeline(OpPassManager &pm, const PipelineOptions &opts) {
  if (amdgpu::isAMDTarget(opts.target)) // lib/Pipeline/AMDPipeline.cpp
    return buildAMDTTGIRPipeline(pm, opts);
  triton::ConvertTritonToTritonGPUOptions convert;
  convert.target = opts.target;
  convert.numWarps = opts.numWarps;
  convert.threadsPerWarp = opts.threadsPerWarp;
  convert.numCTAs = opts.numCtas;
  pm.addPass(triton::createConvertTritonToTritonGPU(convert));
  pm.addPass(triton::gpu::createTritonGPUCoalesce());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUOptimizeThreadLocality());

  std::optional<int> cc = getComputeCapability(opts.target);
  if (!cc || *cc < 80) {
    pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
    pm.addPass(createCSEPass());
    pm.addPass(triton::gpu::createTritonGPUReduceDataDuplication());
    pm.addPass(createSymbolDCEPass());
    pm.addPass(createCanonicalizerPass());
    return;
  }

  // NVIDIA from Ampere on: tensor cores and software pipelining, in the
  // order of upstream's make_ttgir (passes for features we do not generate,
  // such as tensor memory or warp specialization, are left out).
  pm.addPass(triton::gpu::createTritonGPUAccelerateMatmul());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  triton::gpu::TritonGPUOptimizeDotOperandsOptions dotOperands;
  dotOperands.hoistLayoutConversion = true;
  pm.addPass(triton::gpu::createTritonGPUOptimizeDotOperands(dotOperands));
  if (*cc >= 90) // TMA: shared layouts of tensor descriptors.
    pm.addPass(triton::nvidia_gpu::
                   createTritonNvidiaGPUOptimizeDescriptorEncodingPass());
  pm.addPass(triton::createTritonLoopAwareCSE());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(triton::createTritonLoopInvariantCodeMotion());
  pm.addPass(createCanonicalizerPass());
  triton::gpu::TritonGPUAssignLatenciesOptions latencies;
  latencies.numStages = opts.numStages;
  pm.addPass(triton::gpu::createTritonGPUAssignLatencies(latencies));
  pm.addPass(triton::gpu::createTritonGPUScheduleLoops());
  triton::gpu::TritonGPUPipelineOptions pipeline;
  pipeline.numStages = opts.numStages;
  pm.addPass(triton::gpu::createTritonGPUPipeline(pipeline));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(triton::createTritonLoopAwareCSE());
  pm.addPass(triton::gpu::createTritonGPUPrefetch());
  pm.addPass(triton::gpu::createTritonGPUOptimizeDotOperands(dotOperands));
  pm.addPass(triton::gpu::createTritonGPUCoalesceAsyncCopy());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUReduceDataDuplication());
  pm.addPass(triton::createTritonLoopAwareCSE());
  pm.addPass(createSymbolDCEPass());
  if (*cc >= 90) // Descriptors and the loads and stores left to TMA.
    pm.addPass(triton::nvidia_gpu::createTritonNvidiaGPUTMALoweringPass());
  triton::nvidia_gpu::TritonGPUFenceInsertionOptions fences;
  fences.computeCapability = *cc;
  pm.addPass(triton::nvidia_gpu::createTritonGPUFenceInsertion(fences));
  pm.addPass(createSCCPPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void tt::registerAllDialects(DialectRegistry &registry) {
  registry.insert<triton::TritonDialect, triton::gpu::TritonGPUDialect,
                  triton::nvidia_gpu::TritonNvidiaGPUDialect,
                  arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, cf::ControlFlowDialect,
                  ub::UBDialect>();
  registerCPUDialects(registry);
  registerNVIDIATranslations(registry);
  registerAMDTranslations(registry);
}

namespace {
struct StageOptions : public PassPipelineOptions<StageOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("cuda:90, cuda:80, hip:gfx942, cpu"),
                             llvm::cl::init("cuda:90")};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("warps per CTA"),
                       llvm::cl::init(4)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("software pipelining depth"),
                        llvm::cl::init(3)};
  Option<int> numCtas{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"),
                      llvm::cl::init(1)};
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("32 (NVIDIA) or 64 (AMD CDNA)"),
                             llvm::cl::init(32)};

  tt::PipelineOptions get() const {
    tt::PipelineOptions o;
    o.target = target.getValue();
    o.numWarps = numWarps;
    o.numStages = numStages;
    o.numCtas = numCtas;
    o.threadsPerWarp = threadsPerWarp;
    return o;
  }
};
} // namespace

void tt::registerAllPasses() {
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerSymbolDCEPass();
  registerSCCPPass();
  registerLoopInvariantCodeMotionPass();
  triton::registerTritonTransformsPasses();
  triton::registerTritonToTritonGPUPasses();
  triton::gpu::registerTritonGPUPasses();
  triton::nvidia_gpu::registerTritonNvidiaGPUPasses();
  triton::registerTestAxisInfoPass();

  registerCPUPipeline();
  registerNVIDIAPipeline();
  registerAMDPipeline();

  PassPipelineRegistration<StageOptions>(
      "tt-ttir",
      "The TTIR stage (upstream make_ttir): inline, rewrite tensor pointers, "
      "canonicalize, combine, reorder broadcasts, CSE, symbol DCE, unroll",
      [](OpPassManager &pm, const StageOptions &o) {
        buildTTIRPipeline(pm, o.get());
      });
  PassPipelineRegistration<StageOptions>(
      "tt-ttgir",
      "The TTGIR stage (upstream make_ttgir): default layouts "
      "(convert-triton-to-tritongpu), coalescing, layout propagation, CSE",
      [](OpPassManager &pm, const StageOptions &o) {
        buildTTGIRPipeline(pm, o.get());
      });
}
