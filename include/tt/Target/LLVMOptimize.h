//===- LLVMOptimize.h - LLVM's default pipeline over a module ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The one setup of LLVM's new pass manager the targets share: a PassBuilder
// for the target machine, the four analysis managers cross-registered, and
// the default per-module pipeline at the requested level. NVPTX and AMDGPU
// run it at O3 with LLVM's standard instrumentations (so that
// LLVM_IR_ENABLE_DUMP and LLVM_ENABLE_TIMING see each pass); the CPU target
// with its own tuning.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_LLVMOPTIMIZE_H
#define TT_TARGET_LLVMOPTIMIZE_H

#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tt::target {

struct LLVMOptimizeOptions {
  llvm::OptimizationLevel level = llvm::OptimizationLevel::O3;
  llvm::PipelineTuningOptions tuning;
  /// Register LLVM's standard instrumentations (-print-after-all,
  /// -time-passes and the like).
  bool instrument = true;
};

/// Runs LLVM's default per-module pipeline over `module`, tuned for
/// `machine`.
void optimizeLLVMModule(llvm::Module &module, llvm::TargetMachine &machine,
                        const LLVMOptimizeOptions &options = {});

} // namespace tt::target

#endif // TT_TARGET_LLVMOPTIMIZE_H
