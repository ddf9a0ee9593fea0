//===- Stages.h - the target-independent stage pipelines --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What every target shares: the TTIR stage (upstream's make_ttir) and the
// dialects a TTIR module is made of. The TTGIR and LLIR stages belong to
// a backend (Backend.h); tt-opt reaches them as `--tt-ttgir` and
// `--tt-llir`, which pick the backend from their `target` option.
//
// This library (TTCompilerCore) links no backend: tt-py, which only makes
// TTIR, uses it alone.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_STAGES_H
#define TT_COMPILER_STAGES_H

#include "tt/Compiler/Options.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace tt {

/// The TTIR stage (upstream's make_ttir): inlining, tensor-pointer
/// rewriting, canonicalization, the Triton combine and broadcast-reordering
/// rewrites, CSE, symbol DCE and loop unrolling.
void buildTTIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The dialects of TTIR and TTGIR (tt, ttg, ttng) and the upstream MLIR
/// dialects they use (arith, math, scf, cf, ub).
void registerCoreDialects(mlir::DialectRegistry &registry);

/// The target-independent passes (ours and the upstream MLIR passes the
/// stages run) and the `tt-ttir` pipeline, for tt-opt.
void registerCorePasses();

} // namespace tt

#endif // TT_COMPILER_STAGES_H
