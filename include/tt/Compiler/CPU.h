//===- CPU.h - the CPU backend of the compile driver ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The `cpu` target: TTIR (after the TTIR stage) -> linalg on tensors ->
// buffers and loops -> the LLVM dialect with the `<kernel>__packed` entry
// points of the CPU kernel ABI (docs/cpu-backend.md), then LLVM IR, a host
// object and a shared library. Library TTCompilerCPU (CMake option
// TT_ENABLE_CPU_BACKEND).
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_CPU_H
#define TT_COMPILER_CPU_H

#include "tt/Compiler/Options.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace tt {

/// The CPU stage: TTIR to the LLVM dialect.
void buildCPUPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The CPU passes, the upstream MLIR passes of the stage and the `tt-cpu`
/// pipeline, for tt-opt.
void registerCPUPipeline();

/// Adds the CPU backend to the compile driver's registry.
void registerCPUBackend();

} // namespace tt

#endif // TT_COMPILER_CPU_H
