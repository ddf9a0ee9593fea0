//===- NVIDIABackend.cpp - cuda:NN targets ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The NVIDIA sequence, the one place it is written: the MLIR stages to the
// LLVM dialect (CompileJob::lowerToLLVMDialect with this backend's
// pipelines), LLVM IR with line information, LLVM's O3 for NVPTX (the llir
// stage, as upstream's make_llir), PTX, ptxas, and the metadata last, as
// upstream writes it once a compilation is complete.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/NVIDIA.h"

#include "tt/Compiler/Backend.h"
#include "tt/Compiler/LLVMIR.h"
#include "tt/Compiler/Session.h"
#include "tt/Conversion/TritonGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Patterns.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "tt/Target/NVPTX/NVPTX.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using namespace tt::compiler;

namespace {
Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

class NVIDIABackend : public Backend {
public:
  StringRef getName() const override { return "nvidia"; }
  StringRef getTargetSyntax() const override { return "cuda:NN"; }
  bool claims(StringRef target) const override {
    return target.starts_with("cuda:");
  }
  Error checkTarget(StringRef target) const override {
    if (tt::getComputeCapability(target))
      return Error::success();
    return makeError("bad NVIDIA target '" + target +
                     "' (expected cuda:NN, e.g. cuda:90)");
  }
  Error checkModuleTarget(StringRef target) const override {
    if (tt::getComputeCapability(target))
      return Error::success();
    return makeError("target '" + target +
                     "' is not an NVIDIA target (cuda:NN)");
  }
  ArrayRef<EmitKind> getEmitKinds() const override {
    static const EmitKind kinds[] = {EmitKind::LLVMIR, EmitKind::PTX,
                                     EmitKind::Cubin};
    return kinds;
  }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    tt::registerLLVMIRTranslations(registry);
    registry.insert<mlir::NVVM::NVVMDialect>();
    mlir::registerNVVMDialectTranslation(registry);
    // The passes that size shared memory before the lowering ask it.
    mlir::triton::lowering::registerNVIDIATargetInfo();
  }
  void registerPasses() const override {
    mlir::triton::nvidia_gpu::registerTritonNvidiaGPUPasses();
    mlir::triton::registerTritonGPUToLLVMPasses();
    mlir::triton::registerTritonNVIDIAGPUToLLVMPasses();
    // Every pass of the stages, so that tt-opt --run-reproducer replays it.
    mlir::registerPass([] { return mlir::createSCFToControlFlowPass(); });
  }

  void buildTTGIRPipeline(mlir::OpPassManager &pm,
                          const tt::PipelineOptions &opts) const override {
    tt::buildNVIDIATTGIRPipeline(pm, opts);
  }
  void buildLLIRPipeline(mlir::OpPassManager &pm,
                         const tt::PipelineOptions &opts) const override {
    tt::buildNVIDIALLIRPipeline(pm, opts);
  }

  std::optional<std::string> getToolchainKey() const override {
    return "ptxas=" + tt::nvptx::findPtxas();
  }

  Error compile(CompileJob &job) const override;
};

Error NVIDIABackend::compile(CompileJob &job) const {
  const tt::PipelineOptions &opts = job.getOptions();
  // Upstream's make_ttgir records maxnreg on the module; the lowering puts
  // it on the kernel entries (NVIDIATargetInfo::markKernel).
  if (opts.maxNumRegs > 0) {
    mlir::ModuleOp module = job.getModule();
    module->setAttr("ttg.maxnreg",
                    mlir::IntegerAttr::get(
                        mlir::IntegerType::get(module.getContext(), 32),
                        opts.maxNumRegs));
  }
  if (Error e = job.lowerToLLVMDialect(*this))
    return e;
  LLVMContext llvmContext;
  auto llvmModule = [&] {
    mlir::TimingScope t = job.nestTiming("LLVM IR translation");
    return tt::translateToLLVMIR(job.getModule(), llvmContext);
  }();
  if (!llvmModule)
    return llvmModule.takeError();

  std::string ptxas = tt::nvptx::findPtxas();
  int cc = *tt::getComputeCapability(opts.target);
  tt::nvptx::PTXOptions ptxOptions;
  ptxOptions.computeCapability = cc;
  ptxOptions.ptxVersion = tt::nvptx::getPTXVersion(ptxas);
  ptxOptions.optimize = !tt::debug::getBoolEnv("DISABLE_LLVM_OPT");
  ptxOptions.enableFPFusion = opts.enableFPFusion;
  ptxOptions.enableReflectFtz = opts.enableReflectFtz;
  // The llir stage is the optimized module, as upstream's make_llir. Its
  // LLVM part is also reported on its own ("llir.opt": the compile server's
  // `ms`), to tell it from the MLIR lowering.
  auto optStart = std::chrono::steady_clock::now();
  if (Error e = [&] {
        mlir::TimingScope t = job.nestTiming("LLVM optimization");
        tt::debug::LLVMScope scope(**llvmModule, "LLVM optimization (NVPTX)");
        tt::debug::StepTimer timer("LLVM optimization");
        return tt::nvptx::optimizeModule(**llvmModule, ptxOptions);
      }())
    return e;
  job.getResult().stageMs.emplace_back(
      "llir.opt", std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - optStart)
                      .count());
  if (Error e = job.finishLLVM(*llvmModule, llvmContext))
    return e;
  std::string json =
      tt::buildNVIDIAMetadataJSON(job.getModule(), opts, ptxOptions.ptxVersion);
  if (job.keepLLVMIRIfLast(**llvmModule))
    return job.addKernelMetadata(std::move(json));
  Expected<std::string> ptx = [&] {
    mlir::TimingScope t = job.nestTiming("LLVM IR to PTX");
    tt::debug::LLVMScope scope(**llvmModule, "code generation (NVPTX)");
    tt::debug::StepTimer timer("LLVM IR to PTX");
    return tt::nvptx::emitPTX(**llvmModule, ptxOptions);
  }();
  if (!ptx)
    return ptx.takeError();
  if (Error e = job.finish("ptx", *ptx))
    return e;
  if (job.wants(EmitKind::Cubin)) {
    if (job.wantsAll() && ptxas.empty()) {
      errs() << job.getRequest().tool
             << ": no ptxas (set TRITON_PTXAS_PATH or put it on PATH): "
                "no cubin\n";
    } else {
      Expected<std::string> cubin = [&] {
        mlir::TimingScope t = job.nestTiming("ptxas");
        tt::debug::StepTimer timer("ptxas");
        std::vector<std::string> ptxasArgs;
        if (!opts.enableFPFusion)
          ptxasArgs.push_back("--fmad=false");
        for (StringRef arg : llvm::split(opts.ptxasOptions, ' '))
          if (!arg.empty())
            ptxasArgs.push_back(arg.str());
        return tt::nvptx::compileToCubin(*ptx, cc, ptxas, ptxasArgs);
      }();
      if (!cubin)
        return cubin.takeError();
      if (Error e = job.finish("cubin", *cubin))
        return e;
    }
  }
  return job.addKernelMetadata(std::move(json));
}
} // namespace

void tt::registerNVIDIABackend() {
  registerBackend(std::make_unique<NVIDIABackend>());
}
