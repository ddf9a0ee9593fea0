//===- tt-py.cpp - compile @triton.jit Python kernels to TTIR ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The Python frontend as a command:
//
//   tt-py kernels.py::add_kernel --signature '*fp32:16, *fp32:16, *fp32:16,
//         i32:16' -D BLOCK=1024 -o add.ttir
//
// reads the file, compiles the named @triton.jit function specialized as
// the signature and -D values say, and prints upstream's raw frontend TTIR
// (with locations; --tt-ttir also runs the TTIR stage). Errors point at the
// Python source. docs/frontend.md describes the options.
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/Frontend.h"
#include "tt/Frontend/KernelInput.h"
#include "tt/Frontend/Parser.h"
#include "tt/Compiler/Session.h"
#include "tt/Compiler/Stages.h"
#include "tt/Support/CommandLine.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::frontend;

static cl::OptionCategory category("tt-py options");
static cl::opt<std::string> input(cl::Positional, cl::Required,
                                  cl::desc("<file.py[::kernel] | -[::kernel]>"),
                                  cl::cat(category));
// --signature (-s) and -D NAME=VALUE, shared with the other tools.
static PythonKernelOptions pythonOptions(category);
static cl::opt<std::string> output("o",
                                   cl::desc("Output file ('-': standard "
                                            "output, the default)"),
                                   cl::value_desc("file"), cl::init("-"),
                                   cl::cat(category));
static cl::opt<bool> runTTIR("tt-ttir",
                             cl::desc("Also run the TTIR stage (inlining, "
                                      "canonicalization, combine, CSE)"),
                             cl::cat(category));
static cl::opt<bool> noLocs("no-locs",
                            cl::desc("Print the TTIR without locations"),
                            cl::cat(category));
static cl::opt<std::string> dotPrecision(
    "dot-precision",
    cl::desc("Default input precision of tl.dot (tf32, tf32x3, ieee, "
             "bf16x3, bf16x6)"),
    cl::init("tf32"), cl::cat(category));
static cl::opt<bool> listKernels("list",
                                 cl::desc("List the @triton.jit functions of "
                                          "the file and their parameters"),
                                 cl::cat(category));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  tt::cli::hideOtherOptions({&category});
  tt::cli::parseCommandLine(
      argc, argv,
      {"tt-py",
       "compile a @triton.jit Python function to TTIR\n\n"
       "  tt-py file.py::kernel --signature '*fp32:16, i32, 1024' -D "
       "NAME=VALUE\n\n"
       "The signature lists the kernel's parameters in order: a type\n"
       "('*fp16' pointer, 'i32', 'fp32', ...) with an optional hint ':16'\n"
       "(divisible by 16) or ':1' (equal to 1, folded away), or a value\n"
       "('1024', '1e-5', 'True'). Parameters after the signature take their\n"
       "value from -D or their default. Prints upstream's frontend TTIR.\n",
       "tt-py [options] <file.py[::kernel]>",
       {&category}});
  if (listKernels) {
    PythonKernelRef ref;
    splitPythonKernelRef(input, ref);
    SourceMgr sm;
    auto buf = MemoryBuffer::getFileOrSTDIN(ref.path, /*IsText=*/true);
    if (!buf) {
      WithColor::error(errs(), "tt-py") << "cannot read '" << ref.path
                                        << "': " << buf.getError().message()
                                        << "\n";
      return 1;
    }
    unsigned id = sm.AddNewSourceBuffer(std::move(*buf), SMLoc());
    tt::frontend::Module module;
    if (!parsePython(sm, id, module))
      return 1;
    for (const auto &fn : module.functions) {
      if (!fn->isJit)
        continue;
      outs() << fn->name << "(";
      for (size_t k = 0; k < fn->params.size(); ++k)
        outs() << (k ? ", " : "") << fn->params[k].name;
      outs() << ")\n";
    }
    return 0;
  }

  PythonKernelRef ref = pythonOptions.getRef(input);
  ref.dotPrecision = dotPrecision;
  mlir::DialectRegistry registry;
  tt::registerCoreDialects(registry);
  mlir::MLIRContext ctx(registry);
  SourceMgr sm;
  auto ttir = compilePythonKernel(ctx, sm, ref, "tt-py");
  if (!ttir)
    return 1;

  if (runTTIR) {
    mlir::PassManager pm(&ctx);
    tt::buildTTIRPipeline(pm, tt::PipelineOptions());
    tt::debug::configurePassManager(pm, "ttir");
    if (mlir::failed(pm.run(*ttir)))
      return 1;
  }

  // The output never replaces the source it was compiled from.
  bool same = false;
  if (output != "-" && !sys::fs::equivalent(output, ref.path, same) && same) {
    WithColor::error(errs(), "tt-py")
        << "'" << output << "' is the input file: give another output name\n";
    return 1;
  }
  mlir::OpPrintingFlags flags;
  if (!noLocs)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  flags.printNameLocAsPrefix(true);
  std::string text;
  raw_string_ostream os(text);
  ttir->print(os, flags);
  os << "\n";
  // Whole or not at all: a temporary file renamed into place.
  if (Error e = tt::debug::writeFileAtomically(output, text,
                                               /*createDirs=*/false)) {
    WithColor::error(errs(), "tt-py") << toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}
