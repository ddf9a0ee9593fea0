//===- AMD.cpp - tt-translate for hip:gfxNNN targets ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TTIR, TTGIR or an LLVM dialect module in; LLVM IR, AMDGCN assembly or an
// HSACO out, plus upstream-format metadata JSON when asked. The stages come
// from lib/Pipeline (AMDPipeline.cpp) and lib/Target/AMDGPU.
//
//===----------------------------------------------------------------------===//

#include "GPU.h"

#include "tt/Pipeline/AMD.h"
#include "tt/Pipeline/NVIDIA.h"
#include "tt/Target/AMDGPU/AMDGPU.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int tt::translate::runAMD(const GPURequest &req) {
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

  GPUCompile compile(req);
  int status = 0;
  if (!compile.load())
    return 1;
  if (compile.served(opts,
                     "lld=" + lld + "\ndevlibs=" + tt::amdgpu::findDeviceLibDir(),
                     status))
    return status;

  mlir::ModuleOp module = compile.getModule();
  if (Error e = tt::lowerToLLVMDialectAMD(module, opts))
    return fail(toString(std::move(e)));
  // The module may name another architecture than --target.
  arch = tt::amdgpu::parseTarget(opts.target);
  if (!arch)
    return fail("bad AMD target '" + opts.target + "' in the module");

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(module, llvmContext);
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
  if (!compile.finishLLVM(*llvmModule, llvmContext))
    return 1;

  std::string json = tt::buildAMDMetadataJSON(module, opts);
  if (!compile.writeMetadata(json))
    return 1;

  if (req.emit == "llir") {
    std::string text;
    raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    return compile.emit("llir", text, /*finished=*/true);
  }
  if (req.emit == "amdgcn") {
    Expected<std::string> text = [&] {
      tt::debug::StepTimer timer("LLVM IR to AMDGCN");
      return tt::amdgpu::emitAssembly(**llvmModule, cg);
    }();
    if (!text)
      return fail(toString(text.takeError()));
    return compile.emit("amdgcn", *text);
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
  return compile.emit("hsaco", *hsaco);
}
