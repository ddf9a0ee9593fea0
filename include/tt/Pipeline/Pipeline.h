//===- Pipeline.h - the stage pipelines of tt -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Every tool builds its pass pipelines here; no tool assembles a stage on its
// own. Each stage is also registered as a named pipeline for tt-opt
// (`--tt-ttir`, ...).
//
//===----------------------------------------------------------------------===//

#ifndef TT_PIPELINE_PIPELINE_H
#define TT_PIPELINE_PIPELINE_H

#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace tt {

/// Options shared by every stage.
struct PipelineOptions {
  /// Compilation target: "cuda:90", "cuda:80", "hip:gfx942", "cpu", ...
  std::string target = "cuda:90";
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  int threadsPerWarp = 32;
};

/// The TTIR stage (upstream's make_ttir): inlining, canonicalization, the
/// Triton combine and broadcast-reordering rewrites, CSE, symbol DCE and
/// loop unrolling.
void buildTTIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The TTGIR stage (upstream's make_ttgir): default layouts, coalescing and
/// layout propagation; dot kernels will add tensor-core passes here.
void buildTTGIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The CPU stage: TTIR (after the TTIR stage) to the LLVM dialect through
/// linalg on tensors, bufferization and loops, with the `<kernel>__packed`
/// entry points of the CPU kernel ABI (docs/cpu-backend.md).
void buildCPUPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);
/// What the CPU stage needs in a context (called by registerAllDialects).
void registerCPUDialects(mlir::DialectRegistry &registry);
/// The CPU passes and the `tt-cpu` pipeline (called by registerAllPasses).
void registerCPUPipeline();

/// Registers every dialect the tools read or write.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers our passes, the upstream MLIR passes we use, and the named stage
/// pipelines, so tt-opt can run any of them by name.
void registerAllPasses();

} // namespace tt

#endif // TT_PIPELINE_PIPELINE_H
