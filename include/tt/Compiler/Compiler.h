//===- Compiler.h - the one compile driver ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Every compilation of tt goes through Compiler::compile: tt-translate and
// tt-dump call it with the request their flags make; tt-run, tt-tune and
// tt-aot run tt-translate with a request's arguments
// (CompileRequest::toTranslateArgs). It
//
//   1. reads the input (MLIR at any stage, or FILE.py::KERNEL through the
//      frontend), with located diagnostics;
//   2. finds the backend of the target (Backend.h) and checks that it can
//      emit what is asked;
//   3. answers from the compile cache (TRITON_CACHE_DIR) when it can;
//   4. opens the kernel's dump/override session (TRITON_KERNEL_DUMP, ...)
//      and lets the backend run the stages;
//   5. returns every stage produced and the metadata, which
//      writeCompileOutputs() writes where the request says, whole or not at
//      all.
//
// A Compiler owns one MLIRContext with every registered backend's
// dialects; it can compile many requests in turn.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_COMPILER_H
#define TT_COMPILER_COMPILER_H

#include "tt/Compiler/Backend.h"
#include "tt/Compiler/Request.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace tt::compiler {

/// Sees a compilation from outside (tt-dump --html): told when the session
/// opens, and how the compilation ended.
class CompileObserver {
public:
  virtual ~CompileObserver();
  virtual void sessionStarted(mlir::MLIRContext &context,
                              debug::KernelSession &session) {}
  /// `error` is empty on success, and for errors reported as diagnostics.
  virtual void finished(bool succeeded, llvm::StringRef error) {}
};

class Compiler {
public:
  /// Registers every backend (registerAllBackends) and loads their
  /// dialects.
  Compiler();
  ~Compiler();

  mlir::MLIRContext &getContext();

  /// Compiles `request`. Diagnostics of the input go to stderr, located;
  /// the error returned says what failed (isReportedError: nothing more to
  /// print).
  llvm::Expected<CompileResult> compile(const CompileRequest &request,
                                        CompileObserver *observer = nullptr);

  /// The KernelSession of the last compile (what tt-dump lists); null
  /// before the first.
  const debug::KernelSession *getLastSession() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Every registered backend's dialects and translations, and the core
/// dialects (tt-opt, the fuzzers).
void registerAllDialects(mlir::DialectRegistry &registry);
/// Every registered backend's passes and stage pipelines, the core passes,
/// and the `tt-ttgir` and `tt-llir` pipelines that dispatch on their
/// target (tt-opt).
void registerAllPasses();

/// Writes `result` where `request` says: the emitted stage to
/// request.output, the metadata to request.metadata (or, for objects and
/// shared libraries, <kernel>.json beside the output). Checks every path
/// before writing any; each file is written atomically.
llvm::Error writeCompileOutputs(const CompileRequest &request,
                                const CompileResult &result);

} // namespace tt::compiler

#endif // TT_COMPILER_COMPILER_H
