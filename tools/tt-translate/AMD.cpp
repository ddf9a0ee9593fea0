//===- AMD.cpp - tt-translate for hip:gfxNNN targets ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TTIR, TTGIR or an LLVM dialect module in; LLVM IR, AMDGCN assembly or an
// HSACO out, plus upstream-format metadata JSON when asked. The stages come
// from lib/Pipeline (AMDPipeline.cpp) and lib/Target/AMDGPU.
//
//===----------------------------------------------------------------------===//

#include "AMD.h"
#include "NVIDIA.h"

#include "tt/Frontend/KernelInput.h"
#include "tt/Pipeline/AMD.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Pipeline/NVIDIA.h"
#include "tt/Pipeline/Pipeline.h"
#include "tt/Target/AMDGPU/AMDGPU.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static int fail(const Twine &msg) {
  errs() << "tt-translate: " << msg << "\n";
  return 1;
}

static bool write(StringRef path, StringRef data) {
  return tt::translate::writeOutputFile(path.str(), data.str());
}

int tt::translate::runAMD(const AMDRequest &req) {
  std::optional<tt::amdgpu::Arch> arch = tt::amdgpu::parseTarget(req.target);
  if (!arch)
    return fail("bad AMD target '" + req.target +
                "' (expected hip:gfxNNN with one of " +
                tt::amdgpu::supportedArchList() + ")");
  tt::PipelineOptions opts;
  opts.target = req.target;
  opts.threadsPerWarp = int(arch->waveSize);
  if (req.numWarps > 0)
    opts.numWarps = req.numWarps;
  if (req.numStages > 0)
    opts.numStages = req.numStages;
  std::string lld = tt::amdgpu::findLLD();

  mlir::DialectRegistry registry;
  tt::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  // MLIR (a file or stdin) or FILE.py::KERNEL through the frontend.
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  tt::frontend::LoadedKernel kernel;
  if (!req.python || !tt::frontend::loadKernel(context, sourceMgr, req.input,
                                               *req.python, "tt-translate",
                                               kernel))
    return 1;
  const std::string &inputText = kernel.keyText;
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(kernel.module);

  // TRITON_CACHE_DIR: a hit skips the whole compilation.
  StringRef ext = req.kind == AMDOutput::LLVMIR   ? "llir"
                  : req.kind == AMDOutput::AMDGCN ? "amdgcn"
                                                  : "hsaco";
  auto cache = tt::debug::CompileCache::open(
      tt::debug::getCompilationKey(inputText, opts) + "\nlld=" + lld +
      "\ndevlibs=" + tt::amdgpu::findDeviceLibDir());
  if (cache && tt::debug::CompileCache::lookupsAllowed()) {
    std::optional<std::string> hit = cache->lookup(ext);
    std::optional<std::string> json = cache->lookup("json");
    if (hit && (req.metadataPath.empty() || json)) {
      if (!req.metadataPath.empty() && !write(req.metadataPath, *json))
        return 1;
      return write(req.output, *hit) ? 0 : 1;
    }
  }

  // TRITON_KERNEL_DUMP / TRITON_KERNEL_OVERRIDE for every stage.
  tt::debug::KernelSession session(inputText, opts);
  session.setInputModule(*module, kernel.fromPython);
  auto finish = [&](StringRef stageExt, std::string &data) {
    if (Error e = session.finishStage(stageExt, data)) {
      errs() << "tt-translate: " << toString(std::move(e)) << "\n";
      return false;
    }
    if (cache)
      if (Error e = cache->store(session.getKernelName().str() + "." +
                                     stageExt.str(),
                                 data))
        errs() << "tt-translate: warning: " << toString(std::move(e)) << "\n";
    return true;
  };

  if (Error e = tt::lowerToLLVMDialectAMD(*module, opts))
    return fail(toString(std::move(e)));
  // The module may name another architecture than --target.
  arch = tt::amdgpu::parseTarget(opts.target);
  if (!arch)
    return fail("bad AMD target '" + opts.target + "' in the module");

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));

  tt::amdgpu::CodegenOptions cg;
  cg.arch = *arch;
  cg.optimize = !tt::debug::getBoolEnv("DISABLE_LLVM_OPT");
  {
    tt::debug::LLVMScope scope(**llvmModule, "LLVM optimization (AMDGPU)");
    if (Error e = tt::amdgpu::optimizeModule(**llvmModule, cg))
      return fail(toString(std::move(e)));
  }
  if (Error e = session.finishStage("llir", *llvmModule, llvmContext))
    return fail(toString(std::move(e)));

  std::string json = tt::buildAMDMetadataJSON(*module, opts);
  if (!finish("json", json))
    return 1;
  if (!req.metadataPath.empty() && !write(req.metadataPath, json))
    return 1;

  if (req.kind == AMDOutput::LLVMIR) {
    std::string text;
    raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    if (cache)
      consumeError(cache->store(session.getKernelName().str() + ".llir", text));
    return write(req.output, text) ? 0 : 1;
  }
  if (req.kind == AMDOutput::AMDGCN) {
    Expected<std::string> text = [&] {
      tt::debug::StepTimer timer("LLVM IR to AMDGCN");
      return tt::amdgpu::emitAssembly(**llvmModule, cg);
    }();
    if (!text)
      return fail(toString(text.takeError()));
    if (!finish("amdgcn", *text))
      return 1;
    return write(req.output, *text) ? 0 : 1;
  }
  Expected<std::string> object = [&] {
    tt::debug::StepTimer timer("LLVM IR to AMDGPU object");
    return tt::amdgpu::emitObject(**llvmModule, cg);
  }();
  if (!object)
    return fail(toString(object.takeError()));
  Expected<std::string> hsaco = [&] {
    tt::debug::StepTimer timer("ld.lld");
    return tt::amdgpu::linkHSACO(*object, lld);
  }();
  if (!hsaco)
    return fail(toString(hsaco.takeError()));
  if (!finish("hsaco", *hsaco))
    return 1;
  return write(req.output, *hsaco) ? 0 : 1;
}
