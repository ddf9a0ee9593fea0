//===- NVIDIAPipeline.cpp - the NVIDIA stages -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Pipeline/NVIDIA.h"
#include "tt/Pipeline/AMD.h"
#include "tt/Target/AMDGPU/Arch.h"

#include "tt/Conversion/TritonGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Patterns.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>

using namespace mlir;

std::optional<int> tt::getComputeCapability(llvm::StringRef target) {
  if (!target.consume_front("cuda:"))
    return std::nullopt;
  int cc = 0;
  if (target.getAsInteger(10, cc) || cc < 50)
    return std::nullopt;
  return cc;
}

void tt::buildNVIDIALLIRPipeline(OpPassManager &pm, const PipelineOptions &opts) {
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

void tt::registerNVIDIATranslations(DialectRegistry &registry) {
  registry.insert<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  triton::lowering::registerNVIDIATargetInfo();
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

llvm::Error tt::lowerToLLVMDialect(ModuleOp module, PipelineOptions &opts) {
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
  if (!getComputeCapability(opts.target))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "target '" + opts.target +
                                       "' is not an NVIDIA target (cuda:NN)");
  if (stage == Stage::TTIR) {
    if (auto err = runPipeline(
            module, [&](OpPassManager &pm) { buildTTIRPipeline(pm, opts); },
            "TTIR"))
      return err;
    // Dumps (TRITON_KERNEL_DUMP) and overrides (TRITON_KERNEL_OVERRIDE).
    if (auto err = tt::debug::finishStage("ttir", module))
      return err;
    if (auto err = runPipeline(
            module, [&](OpPassManager &pm) { buildTTGIRPipeline(pm, opts); },
            "TTGIR"))
      return err;
  }
  if (stage != Stage::LLIR) {
    if (auto err = tt::debug::finishStage("ttgir", module))
      return err;
    readModuleOptions(); // an override may change them
    if (auto err = runPipeline(
            module,
            [&](OpPassManager &pm) { buildNVIDIALLIRPipeline(pm, opts); },
            "LLIR"))
      return err;
  }
  return llvm::Error::success();
}

namespace {
/// The file position a location points at (through names, call sites (the
/// caller), fused and opaque locations); null when there is none.
FileLineColLoc filePosition(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return filePosition(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return filePosition(call.getCaller());
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return filePosition(opaque.getFallbackLocation());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (FileLineColLoc file = filePosition(part))
        return file;
  return {};
}

LLVM::DIFileAttr fileAttr(MLIRContext *ctx, FileLineColLoc pos) {
  if (!pos)
    return LLVM::DIFileAttr::get(ctx, "<unknown>", "");
  StringRef path = pos.getFilename().getValue();
  return LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path),
                               llvm::sys::path::parent_path(path));
}

/// Gives every function definition a DISubprogram, so that translation to
/// LLVM IR turns the ops' locations into !dbg line information. Ops inlined
/// from other functions (call-site locations) get their callee positions
/// scoped in a lexical block of the function, so that every inlinedAt chain
/// ends in the function's own subprogram, as LLVM requires.
///
/// The compile unit is DebugDirectivesOnly: NVPTX then writes .loc/.file
/// but no DWARF sections and no ", debug" on .target (which would make
/// ptxas compile without optimization; upstream strips it from its PTX).
void addLineInfo(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  FileLineColLoc unitPos = filePosition(module.getLoc());
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (!unitPos)
      unitPos = filePosition(func.getLoc());
  auto unit = LLVM::DICompileUnitAttr::get(
      DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C,
      fileAttr(ctx, unitPos), StringAttr::get(ctx, "tt"), /*isOptimized=*/true,
      LLVM::DIEmissionKind::DebugDirectivesOnly);
  auto type = LLVM::DISubroutineTypeAttr::get(ctx, llvm::dwarf::DW_CC_normal,
                                              {});
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (func.isExternal() ||
        func.getLoc()->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>())
      continue;
    FileLineColLoc pos = filePosition(func.getLoc());
    unsigned line = pos ? pos.getLine() : 1;
    auto subprogram = LLVM::DISubprogramAttr::get(
        ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, fileAttr(ctx, pos),
        func.getNameAttr(), func.getNameAttr(), fileAttr(ctx, pos), line, line,
        LLVM::DISubprogramFlags::Definition |
            LLVM::DISubprogramFlags::Optimized,
        type, {}, {});
    func->setLoc(FusedLoc::get(ctx, {func.getLoc()}, subprogram));
    std::function<Location(Location)> scoped = [&](Location loc) -> Location {
      if (auto call = dyn_cast<CallSiteLoc>(loc))
        return CallSiteLoc::get(scoped(call.getCallee()), call.getCaller());
      auto block = LLVM::DILexicalBlockFileAttr::get(
          ctx, subprogram, fileAttr(ctx, filePosition(loc)), 0);
      return FusedLoc::get(ctx, {loc}, block);
    };
    func.walk([&](Operation *op) {
      if (auto call = dyn_cast<CallSiteLoc>(op->getLoc()))
        op->setLoc(CallSiteLoc::get(scoped(call.getCallee()),
                                    call.getCaller()));
    });
  }
}
} // namespace

