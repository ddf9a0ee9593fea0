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

#include "tt/Pipeline/NVIDIA.h"
#include "tt/Pipeline/Pipeline.h"
#include "tt/Target/NVPTX/NVPTX.h"

#include "mlir/IR/BuiltinOps.h"
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
  std::string err;
  auto out = mlir::openOutputFile(path, &err);
  if (!out) {
    errs() << "tt-translate: " << err << "\n";
    return false;
  }
  out->os() << data;
  out->keep();
  return true;
}

int tt::translate::runNVIDIA(const NVIDIARequest &req) {
  mlir::DialectRegistry registry;
  tt::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string err;
  auto file = mlir::openInputFile(req.input, &err);
  if (!file)
    return fail(err);
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  tt::PipelineOptions opts;
  opts.target = req.target;
  if (req.numWarps > 0)
    opts.numWarps = req.numWarps;
  if (req.numStages > 0)
    opts.numStages = req.numStages;
  if (Error e = tt::lowerToLLVMDialect(*module, opts))
    return fail(toString(std::move(e)));

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));

  int cc = *tt::getComputeCapability(opts.target);
  std::string ptxas = tt::nvptx::findPtxas();
  tt::nvptx::PTXOptions ptxOptions;
  ptxOptions.computeCapability = cc;
  ptxOptions.ptxVersion = tt::nvptx::getPTXVersion(ptxas);
  ptxOptions.optimize = !std::getenv("DISABLE_LLVM_OPT");

  if (!req.metadataPath.empty() &&
      !write(req.metadataPath,
             tt::buildNVIDIAMetadataJSON(*module, opts, ptxOptions.ptxVersion)))
    return 1;

  if (req.kind == NVIDIAOutput::LLVMIR) {
    std::string text;
    raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    return write(req.output, text) ? 0 : 1;
  }
  auto ptx = tt::nvptx::translateToPTX(**llvmModule, ptxOptions);
  if (!ptx)
    return fail(toString(ptx.takeError()));
  if (req.kind == NVIDIAOutput::PTX)
    return write(req.output, *ptx) ? 0 : 1;
  auto cubin = tt::nvptx::compileToCubin(*ptx, cc, ptxas);
  if (!cubin)
    return fail(toString(cubin.takeError()));
  return write(req.output, *cubin) ? 0 : 1;
}
