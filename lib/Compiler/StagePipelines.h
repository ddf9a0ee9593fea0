//===- StagePipelines.h - stage pass managers kept between kernels -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A pass manager pays for its passes' initialization (the canonicalizer's
// pattern set over every loaded dialect, each conversion's patterns) on its
// first run. A compile server compiles thousands of kernels in one context:
// CompileJob::runStage keeps each stage's pass manager, keyed by the context
// and the stage's textual pipeline (which holds the pass options), and runs
// it again for the next kernel with the same pipeline. Not when a pass
// manager is instrumented (timing, IR printing, reproducers): those are
// built per kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_COMPILER_STAGEPIPELINES_H
#define TT_LIB_COMPILER_STAGEPIPELINES_H

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tt::compiler {

/// Drops the pass managers kept for `context` (before it is destroyed).
void forgetStagePipelines(mlir::MLIRContext *context);

} // namespace tt::compiler

namespace tt::debug {

/// Whether configurePassManager would instrument a pass manager now (the
/// MLIR debugging variables, a session's pass IR callback) or the
/// command line asked MLIR for instrumentation (--mlir-print-ir-*,
/// --mlir-timing, --mlir-pass-statistics, reproducers).
bool passManagersInstrumented();

} // namespace tt::debug

#endif // TT_LIB_COMPILER_STAGEPIPELINES_H