llvm::Expected<std::unique_ptr<llvm::Module>>
tt::translateToLLVMIR(ModuleOp module, llvm::LLVMContext &context) {
  // Line information: .loc/.file directives in the PTX, line info in the
  // cubin (ptxas -lineinfo). TRITON_DISABLE_LINE_INFO=1 leaves them out.
  if (!tt::debug::getBoolEnv("TRITON_DISABLE_LINE_INFO"))
    addLineInfo(module);
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "LLVMDialectModule");
  if (!llvmModule)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "translation to LLVM IR failed");
  return std::move(llvmModule);
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
  return llvm::formatv(
             "{{\"name\": \"{0}\", \"target\": {{\"backend\": \"cuda\", "
             "\"arch\": {1}, \"warp_size\": {2}}, \"num_warps\": {3}, "
             "\"num_ctas\": {4}, \"num_stages\": {5}, \"warp_size\": {2}, "
             "\"shared\": {6}, \"tmem_size\": 0, \"global_scratch_size\": {8}, "
             "\"global_scratch_align\": {9}, \"profile_scratch_size\": 0, "
             "\"profile_scratch_align\": 1, \"ptx_version\": {7}, "
             "\"arch_name\": \"sm{1}\", \"compiler\": \"tt\"}\n",
             name, cc, opts.threadsPerWarp, opts.numWarps, opts.numCtas,
             opts.numStages, shared, ptxVersion, scratchSize, scratchAlign)
      .str();
}

namespace {
struct LLIROptions : public PassPipelineOptions<LLIROptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("cuda:90, cuda:80 or hip:gfxNNN"),
                             llvm::cl::init("cuda:90")};
};
} // namespace

void tt::registerNVIDIAPipeline() {
  triton::registerTritonGPUToLLVMPasses();
  triton::registerTritonNVIDIAGPUToLLVMPasses();
  // Every pass of the stage, so that tt-opt --run-reproducer can replay it.
  registerPass([] { return createSCFToControlFlowPass(); });
  PassPipelineRegistration<LLIROptions>(
      "tt-llir",
      "The NVIDIA LLIR stage: allocate-shared-memory, "
      "tritongpu-global-scratch-memory-allocation, "
      "insert-shared-memory-barriers, convert-scf-to-cf, "
      "convert-triton-gpu-to-llvm, canonicalize, CSE",
      [](OpPassManager &pm, const LLIROptions &o) {
        PipelineOptions opts;
        opts.target = o.target;
        if (amdgpu::isAMDTarget(o.target)) // lib/Pipeline/AMDPipeline.cpp
          return buildAMDLLIRPipeline(pm, opts);
        buildNVIDIALLIRPipeline(pm, opts);
      });
}
