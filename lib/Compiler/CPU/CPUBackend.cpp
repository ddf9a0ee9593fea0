//===- CPUBackend.cpp - the cpu target --------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The CPU sequence, the one place it is written: the TTIR stage (unless the
// input went through it already), the CPU stage to the LLVM dialect, LLVM
// IR optimized for the host (the llir stage), an object, a shared library,
// and one metadata JSON per kernel. A module already in the LLVM dialect
// (tt-opt --tt-ttir --tt-cpu) goes straight to LLVM IR.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/CPU.h"

#include "tt/Compiler/Backend.h"
#include "tt/Compiler/Session.h"
#include "tt/Compiler/Stages.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Target/CPU/CPU.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::compiler;

namespace {
Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

bool isLLVMDialectModule(mlir::ModuleOp module) {
  for (mlir::Operation &op : module.getBody()->getOperations())
    if (!isa<mlir::LLVM::LLVMDialect>(op.getDialect()))
      return false;
  return true;
}

/// Links `object` into a shared library and reads it back.
Expected<std::string> linkToBytes(StringRef object) {
  SmallString<128> tmp;
  if (sys::fs::createTemporaryFile("tt-kernel", "so", tmp))
    return makeError("cannot create a temporary file");
  auto removeTmp = make_scope_exit([&] { sys::fs::remove(tmp); });
  if (Error e = tt::cpu::linkSharedLibrary(object, tmp))
    return std::move(e);
  auto buf = MemoryBuffer::getFile(tmp, /*IsText=*/false);
  if (!buf)
    return makeError("cannot read back the shared library");
  return (*buf)->getBuffer().str();
}

class CPUBackend : public Backend {
public:
  StringRef getName() const override { return "cpu"; }
  StringRef getTargetSyntax() const override { return "cpu"; }
  bool claims(StringRef target) const override { return target == "cpu"; }
  Error checkTarget(StringRef) const override { return Error::success(); }
  ArrayRef<EmitKind> getEmitKinds() const override {
    static const EmitKind kinds[] = {EmitKind::LLVMIR, EmitKind::Object,
                                     EmitKind::Shared};
    return kinds;
  }
  std::string getEmitError(StringRef) const override {
    return "--target cpu cannot emit PTX, cubin, AMDGCN or HSACO: use "
           "--emit=llvmir, obj or so";
  }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    tt::cpu::registerCPUDialects(registry);
  }
  void registerPasses() const override { tt::registerCPUPipeline(); }

  Error compile(CompileJob &job) const override;

private:
  /// TTIR -> LLVM dialect; the kernels of the module, read before the CPU
  /// stage rewrites it.
  Error lowerToLLVMDialect(CompileJob &job,
                           std::vector<tt::cpu::KernelInfo> &kernels) const;
};

Error CPUBackend::lowerToLLVMDialect(
    CompileJob &job, std::vector<tt::cpu::KernelInfo> &kernels) const {
  mlir::ModuleOp module = job.getModule();
  bool hasTT = false;
  module->walk([&](mlir::triton::FuncOp) { hasTT = true; });
  if (!hasTT)
    return makeError("expected TTIR (tt.func) or an LLVM dialect module");
  const tt::PipelineOptions &opts = job.getOptions();
  if (!job.getRequest().skipTTIRStage)
    if (Error e = job.runStage("TTIR", [&](mlir::OpPassManager &pm) {
          tt::buildTTIRPipeline(pm, opts);
        }))
      return e;
  if (Error e = job.finishModule("ttir"))
    return e;
  kernels = tt::cpu::getKernels(module);
  return job.runStage("CPU", [&](mlir::OpPassManager &pm) {
    tt::buildCPUPipeline(pm, opts);
  });
}

Error CPUBackend::compile(CompileJob &job) const {
  const CompileRequest &req = job.getRequest();
  mlir::ModuleOp module = job.getModule();
  // num_warps in the metadata: the request's, else the module's, else 4.
  int warps = req.numWarps;
  if (warps <= 0) {
    auto attr = module->getAttrOfType<mlir::IntegerAttr>("ttg.num-warps");
    warps = attr ? int(attr.getInt()) : 4;
  }
  job.getResult().metadataBesideOutput = true;
  std::vector<tt::cpu::KernelInfo> kernels;
  if (!isLLVMDialectModule(module))
    if (Error e = lowerToLLVMDialect(job, kernels))
      return e;

  tt::cpu::CPUOptions copts;
  copts.cpu = req.cpu;
  copts.triple = req.triple;
  copts.features = req.features;
  copts.optLevel = req.optLevel;
  // DISABLE_LLVM_OPT: no LLVM optimization pipeline; code generation keeps
  // its level.
  tt::cpu::CPUOptions irOpts = copts;
  if (tt::debug::getBoolEnv("DISABLE_LLVM_OPT"))
    irOpts.optLevel = 0;
  LLVMContext llvmContext;
  auto llvmModule = [&] {
    mlir::TimingScope t = job.nestTiming("LLVM IR and optimization");
    tt::debug::StepTimer timer("LLVM IR and optimization");
    return tt::cpu::translateToLLVMIR(module, llvmContext, irOpts);
  }();
  if (!llvmModule)
    return llvmModule.takeError();
  if (Error e = job.finishLLVM(*llvmModule, llvmContext))
    return e;
  auto finishMetadata = [&]() -> Error {
    for (const tt::cpu::KernelInfo &k : kernels)
      if (Error e = job.addMetadata(k.name, tt::cpu::getMetadataJSON(k, warps)))
        return e;
    return Error::success();
  };

  if (job.keepLLVMIRIfLast(**llvmModule))
    return finishMetadata();
  Expected<std::string> object = [&] {
    mlir::TimingScope t = job.nestTiming("Code generation");
    tt::debug::LLVMScope scope(**llvmModule, "code generation (host)");
    tt::debug::StepTimer timer("code generation");
    return tt::cpu::emitObject(**llvmModule, copts);
  }();
  if (!object)
    return object.takeError();
  if (Error e = job.finish("o", *object))
    return e;
  if (req.emit == EmitKind::Shared) {
    mlir::TimingScope t = job.nestTiming("Link");
    Expected<std::string> so = linkToBytes(*object);
    if (!so)
      return so.takeError();
    job.keep("so", std::move(*so));
  }
  return finishMetadata();
}
} // namespace

void tt::registerCPUBackend() {
  registerBackend(std::make_unique<CPUBackend>());
}
