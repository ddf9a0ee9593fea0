//===- LLVMOptimize.cpp - LLVM's default pipeline over a module -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/LLVMOptimize.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Target/TargetMachine.h"

#include <optional>

using namespace llvm;

void tt::target::optimizeLLVMModule(Module &module, TargetMachine &machine,
                                    const LLVMOptimizeOptions &options) {
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassInstrumentationCallbacks callbacks;
  std::optional<StandardInstrumentations> instrumentations;
  if (options.instrument) {
    instrumentations.emplace(module.getContext(), /*DebugLogging=*/false);
    instrumentations->registerCallbacks(callbacks, &mam);
  }
  PassBuilder pb(&machine, options.tuning, std::nullopt,
                 options.instrument ? &callbacks : nullptr);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(options.level);
  mpm.run(module, mam);
}
