//===- NVIDIA.cpp - tt-translate for cuda:NN targets ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TTIR, TTGIR or an LLVM dialect module in; LLVM IR, PTX or cubin out, plus
// upstream-format metadata JSON when asked. All stages come from
// lib/Pipeline and lib/Target/NVPTX.
//
//===----------------------------------------------------------------------===//

#include "NVIDIA.h"

#include "tt/Frontend/KernelInput.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Pipeline/NVIDIA.h"
#include "tt/Pipeline/Pipeline.h"
#include "tt/Target/NVPTX/NVPTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

static int fail(const Twine &msg) {
  errs() << "tt-translate: " << msg << "\n";
  return 1;
}

static bool write(StringRef path, StringRef data) {
  return tt::translate::writeOutputFile(path.str(), data.str());
}

int tt::translate::runNVIDIA(const NVIDIARequest &req) {
  tt::PipelineOptions opts;
  opts.target = req.target;
  if (req.numWarps > 0)
    opts.numWarps = req.numWarps;
  if (req.numStages > 0)
    opts.numStages = req.numStages;
  std::string ptxas = tt::nvptx::findPtxas();

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
  StringRef ext = req.kind == NVIDIAOutput::LLVMIR ? "llir"
                  : req.kind == NVIDIAOutput::PTX  ? "ptx"
                                                   : "cubin";
  auto cache = tt::debug::CompileCache::open(
      tt::debug::getCompilationKey(inputText, opts) + "\nptxas=" + ptxas);
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

  if (Error e = tt::lowerToLLVMDialect(*module, opts))
    return fail(toString(std::move(e)));

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));

  int cc = *tt::getComputeCapability(opts.target);
  tt::nvptx::PTXOptions ptxOptions;
  ptxOptions.computeCapability = cc;
  ptxOptions.ptxVersion = tt::nvptx::getPTXVersion(ptxas);
  ptxOptions.optimize = !tt::debug::getBoolEnv("DISABLE_LLVM_OPT");
  // The .llir stage is the optimized module, as upstream's make_llir.
  if (Error e = [&] {
        tt::debug::LLVMScope scope(**llvmModule, "LLVM optimization (NVPTX)");
        tt::debug::StepTimer timer("LLVM optimization");
        return tt::nvptx::optimizeModule(**llvmModule, ptxOptions);
      }())
    return fail(toString(std::move(e)));
  if (Error e = session.finishStage("llir", *llvmModule, llvmContext))
    return fail(toString(std::move(e)));

  std::string json =
      tt::buildNVIDIAMetadataJSON(*module, opts, ptxOptions.ptxVersion);
  if (!finish("json", json))
    return 1;
  if (!req.metadataPath.empty() && !write(req.metadataPath, json))
    return 1;

  if (req.kind == NVIDIAOutput::LLVMIR) {
    std::string text;
    raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    if (cache)
      consumeError(cache->store(session.getKernelName().str() + ".llir", text));
    return write(req.output, text) ? 0 : 1;
  }
  Expected<std::string> ptx = [&] {
    tt::debug::LLVMScope scope(**llvmModule, "code generation (NVPTX)");
    tt::debug::StepTimer timer("LLVM IR to PTX");
    return tt::nvptx::emitPTX(**llvmModule, ptxOptions);
  }();
  if (!ptx)
    return fail(toString(ptx.takeError()));
  if (!finish("ptx", *ptx))
    return 1;
  if (req.kind == NVIDIAOutput::PTX)
    return write(req.output, *ptx) ? 0 : 1;
  Expected<std::string> cubin = [&] {
    tt::debug::StepTimer timer("ptxas");
    return tt::nvptx::compileToCubin(*ptx, cc, ptxas);
  }();
  if (!cubin)
    return fail(toString(cubin.takeError()));
  if (!finish("cubin", *cubin))
    return 1;
  return write(req.output, *cubin) ? 0 : 1;
}
