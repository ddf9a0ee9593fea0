//===- NVIDIAStages.cpp - the NVIDIA TTGIR and LLIR stages ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The pass pipelines of upstream's make_ttgir and make_llir for cuda:NN
// targets, and the kernel metadata JSON in upstream's format.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/NVIDIA.h"

#include "tt/Conversion/TritonGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonToTritonGPU/Passes.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"
#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

std::optional<int> tt::getComputeCapability(llvm::StringRef target) {
  if (!target.consume_front("cuda:"))
    return std::nullopt;
  int cc = 0;
  if (target.getAsInteger(10, cc) || cc < 50)
    return std::nullopt;
  return cc;
}

void tt::buildNVIDIATTGIRPipeline(OpPassManager &pm,
                                  const PipelineOptions &opts) {
  // No block-scaled MMA before Blackwell: tt.dot_scaled becomes upcasts, the
  // scaling and a tt.dot (upstream does this in AccelerateMatmul on Hopper).
  pm.addPass(triton::createTritonDecomposeDotScaled());
  triton::ConvertTritonToTritonGPUOptions convert;
  convert.target = opts.target;
  convert.numWarps = opts.numWarps;
  convert.threadsPerWarp = opts.threadsPerWarp;
  convert.numCTAs = opts.numCtas;
  pm.addPass(triton::createConvertTritonToTritonGPU(convert));
  pm.addPass(triton::gpu::createTritonGPUCoalesce());
  std::optional<int> cc = getComputeCapability(opts.target);
  // tf32x3/bf16x3/bf16x6 dots as several tf32/bf16 dots (tf32 rounding is
  // sm_80 PTX), before accelerate-matmul puts them on tensor cores.
  triton::gpu::TritonGPUF32DotTCOptions f32DotTC;
  f32DotTC.emuTF32 = cc && *cc >= 80;
  pm.addPass(triton::gpu::createTritonGPUF32DotTC(f32DotTC));
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUOptimizeThreadLocality());

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
  // Loop nests marked tt.flatten become one loop before pipelining.
  pm.addPass(triton::gpu::createTritonGPUFuseNestedLoops());
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

void tt::buildNVIDIALLIRPipeline(OpPassManager &pm,
                                 const PipelineOptions &opts) {
  // Shared memory is laid out and its accesses ordered (barriers, proxy
  // fences) while loops are still structured.
  pm.addPass(triton::createAllocateSharedMemory());
  pm.addPass(triton::createGlobalScratchMemoryAllocation());
  pm.addPass(triton::createInsertSharedMemoryBarriers());
  pm.addPass(createSCFToControlFlowPass());
  triton::ConvertTritonGPUToLLVMOptions lower;
  lower.computeCapability = getComputeCapability(opts.target).value_or(90);
  pm.addPass(triton::createConvertTritonGPUToLLVM(lower));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

std::string tt::buildNVIDIAMetadataJSON(ModuleOp module,
                                        const PipelineOptions &opts,
                                        int ptxVersion) {
  std::string name;
  module.walk([&](LLVM::LLVMFuncOp f) {
    if (name.empty() && f->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      name = f.getName().str();
  });
  int64_t shared = 0;
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    shared = attr.getInt();
  // Per-program global scratch (tritongpu-global-scratch-memory-allocation).
  int64_t scratchSize = 0, scratchAlign = 1;
  if (auto attr =
          module->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_size"))
    scratchSize = attr.getInt();
  if (auto attr = module->getAttrOfType<IntegerAttr>(
          "ttg.global_scratch_memory_alignment"))
    scratchAlign = std::max<int64_t>(1, attr.getInt());
  int cc = getComputeCapability(opts.target).value_or(90);
  // Host tensor descriptors' TMA facts, one per descriptor argument in
  // order (NVIDIATargetInfo::lowerKernelArguments): what upstream's
  // launcher builds the CUtensorMaps from.
  std::string descMeta = "[";
  if (auto metas = module->getAttrOfType<ArrayAttr>("ttng.tensordesc_meta"))
    for (auto [i, attr] : llvm::enumerate(metas)) {
      auto meta = cast<DictionaryAttr>(attr);
      auto num = [&](StringRef key) {
        return cast<IntegerAttr>(meta.get(key)).getInt();
      };
      std::string block;
      for (auto [j, d] : llvm::enumerate(
               cast<DenseI64ArrayAttr>(meta.get("block_size")).asArrayRef()))
        block += (j ? ", " : "") + std::to_string(d);
      descMeta += llvm::formatv(
          "{0}{{\"swizzle\": {1}, \"elem_size\": {2}, \"elem_type\": {3}, "
          "\"block_size\": [{4}], \"fp4_padded\": {5}}",
          i ? ", " : "", num("swizzle"), num("elem_size"), num("elem_type"),
          block,
          cast<BoolAttr>(meta.get("fp4_padded")).getValue() ? "true"
                                                            : "false");
    }
  descMeta += "]";
  return llvm::formatv(
             "{{\"name\": \"{0}\", \"target\": {{\"backend\": \"cuda\", "
             "\"arch\": {1}, \"warp_size\": {2}}, \"num_warps\": {3}, "
             "\"num_ctas\": {4}, \"num_stages\": {5}, \"warp_size\": {2}, "
             "\"shared\": {6}, \"tmem_size\": 0, \"global_scratch_size\": {8}, "
             "\"global_scratch_align\": {9}, \"profile_scratch_size\": 0, "
             "\"profile_scratch_align\": 1, \"ptx_version\": {7}, "
             "\"arch_name\": \"sm{1}\", \"tensordesc_meta\": {10}, "
             "\"compiler\": \"tt\"}\n",
             name, cc, opts.threadsPerWarp, opts.numWarps, opts.numCtas,
             opts.numStages, shared, ptxVersion, scratchSize, scratchAlign,
             descMeta)
      .str();
}
