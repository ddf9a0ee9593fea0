//===- AMDPipeline.cpp - the AMD stages -------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Pipeline/AMD.h"

#include "tt/Conversion/TritonAMDGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonToTritonGPU/Passes.h"
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Target/AMDGPU/Arch.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
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
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  triton::amdgpu::TritonAMDGPUAccelerateMatmulOptions matmul;
  matmul.gfxArch = archName(opts.target);
  pm.addPass(triton::amdgpu::createTritonAMDGPUAccelerateMatmul(matmul));
  pm.addPass(triton::amdgpu::createTritonAMDGPUCarryConvertedLayouts());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUOptimizeThreadLocality());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::amdgpu::createTritonAMDGPUOptimizeEpilogue());
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

void tt::registerAMDTranslations(DialectRegistry &registry) {
  registry.insert<ROCDL::ROCDLDialect>();
  registerROCDLDialectTranslation(registry);
}

void tt::registerAMDPipeline() {
  triton::amdgpu::registerTritonAMDGPUPasses();
  triton::registerTritonAMDGPUToLLVMPasses();
}

namespace {
enum class Stage { TTIR, TTGIR, LLIR };

Stage detectStage(ModuleOp module) {
  bool hasLLVMFunc = false;
  module.walk([&](LLVM::LLVMFuncOp) { hasLLVMFunc = true; });
  if (hasLLVMFunc)
    return Stage::LLIR;
  if (module->hasAttr("ttg.num-warps"))
    return Stage::TTGIR;
  return Stage::TTIR;
}

llvm::Error runPipeline(ModuleOp module,
                        function_ref<void(OpPassManager &)> build,
                        llvm::StringRef stage) {
  PassManager pm(module.getContext());
  build(pm);
  if (failed(applyPassManagerCLOptions(pm)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bad pass manager options");
  tt::debug::configurePassManager(pm, stage.lower());
  if (failed(pm.run(module)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the " + stage + " stage failed");
  return llvm::Error::success();
}
} // namespace

llvm::Error tt::lowerToLLVMDialectAMD(ModuleOp module, PipelineOptions &opts) {
  Stage stage = detectStage(module);
  auto readModuleOptions = [&] {
    if (auto warps = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      opts.numWarps = warps.getInt();
    if (auto tpw = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      opts.threadsPerWarp = tpw.getInt();
    if (auto target = module->getAttrOfType<StringAttr>("ttg.target"))
      opts.target = target.getValue().str();
  };
  if (stage != Stage::TTIR)
    readModuleOptions();
  std::optional<amdgpu::Arch> arch = amdgpu::parseTarget(opts.target);
  if (!arch)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "target '" + opts.target + "' is not an AMD target tt knows (hip:" +
            "gfxNNN with one of " + amdgpu::supportedArchList() + ")");
  if (stage == Stage::TTIR) {
    opts.threadsPerWarp = int(arch->waveSize);
    if (auto err = runPipeline(
            module, [&](OpPassManager &pm) { buildTTIRPipeline(pm, opts); },
            "TTIR"))
      return err;
    if (auto err = tt::debug::finishStage("ttir", module))
      return err;
    if (auto err = runPipeline(
            module, [&](OpPassManager &pm) { buildAMDTTGIRPipeline(pm, opts); },
            "TTGIR"))
      return err;
  }
  if (stage != Stage::LLIR) {
    if (auto err = tt::debug::finishStage("ttgir", module))
      return err;
    readModuleOptions();
    if (auto err = runPipeline(
            module, [&](OpPassManager &pm) { buildAMDLLIRPipeline(pm, opts); },
            "LLIR"))
      return err;
  }
  return llvm::Error::success();
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
