//===- AllBackends.cpp - the backends this build has ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The one place that names every backend. CMake defines
// TT_ENABLE_<NAME>_BACKEND for those configured in (the options of the same
// names, all on by default); each adds itself to the registry.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Compiler.h"
#include "tt/Compiler/Stages.h"
#include "StageOptions.h"

#if TT_ENABLE_CPU_BACKEND
#include "tt/Compiler/CPU.h"
#endif
#if TT_ENABLE_NVIDIA_BACKEND
#include "tt/Compiler/NVIDIA.h"
#endif
#if TT_ENABLE_AMD_BACKEND
#include "tt/Compiler/AMD.h"
#endif

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace tt::compiler;

void tt::compiler::registerAllBackends() {
  static const bool once = [] {
#if TT_ENABLE_CPU_BACKEND
    tt::registerCPUBackend();
#endif
#if TT_ENABLE_NVIDIA_BACKEND
    tt::registerNVIDIABackend();
#endif
#if TT_ENABLE_AMD_BACKEND
    tt::registerAMDBackend();
#endif
    return true;
  }();
  (void)once;
}

void tt::compiler::registerAllDialects(mlir::DialectRegistry &registry) {
  registerAllBackends();
  registerCoreDialects(registry);
  for (const Backend *b : getBackends())
    b->registerDialects(registry);
}

namespace {
/// The backend whose TTGIR and LLIR stages `target` names; NVIDIA's for a
/// target no GPU backend claims (its pipelines then refuse the target).
const Backend *getStageBackend(llvm::StringRef target) {
  const Backend *b = findBackend(target);
  if (b && b->getName() != "cpu")
    return b;
  return findBackend("cuda:90");
}
} // namespace

void tt::compiler::registerAllPasses() {
  registerAllBackends();
  registerCorePasses();
  for (const Backend *b : getBackends())
    b->registerPasses();
  mlir::PassPipelineRegistration<StageOptions>(
      "tt-ttgir",
      "The TTGIR stage (upstream make_ttgir) of the target's backend: default "
      "layouts (convert-triton-to-tritongpu), coalescing, layout "
      "propagation, tensor cores and pipelining where the target has them",
      [](mlir::OpPassManager &pm, const StageOptions &o) {
        if (const Backend *b = getStageBackend(o.target))
          b->buildTTGIRPipeline(pm, o.get());
      });
  mlir::PassPipelineRegistration<StageOptions>(
      "tt-llir",
      "The LLIR stage of the target's backend: shared-memory allocation, "
      "barriers, convert-scf-to-cf, TTGIR to the LLVM dialect "
      "(convert-triton-gpu-to-llvm or convert-triton-amdgpu-to-llvm), "
      "canonicalize, CSE",
      [](mlir::OpPassManager &pm, const StageOptions &o) {
        if (const Backend *b = getStageBackend(o.target)) {
          tt::PipelineOptions opts = o.get();
          b->adjustOptions(opts);
          b->buildLLIRPipeline(pm, opts);
        }
      });
}
