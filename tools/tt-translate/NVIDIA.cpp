//===- NVIDIA.cpp - tt-translate for cuda:NN targets ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TTIR, TTGIR or an LLVM dialect module in; LLVM IR, PTX or cubin out, plus
// upstream-format metadata JSON when asked. All stages come from
// lib/Pipeline and lib/Target/NVPTX.
//
//===----------------------------------------------------------------------===//

#include "GPU.h"

#include "tt/Pipeline/NVIDIA.h"
#include "tt/Target/NVPTX/NVPTX.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int tt::translate::runNVIDIA(const GPURequest &req) {
  tt::PipelineOptions opts;
  opts.target = req.target;
  if (req.numWarps > 0)
    opts.numWarps = req.numWarps;
  if (req.numStages > 0)
    opts.numStages = req.numStages;
  std::string ptxas = tt::nvptx::findPtxas();

  GPUCompile compile(req);
  int status = 0;
  if (!compile.load())
    return 1;
  if (compile.served(opts, "ptxas=" + ptxas, status))
    return status;

  mlir::ModuleOp module = compile.getModule();
  if (Error e = tt::lowerToLLVMDialect(module, opts))
    return fail(toString(std::move(e)));

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(module, llvmContext);
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
  if (!compile.finishLLVM(*llvmModule, llvmContext))
    return 1;

  std::string json =
      tt::buildNVIDIAMetadataJSON(module, opts, ptxOptions.ptxVersion);
  if (!compile.writeMetadata(json))
    return 1;

  if (req.emit == "llir") {
    std::string text;
    raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    return compile.emit("llir", text, /*finished=*/true);
  }
  Expected<std::string> ptx = [&] {
    tt::debug::LLVMScope scope(**llvmModule, "code generation (NVPTX)");
    tt::debug::StepTimer timer("LLVM IR to PTX");
    return tt::nvptx::emitPTX(**llvmModule, ptxOptions);
  }();
  if (!ptx)
    return fail(toString(ptx.takeError()));
  if (req.emit == "ptx")
    return compile.emit("ptx", *ptx);
  if (!compile.finish("ptx", *ptx))
    return 1;
  Expected<std::string> cubin = [&] {
    tt::debug::StepTimer timer("ptxas");
    return tt::nvptx::compileToCubin(*ptx, cc, ptxas);
  }();
  if (!cubin)
    return fail(toString(cubin.takeError()));
  return compile.emit("cubin", *cubin);
}
