//===- tt-opt.cpp - the IR-to-IR driver of tt -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// An mlir-opt for the Triton dialects: parses TTIR/TTGIR (a file or stdin),
// runs passes or stage pipelines by name, and prints the result. All
// standard mlir-opt flags apply (-split-input-file, --verify-diagnostics,
// --pass-pipeline, --mlir-print-ir-after-all, --run-reproducer, -o).
//
// The debugging variables apply as in the other tools (MLIR_ENABLE_DUMP,
// MLIR_DUMP_PATH, MLIR_ENABLE_TIMING, TRITON_REPRODUCER_PATH; see
// docs/environment.md).
//
// Beyond mlir-opt: the work runs on a large stack and input nested deeper
// than tt::kMaxIRNesting is refused before parsing (InputLimits.h), and
// `-o FILE` is written through a temporary file renamed into place, so a
// failed or killed run never leaves a partial FILE.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Compiler.h"
#include "tt/Compiler/Session.h"
#include "TestPasses.h"
#include "tt/Support/CommandLine.h"
#include "tt/Support/InputLimits.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static const char *const kOverview =
    "tt-opt: run Triton IR passes and stage pipelines\n\n"
    "Reads TTIR or TTGIR (a file, or stdin when none or '-' is given), runs\n"
    "the passes named on the command line in order, and prints the result.\n"
    "Stage pipelines: --tt-ttir. Passes keep upstream Triton's names\n"
    "(--triton-combine, --triton-reorder-broadcast, ...).\n";

static int runTool(int argc, char **argv, mlir::DialectRegistry &registry) {
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, kOverview, registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // MLIR_ENABLE_DUMP, MLIR_DUMP_PATH, MLIR_ENABLE_TIMING and
  // TRITON_REPRODUCER_PATH, as in every tool (docs/environment.md).
  config.setPassPipelineSetupFn(
      [base = config](mlir::PassManager &pm) -> mlir::LogicalResult {
        if (mlir::failed(base.setupPassPipeline(pm)))
          return mlir::failure();
        tt::debug::configurePassManager(pm, "opt");
        return mlir::success();
      });
  if (config.shouldShowDialects()) {
    outs() << "Available Dialects: ";
    interleave(registry.getDialectNames(), outs(), ",");
    outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    mlir::printRegisteredPasses();
    return 0;
  }

  std::string err;
  std::unique_ptr<MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &err);
  if (!input) {
    errs() << "tt-opt: " << err << "\n";
    return 1;
  }
  if (!tt::checkIRNesting(input->getBuffer(), tt::kMaxIRNesting, err)) {
    errs() << inputFilename << ": error: " << err << "\n";
    return 1;
  }
  if (outputFilename == "-")
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(outs(), std::move(input), registry, config));
  // A file: keep the output in memory and write it whole on success.
  std::string text;
  raw_string_ostream os(text);
  if (mlir::failed(
          mlir::MlirOptMain(os, std::move(input), registry, config)))
    return 1;
  sys::fs::file_status st;
  if (!sys::fs::status(outputFilename, st) && sys::fs::exists(st) &&
      !sys::fs::is_regular_file(st)) {
    // /dev/null, a pipe: nothing can be renamed over it.
    auto out = mlir::openOutputFile(outputFilename, &err);
    if (!out) {
      errs() << "tt-opt: " << err << "\n";
      return 1;
    }
    out->os() << text;
    out->keep();
    return 0;
  }
  // A symbolic link to a file: replace the file, not the link.
  SmallString<256> resolved(outputFilename);
  if (sys::fs::is_symlink_file(outputFilename))
    (void)sys::fs::real_path(outputFilename, resolved);
  if (Error e = writeToOutput(resolved, [&](raw_ostream &o) {
        o << text;
        return Error::success();
      })) {
    errs() << "tt-opt: cannot write '" << outputFilename
           << "': " << toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  // On the main thread: it installs signal handlers and an alternate signal
  // stack, which belong to the thread that lives as long as the process.
  InitLLVM init(argc, argv);
  // LLVM's backend options to --help-hidden: --help lists MLIR's and ours.
  tt::hideLLVMOptions();
  mlir::DialectRegistry registry;
  tt::compiler::registerAllDialects(registry);
  tt::compiler::registerAllPasses();
  mlir::triton::registerTestAxisInfoPass();
  return tt::runWithLargeStack(
      [&] { return runTool(argc, argv, registry); });
}
