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

#include "mlir/Debug/Counter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory category("tt-opt options");
static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file | ->"),
                                          cl::init("-"), cl::cat(category));
static cl::opt<std::string> outputFilename("o",
                                           cl::desc("Output file ('-': "
                                                    "standard output, the "
                                                    "default)"),
                                           cl::value_desc("file"),
                                           cl::init("-"), cl::cat(category));

static const char *const kOverview =
    "run Triton IR passes and stage pipelines\n\n"
    "Reads TTIR or TTGIR (a file, or stdin when none or '-' is given), runs\n"
    "the passes named on the command line in order, and prints the result.\n"
    "Stage pipelines (each with its options, e.g.\n"
    "--tt-ttgir='target=cuda:90 num-warps=8'): --tt-ttir, --tt-ttgir,\n"
    "--tt-llir, --tt-cpu; the passes keep upstream Triton's names\n"
    "(--triton-combine, --tritongpu-coalesce, ...). --list-passes lists\n"
    "them all with their options.\n";

static int runTool(int argc, char **argv, mlir::DialectRegistry &registry) {
  // What mlir::registerAndParseCLIOptions registers, then tt's parsing
  // (help, version, exit code 2 on a bad command line).
  mlir::MlirOptMainConfig::registerCLOptions(registry);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::tracing::DebugCounter::registerCLOptions();
  tt::cli::groupMLIRDebugOptions();
  tt::cli::parseCommandLine(argc, argv,
                            {"tt-opt", kOverview,
                             "tt-opt [options] <input file | ->",
                             {&category}});
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
  // The output never replaces the input (it is read whole first, but a
  // failed run would leave neither).
  bool same = false;
  if (outputFilename != "-" && inputFilename != "-" &&
      !sys::fs::equivalent(outputFilename, inputFilename, same) && same) {
    errs() << "tt-opt: '" << outputFilename
           << "' is the input file: give another output name\n";
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
  // LLVM's backend options to --help-hidden: --help lists ours and MLIR's.
  tt::cli::hideOtherOptions({&category});
  mlir::DialectRegistry registry;
  tt::compiler::registerAllDialects(registry);
  tt::compiler::registerAllPasses();
  mlir::triton::registerTestAxisInfoPass();
  return tt::runWithLargeStack(
      [&] { return runTool(argc, argv, registry); });
}
