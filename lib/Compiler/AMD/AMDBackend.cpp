//===- AMDBackend.cpp - hip:gfxNNN targets ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The AMD sequence, the one place it is written: the MLIR stages to the
// LLVM dialect (ROCDL), LLVM IR, LLVM's optimization for AMDGPU (the llir
// stage), then AMDGCN assembly, or an object linked by ld.lld into an
// HSACO, and the metadata last.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/AMD.h"

#include "tt/Compiler/Backend.h"
#include "tt/Compiler/LLVMIR.h"
#include "tt/Compiler/Session.h"
#include "tt/Conversion/TritonAMDGPUToLLVM/Passes.h"
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h"
#include "tt/Target/AMDGPU/AMDGPU.h"
#include "tt/Target/AMDGPU/Arch.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::compiler;

namespace {
Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

class AMDBackend : public Backend {
public:
  StringRef getName() const override { return "amd"; }
  StringRef getTargetSyntax() const override { return "hip:gfxNNN"; }
  bool claims(StringRef target) const override {
    return target.starts_with("hip:");
  }
  Error checkTarget(StringRef target) const override {
    if (tt::amdgpu::parseTarget(target))
      return Error::success();
    return makeError("bad AMD target '" + target +
                     "' (expected hip:gfxNNN with one of " +
                     tt::amdgpu::supportedArchList() + ")");
  }
  Error checkModuleTarget(StringRef target) const override {
    if (tt::amdgpu::parseTarget(target))
      return Error::success();
    return makeError("target '" + target +
                     "' is not an AMD target tt knows (hip:gfxNNN with one "
                     "of " +
                     tt::amdgpu::supportedArchList() + ")");
  }
  ArrayRef<EmitKind> getEmitKinds() const override {
    static const EmitKind kinds[] = {EmitKind::LLVMIR, EmitKind::AMDGCN,
                                     EmitKind::HSACO};
    return kinds;
  }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    tt::registerLLVMIRTranslations(registry);
    registry.insert<mlir::ROCDL::ROCDLDialect>();
    mlir::registerROCDLDialectTranslation(registry);
  }
  void registerPasses() const override {
    mlir::triton::amdgpu::registerTritonAMDGPUPasses();
    mlir::triton::registerTritonAMDGPUToLLVMPasses();
  }

  /// The wave size of the architecture (64 when it is unknown: the passes
  /// report the bad name).
  void adjustOptions(tt::PipelineOptions &opts) const override {
    std::optional<tt::amdgpu::Arch> arch = tt::amdgpu::parseTarget(opts.target);
    opts.threadsPerWarp = arch ? int(arch->waveSize) : 64;
  }
  void buildTTGIRPipeline(mlir::OpPassManager &pm,
                          const tt::PipelineOptions &opts) const override {
    tt::buildAMDTTGIRPipeline(pm, opts);
  }
  void buildLLIRPipeline(mlir::OpPassManager &pm,
                         const tt::PipelineOptions &opts) const override {
    tt::buildAMDLLIRPipeline(pm, opts);
  }

  std::optional<std::string> getToolchainKey() const override {
    return "lld=" + tt::amdgpu::findLLD() +
           "\ndevlibs=" + tt::amdgpu::findDeviceLibDir();
  }

  Error compile(CompileJob &job) const override;
};

Error AMDBackend::compile(CompileJob &job) const {
  if (Error e = job.lowerToLLVMDialect(*this))
    return e;
  const tt::PipelineOptions &opts = job.getOptions();
  std::optional<tt::amdgpu::Arch> arch = tt::amdgpu::parseTarget(opts.target);
  if (!arch)
    return makeError("bad AMD target '" + opts.target + "' in the module");

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(job.getModule(), llvmContext);
  if (!llvmModule)
    return llvmModule.takeError();
  tt::amdgpu::CodegenOptions cg;
  cg.arch = *arch;
  cg.optimize = !tt::debug::getBoolEnv("DISABLE_LLVM_OPT");
  if (Error e = [&] {
        mlir::TimingScope t = job.nestTiming("LLVM optimization");
        tt::debug::LLVMScope scope(**llvmModule, "LLVM optimization (AMDGPU)");
        return tt::amdgpu::optimizeModule(**llvmModule, cg);
      }())
    return e;
  if (Error e = job.finishLLVM(*llvmModule, llvmContext))
    return e;
  std::string json = tt::buildAMDMetadataJSON(job.getModule(), opts);
  if (job.keepLLVMIRIfLast(**llvmModule))
    return job.addKernelMetadata(std::move(json));
  if (job.wants(EmitKind::AMDGCN)) {
    // Code generation changes the module: when the object follows
    // (tt-dump), the assembly is made from a copy.
    std::unique_ptr<llvm::Module> copy;
    if (job.wants(EmitKind::HSACO))
      copy = llvm::CloneModule(**llvmModule);
    Expected<std::string> text = [&] {
      mlir::TimingScope t = job.nestTiming("LLVM IR to AMDGCN");
      tt::debug::StepTimer timer("LLVM IR to AMDGCN");
      return tt::amdgpu::emitAssembly(copy ? *copy : **llvmModule, cg);
    }();
    if (!text)
      return text.takeError();
    if (Error e = job.finish("amdgcn", *text))
      return e;
  }
  if (job.wants(EmitKind::HSACO)) {
    Expected<std::string> object = [&] {
      mlir::TimingScope t = job.nestTiming("LLVM IR to AMDGPU object");
      tt::debug::StepTimer timer("LLVM IR to AMDGPU object");
      return tt::amdgpu::emitObject(**llvmModule, cg);
    }();
    if (!object)
      return object.takeError();
    std::string lld = tt::amdgpu::findLLD();
    if (job.wantsAll() && lld.empty()) {
      errs() << job.getRequest().tool
             << ": no ld.lld (set TRITON_HIP_LLD_PATH or put it on PATH): "
                "no hsaco\n";
    } else {
      Expected<std::string> hsaco = [&] {
        mlir::TimingScope t = job.nestTiming("ld.lld");
        tt::debug::StepTimer timer("ld.lld");
        return tt::amdgpu::linkHSACO(*object, lld);
      }();
      if (!hsaco)
        return hsaco.takeError();
      if (Error e = job.finish("hsaco", *hsaco))
        return e;
    }
  }
  return job.addKernelMetadata(std::move(json));
}
} // namespace

void tt::registerAMDBackend() {
  registerBackend(std::make_unique<AMDBackend>());
}
