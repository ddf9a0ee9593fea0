//===- tt-translate.cpp - IR to target code ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reads a kernel (TTIR, TTGIR, an LLVM dialect module, or FILE.py::KERNEL
// with --signature and -D; a file or stdin), runs the stages that remain
// and writes target code:
//
//   tt-translate --target cpu --emit=so k.ttir -o k.so     (+ <kernel>.json)
//   tt-translate --target cuda:90 --ptx k.ttir -o k.ptx --metadata k.json
//   tt-translate --target hip:gfx942 --hsaco k.ttgir -o k.hsaco
//
// Flags -> CompileRequest -> tt::compiler::Compiler (lib/Compiler), whose
// backends hold every stage. The debugging variables (TRITON_KERNEL_DUMP,
// MLIR_ENABLE_DUMP, TRITON_CACHE_DIR, ...) apply to every target. See
// docs/tt-translate.md and docs/environment.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/CodegenFlags.h"
#include "tt/Compiler/Compiler.h"
#include "tt/Compiler/Server.h"
#include "tt/Frontend/KernelInput.h"
#include "tt/Support/CommandLine.h"
#include "tt/Support/InputLimits.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using tt::compiler::EmitKind;

namespace {
cl::OptionCategory category("tt-translate options");
cl::opt<std::string> inputFile(cl::Positional,
                               cl::desc("<input .ttir | FILE.py::KERNEL>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file ('-': standard output)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));
cl::opt<std::string>
    target("target",
           cl::desc("Compilation target: cpu, cuda:NN or hip:gfxNNN "
                    "(default: cuda:90 for --ptx/--cubin, hip:gfx942 for "
                    "--amdgcn/--hsaco, else cpu)"),
           cl::value_desc("target"), cl::init(""), cl::cat(category));
cl::opt<EmitKind> emit(
    "emit", cl::desc("What to write"), cl::init(EmitKind::None),
    cl::values(clEnumValN(EmitKind::LLVMIR, "llvmir", "optimized LLVM IR (text)"),
               clEnumValN(EmitKind::Object, "obj", "ELF relocatable object"),
               clEnumValN(EmitKind::Shared, "so", "shared library + metadata JSON"),
               clEnumValN(EmitKind::PTX, "ptx", "PTX assembly (NVIDIA)"),
               clEnumValN(EmitKind::Cubin, "cubin", "cubin (NVIDIA)"),
               clEnumValN(EmitKind::AMDGCN, "amdgcn", "AMDGCN assembly (AMD)"),
               clEnumValN(EmitKind::HSACO, "hsaco", "HSA code object (AMD)")),
    cl::cat(category));
/// --llvmir, --obj, ...: the short spellings of --emit=.
cl::opt<bool> emitLLVMIR("llvmir", cl::desc("Same as --emit=llvmir"),
                         cl::cat(category));
cl::opt<bool> emitObj("obj", cl::desc("Same as --emit=obj"), cl::cat(category));
cl::opt<bool> emitSO("shared", cl::desc("Same as --emit=so"),
                     cl::cat(category));
cl::opt<bool> emitPTX("ptx", cl::desc("Same as --emit=ptx"), cl::cat(category));
cl::opt<bool> emitCubin("cubin", cl::desc("Same as --emit=cubin"),
                        cl::cat(category));
cl::opt<bool> emitAMDGCN("amdgcn", cl::desc("Same as --emit=amdgcn"),
                         cl::cat(category));
cl::opt<bool> emitHSACO("hsaco", cl::desc("Same as --emit=hsaco"),
                        cl::cat(category));
struct EmitFlag {
  cl::opt<bool> &flag;
  EmitKind kind;
};
const EmitFlag emitFlags[] = {
    {emitLLVMIR, EmitKind::LLVMIR}, {emitObj, EmitKind::Object},
    {emitSO, EmitKind::Shared},     {emitPTX, EmitKind::PTX},
    {emitCubin, EmitKind::Cubin},   {emitAMDGCN, EmitKind::AMDGCN},
    {emitHSACO, EmitKind::HSACO}};
cl::opt<int> numStages("num-stages",
                       cl::desc("software pipelining depth (GPU targets)"),
                       cl::init(0), cl::cat(category));
cl::opt<int> numCtas("num-ctas", cl::desc("CTAs per cluster (default 1)"),
                     cl::init(0), cl::cat(category));
cl::opt<std::string> metadataFile(
    "metadata",
    cl::desc("Where to write the kernel metadata JSON (default: "
             "<kernel>.json next to the output for --target cpu)"),
    cl::value_desc("file"), cl::init(""), cl::cat(category));
cl::opt<bool> noMetadata("no-metadata",
                         cl::desc("Do not write the metadata JSON"),
                         cl::cat(category));
cl::opt<int> numWarps("num-warps",
                      cl::desc("warps per CTA (default: the module's "
                               "ttg.num-warps, else 4)"),
                      cl::init(0), cl::cat(category));
cl::opt<std::string> mcpu("mcpu",
                          cl::desc("CPU to compile for (default: the host)"),
                          cl::init(""), cl::cat(category));
cl::opt<std::string> mtriple("mtriple",
                             cl::desc("Target triple (default: the host's)"),
                             cl::init(""), cl::cat(category));
cl::opt<std::string> mattr("mattr",
                           cl::desc("Extra target features (+avx2,-fma)"),
                           cl::init(""), cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level (0-3)"),
                           cl::Prefix, cl::init(3), cl::cat(category));
cl::opt<bool> noTTIRStage(
    "no-ttir-stage",
    cl::desc("Do not run the TTIR stage first (input already went through "
             "tt-opt --tt-ttir)"),
    cl::cat(category));

cl::opt<bool> verbose("v", cl::desc("Name the output written, on stderr"),
                      cl::cat(category));

cl::opt<bool> serve(
    "serve",
    cl::desc("Compile server: read one JSON request per line on stdin, answer "
             "each with one JSON line on stdout (docs/tt-translate.md)"),
    cl::cat(category));

/// --signature and -D for FILE.py::KERNEL inputs (docs/frontend.md).
tt::frontend::PythonKernelOptions pythonOptions(category);
/// --maxnreg, --fp-fusion, --reflect-ftz, --ptxas-options.
tt::compiler::CodegenFlags codegenFlags(category);

int fail(const Twine &msg) {
  errs() << "tt-translate: " << msg << "\n";
  return 1;
}

/// The flags as a request; false (after saying why) when they conflict.
bool makeRequest(tt::compiler::CompileRequest &req) {
  EmitKind kind = emit;
  int given = kind != EmitKind::None;
  for (const EmitFlag &f : emitFlags)
    if (f.flag) {
      kind = f.kind;
      ++given;
    }
  if (given > 1) {
    fail("give one of --emit, --llvmir, --obj, --shared, --ptx, --cubin, "
         "--amdgcn, --hsaco");
    return false;
  }
  if (kind == EmitKind::None) {
    fail("nothing to emit: give --emit=llvmir|obj|so|ptx|cubin (or "
         "--llvmir, --obj, --shared, --ptx, --cubin)");
    return false;
  }
  req.input = inputFile;
  req.target = target;
  req.emit = kind;
  req.numWarps = numWarps;
  req.numStages = numStages;
  req.numCtas = numCtas;
  codegenFlags.apply(req);
  tt::frontend::PythonKernelRef python = pythonOptions.getRef(inputFile);
  req.signature = python.signature;
  req.defines = python.defines;
  req.cpu = mcpu;
  req.triple = mtriple;
  req.features = mattr;
  req.optLevel = optLevel;
  req.skipTTIRStage = noTTIRStage;
  req.output = outputFile;
  req.metadata = metadataFile;
  req.noMetadata = noMetadata;
  req.tool = "tt-translate";
  return true;
}

int runTool(int argc, char **argv) {
  // LLVM's own flags to --help-hidden, before MLIR registers its flags.
  tt::cli::hideOtherOptions({&category});
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  tt::cli::groupMLIRDebugOptions();
  tt::cli::parseCommandLine(
      argc, argv,
      {"tt-translate",
       "IR to target code\n\n"
       "Reads TTIR, TTGIR or an LLVM dialect module (or FILE.py::KERNEL) and\n"
       "writes LLVM IR, PTX, cubin, AMDGCN, HSACO, an object or a shared\n"
       "library for the given target. Examples:\n"
       "  tt-translate --target cpu --emit=so add.ttir -o add.so\n"
       "  tt-translate --target cuda:90 --ptx add.ttir -o add.ptx "
       "--metadata add.json\n"
       "  tt-opt k.ttir --tt-ttir | tt-translate --target cpu --llvmir\n",
       "tt-translate [options] <input .ttir | FILE.py::KERNEL | ->",
       {&category}});
  if (serve) {
    if (inputFile != "-")
      return fail("--serve reads its requests on stdin: give no input file");
    tt::compiler::Compiler compiler;
    return tt::compiler::serve(compiler, {"tt-translate"});
  }
  tt::compiler::CompileRequest req;
  if (!makeRequest(req))
    return 1;
  tt::compiler::Compiler compiler;
  Expected<tt::compiler::CompileResult> result = compiler.compile(req);
  if (!result) {
    std::string msg = toString(result.takeError());
    return tt::compiler::isReportedError(msg) ? 1 : fail(msg);
  }
  if (Error e = tt::compiler::writeCompileOutputs(req, *result))
    return fail(toString(std::move(e)));
  if (verbose && req.output != "-")
    errs() << "tt-translate: wrote " << req.output << "\n";
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  // On the main thread: it installs signal handlers and an alternate signal
  // stack, which belong to the thread that lives as long as the process.
  InitLLVM init(argc, argv);
  // MLIR recurses once per level of nesting: see InputLimits.h.
  return tt::runWithLargeStack([&] { return runTool(argc, argv); });
}
