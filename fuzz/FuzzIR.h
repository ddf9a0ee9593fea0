//===- FuzzIR.h - shared pieces of the IR fuzz harnesses --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The IR harnesses (fuzz-mlir-parse, fuzz-ttir-pipeline, fuzz-ttgir-pipeline)
// all start the same way: parse the input with the dialect registry the tools
// use, in a fresh single-threaded context whose diagnostics are collected
// rather than printed. A diagnostic is an expected outcome for hostile input;
// a crash, a sanitizer report, or one of the oracles below is a bug.
//
//===----------------------------------------------------------------------===//

#ifndef TT_FUZZ_FUZZIR_H
#define TT_FUZZ_FUZZIR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"


#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace mlir {
class OpPassManager;
class PassManager;
} // namespace mlir

namespace tt {
struct PipelineOptions;
} // namespace tt

namespace tt::fuzz {

/// Inputs larger than this are rejected (they only slow the search down).
constexpr size_t kMaxIRInput = 64 * 1024;

/// Which dialects a harness's input may use: every dialect the tools read
/// (the parser harness), or TTIR's alone (tt, ttg, ttng, arith, math, scf,
/// cf, ub, gpu and llvm: the pipeline harnesses, whose input is TTIR; this
/// keeps them on our passes instead of other dialects' parsers, such as
/// MLIR 22's linalg.generic parser, which crashes on a non-string
/// iterator type: docs/reliability.md).
/// `GPU`: everything but the CPU backend's dialects (linalg, tensor, ...),
/// what tt-translate and tt-dump read for GPU targets (the parser harness;
/// same reason).
enum class Dialects { All, GPU, TTIR };

/// A fresh context with the dialects of `dialects`, multithreading off,
/// and a diagnostic handler that keeps the messages in `diagnostics`.
class FuzzContext {
public:
  explicit FuzzContext(Dialects dialects = Dialects::All);
  ~FuzzContext();
  mlir::MLIRContext &get() { return *context; }
  /// The diagnostics seen so far, one per line (capped in size).
  const std::string &diagnostics() const { return diags; }

  /// Parses (and verifies) `text`; null on any error.
  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text);

private:
  std::unique_ptr<mlir::MLIRContext> context;
  std::string diags;
  uint64_t handlerId = 0;
};

/// Prints `module` in the custom and the generic form, parses the custom
/// form back and checks that printing it again gives the same text. A
/// printer whose output does not parse, or does not round-trip, is a bug
/// (reported through bug()).
void checkRoundTrip(mlir::ModuleOp module);

/// Makes `pm` check the IR after every pass that succeeded and call bug()
/// when a pass leaves invalid IR behind (a pass may fail on input it does not
/// support; it may not corrupt the IR). Turns off the pass manager's own
/// verifier, whose failure would look like an ordinary pass failure.
void verifyAfterEachPass(mlir::PassManager &pm, FuzzContext &ctx);

/// A stage pipeline of tt/Compiler (buildTTIRPipeline, ...).
using StageBuilder = void (*)(mlir::OpPassManager &,
                              const tt::PipelineOptions &);

/// The body of every IR harness: rejects inputs over kMaxIRInput (returns
/// -1), parses the rest in a FuzzContext of `dialects`, and for valid input
/// runs the `stage` pipeline with the default options (each pass checked
/// by verifyAfterEachPass), then checkRoundTrip on what it leaves when it
/// succeeds. Without `stage` (the parser harness), the round trip is
/// checked on the parsed module. Returns libFuzzer's 0 otherwise.
int runIRHarness(const uint8_t *data, size_t size, Dialects dialects,
                 StageBuilder stage = nullptr);

/// Prints what went wrong with the input that caused it and aborts, so that
/// libFuzzer records the input as a crash.
[[noreturn]] void bug(const std::string &what, const std::string &detail);

} // namespace tt::fuzz

#endif // TT_FUZZ_FUZZIR_H
