//===- AMDStages.cpp - the AMD TTGIR and LLIR stages ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The pass pipelines of the TTGIR and LLIR stages for hip:gfxNNN targets
// (docs/amd-backend.md), and the kernel metadata JSON.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/AMD.h"

#include "tt/Conversion/TritonAMDGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonToTritonGPU/Passes.h"
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Target/AMDGPU/Arch.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
/// The wave size of the target's architecture (64 when it is unknown: the
/// passes report the bad name).
int waveSize(const tt::PipelineOptions &opts) {
  std::optional<tt::amdgpu::Arch> arch = tt::amdgpu::parseTarget(opts.target);
  return arch ? int(arch->waveSize) : 64;
}

std::string archName(llvm::StringRef target) {
  return target.starts_with("hip:") ? target.drop_front(4).str() : "";
}
} // namespace

void tt::buildAMDTTGIRPipeline(OpPassManager &pm, const PipelineOptions &opts) {
  triton::ConvertTritonToTritonGPUOptions convert;
  convert.target = opts.target;
  convert.numWarps = opts.numWarps;
  convert.threadsPerWarp = waveSize(opts);
  convert.numCTAs = opts.numCtas;
  pm.addPass(triton::createConvertTritonToTritonGPU(convert));
  pm.addPass(triton::gpu::createTritonGPUCoalesce());
  // bf16x3/bf16x6 dots as several bf16 dots (tf32x3 is NVIDIA's only).
  pm.addPass(triton::gpu::createTritonGPUF32DotTC());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  triton::amdgpu::TritonAMDGPUAccelerateMatmulOptions matmul;
  matmul.gfxArch = archName(opts.target);
  pm.addPass(triton::amdgpu::createTritonAMDGPUAccelerateMatmul(matmul));
  pm.addPass(triton::amdgpu::createTritonAMDGPUCarryConvertedLayouts());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUOptimizeThreadLocality());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::amdgpu::createTritonAMDGPUOptimizeEpilogue());
  // Loop nests marked tt.flatten become one loop, where upstream's
  // make_ttgir flattens them (before its stream pipeliner).
  pm.addPass(triton::gpu::createTritonGPUFuseNestedLoops());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(createCSEPass());
  // No tritongpu-reduce-data-duplication: dot operands reach their layouts
  // through ttg.convert_layout, which the lowering stages through LDS.
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());
}

void tt::buildAMDLLIRPipeline(OpPassManager &pm, const PipelineOptions &opts) {
  // LDS is laid out and its accesses ordered while loops are structured,
  // as for NVIDIA.
  pm.addPass(triton::createAllocateSharedMemory());
  pm.addPass(triton::createInsertSharedMemoryBarriers());
  pm.addPass(createSCFToControlFlowPass());
  triton::ConvertTritonAMDGPUToLLVMOptions lower;
  std::string arch = archName(opts.target);
  if (!arch.empty())
    lower.arch = arch;
  pm.addPass(triton::createConvertTritonAMDGPUToLLVM(lower));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

std::string tt::buildAMDMetadataJSON(ModuleOp module,
                                     const PipelineOptions &opts) {
  std::string name;
  module.walk([&](LLVM::LLVMFuncOp f) {
    if (name.empty() && f->hasAttr(ROCDL::ROCDLDialect::getKernelFuncAttrName()))
      name = f.getName().str();
  });
  int64_t shared = 0;
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    shared = attr.getInt();
  std::string arch = archName(opts.target);
  return llvm::formatv(
             "{{\"name\": \"{0}\", \"target\": {{\"backend\": \"hip\", "
             "\"arch\": \"{1}\", \"warp_size\": {2}}, \"num_warps\": {3}, "
             "\"num_ctas\": {4}, \"num_stages\": {5}, \"warp_size\": {2}, "
             "\"shared\": {6}, \"global_scratch_size\": 0, "
             "\"global_scratch_align\": 1, \"profile_scratch_size\": 0, "
             "\"profile_scratch_align\": 1, \"arch\": \"{1}\", "
             "\"compiler\": \"tt\"}\n",
             name, arch, opts.threadsPerWarp, opts.numWarps, opts.numCtas,
             opts.numStages, shared)
      .str();
}
