//===- tt-dump.cpp - every stage of a kernel into a dump dir ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Runs the whole pipeline on one kernel and writes each stage where
// upstream's TRITON_KERNEL_DUMP would: $TRITON_DUMP_DIR/<hash>/<kernel>.<ext>
// (source.ttir when the input was raw TTIR, ttir, ttgir, llir, ptx, cubin
// when ptxas exists, json), then prints that directory. A kernel the
// backend cannot lower yet leaves the stages it reached and a non-zero exit.
//
//   tt-dump k.ttir [--target cuda:90] [--num-warps 4] [--num-stages 3]
//   tt-dump k.py::kernel --signature '*fp32:16, i32' -D BLOCK=1024
//   tt-dump --diff DUMP_A DUMP_B
//
// Every stage comes from lib/Pipeline and lib/Target; dumping, overrides and
// the debug variables from lib/Pipeline/Debug.cpp. See docs/tt-dump.md.
//
//===----------------------------------------------------------------------===//

#include "Diff.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Frontend/KernelInput.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Pipeline/NVIDIA.h"
#include "tt/Pipeline/Pipeline.h"
#include "tt/Report/Report.h"
#include "tt/Target/CPU/CPU.h"
#include "tt/Target/NVPTX/NVPTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace {
cl::OptionCategory category("tt-dump options");
cl::list<std::string> inputs(cl::Positional,
                             cl::desc("<kernel.ttir | FILE.py::KERNEL> | "
                                      "--diff <A> <B>"),
                             cl::cat(category));
cl::opt<std::string> target("target",
                            cl::desc("cuda:NN (default cuda:90) or cpu"),
                            cl::init("cuda:90"), cl::cat(category));
cl::opt<int> numWarps("num-warps",
                      cl::desc("warps per CTA (default 4; a TTGIR input keeps "
                               "its ttg.num-warps)"),
                      cl::init(0), cl::cat(category));
cl::opt<int> numStages("num-stages",
                       cl::desc("software pipelining depth (default 3)"),
                       cl::init(0), cl::cat(category));
cl::opt<int> numCtas("num-ctas", cl::desc("CTAs per cluster (default 1)"),
                     cl::init(1), cl::cat(category));
cl::opt<std::string> dumpDir(
    "dump-dir",
    cl::desc("Where dumps go (default: $TRITON_DUMP_DIR, else ~/.triton/dump)"),
    cl::value_desc("dir"), cl::init(""), cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("List the files written"),
                      cl::cat(category));
cl::opt<bool> diffMode("diff",
                       cl::desc("Compare two dump directories stage by stage"),
                       cl::cat(category));
cl::opt<unsigned> diffContext("context",
                              cl::desc("--diff: unchanged lines around each "
                                       "change (default 3)"),
                              cl::init(3), cl::cat(category));
cl::opt<unsigned> diffMaxLines("max-lines",
                               cl::desc("--diff: diff lines shown per stage "
                                        "(default 40)"),
                               cl::init(40), cl::cat(category));
cl::opt<bool> diffRaw("raw",
                      cl::desc("--diff: compare files as they are, without "
                               "normalization"),
                      cl::cat(category));

/// --signature and -D for FILE.py::KERNEL inputs (docs/frontend.md).
tt::frontend::PythonKernelOptions pythonOptions(category);

cl::opt<std::string> htmlOut(
    "html", cl::desc("Also write an HTML report of the compilation (every "
                     "stage, layouts, resources, findings; docs/report.md)"),
    cl::value_desc("file"), cl::init(""), cl::cat(category));
cl::opt<std::string> htmlPython(
    "html-python",
    cl::desc("--html: the kernel's Python source (default: a .py file named "
             "by the TTIR's locations, if it exists)"),
    cl::value_desc("file.py"), cl::init(""), cl::cat(category));
cl::opt<std::string> tuneChart(
    "tune-chart", cl::desc("--html: include this tt-tune --report-svg chart"),
    cl::value_desc("file.svg"), cl::init(""), cl::cat(category));

/// Collects the report while --html is on.
tt::report::Recorder *recorder = nullptr;

int fail(const Twine &msg) {
  errs() << "tt-dump: " << msg << "\n";
  if (recorder)
    recorder->addError(msg.str());
  return 1;
}

/// Prints where the dump went (stdout, so scripts can capture it) and, with
/// -v, the files.
void report(const tt::debug::KernelSession &session) {
  if (session.getWrittenFiles().empty())
    return;
  outs() << session.getDumpDir() << "\n";
  if (verbose)
    for (const std::string &f : session.getWrittenFiles())
      errs() << "  " << f << "\n";
}

/// Writes a stage produced outside the MLIR stages; false (after printing
/// why) on error.
bool finish(tt::debug::KernelSession &session, StringRef ext,
            std::string &data) {
  if (Error e = session.finishStage(ext, data)) {
    errs() << "tt-dump: " << toString(std::move(e)) << "\n";
    return false;
  }
  return true;
}

int runMLIRStages(mlir::ModuleOp module, StringRef stage,
                  function_ref<void(mlir::OpPassManager &)> build) {
  mlir::PassManager pm(module.getContext());
  build(pm);
  if (failed(mlir::applyPassManagerCLOptions(pm)))
    return 1;
  tt::debug::configurePassManager(pm, stage);
  return failed(pm.run(module)) ? 1 : 0;
}

/// source.ttir, ttir, ttgir, llir, json, ptx, cubin.
int dumpNVIDIA(mlir::ModuleOp module, tt::PipelineOptions opts,
               tt::debug::KernelSession &session) {
  if (Error e = tt::lowerToLLVMDialect(module, opts))
    return fail(toString(std::move(e)));

  LLVMContext llvmContext;
  auto llvmModule = tt::translateToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));

  int cc = *tt::getComputeCapability(opts.target);
  std::string ptxas = tt::nvptx::findPtxas();
  tt::nvptx::PTXOptions ptxOptions;
  ptxOptions.computeCapability = cc;
  ptxOptions.ptxVersion = tt::nvptx::getPTXVersion(ptxas);
  ptxOptions.optimize = !tt::debug::getBoolEnv("DISABLE_LLVM_OPT");
  // The .llir stage is the optimized module, as upstream's make_llir.
  if (Error e = [&] {
        tt::debug::LLVMScope scope(**llvmModule, "LLVM optimization (NVPTX)");
        tt::debug::StepTimer timer("LLVM optimization");
        return tt::nvptx::optimizeModule(**llvmModule, ptxOptions);
      }())
    return fail(toString(std::move(e)));
  if (Error e = session.finishStage("llir", *llvmModule, llvmContext))
    return fail(toString(std::move(e)));
  std::string json =
      tt::buildNVIDIAMetadataJSON(module, opts, ptxOptions.ptxVersion);

  Expected<std::string> ptx = [&] {
    tt::debug::LLVMScope scope(**llvmModule, "code generation (NVPTX)");
    tt::debug::StepTimer timer("LLVM IR to PTX");
    return tt::nvptx::emitPTX(**llvmModule, ptxOptions);
  }();
  if (!ptx)
    return fail(toString(ptx.takeError()));
  if (!finish(session, "ptx", *ptx))
    return 1;

  if (ptxas.empty()) {
    errs() << "tt-dump: no ptxas (set TRITON_PTXAS_PATH or put it on PATH): "
              "no cubin\n";
  } else {
    Expected<std::string> cubin = [&] {
      tt::debug::StepTimer timer("ptxas");
      return tt::nvptx::compileToCubin(*ptx, cc, ptxas);
    }();
    if (!cubin)
      return fail(toString(cubin.takeError()));
    if (!finish(session, "cubin", *cubin))
      return 1;
  }
  // Last, as upstream: the metadata of a complete compilation.
  return finish(session, "json", json) ? 0 : 1;
}

/// source.ttir, ttir, llir (optimized for the host), o, json.
int dumpCPU(mlir::ModuleOp module, tt::PipelineOptions opts,
            tt::debug::KernelSession &session) {
  if (runMLIRStages(module, "ttir", [&](mlir::OpPassManager &pm) {
        tt::buildTTIRPipeline(pm, opts);
      }))
    return fail("the TTIR stage failed");
  if (Error e = session.finishStage("ttir", module))
    return fail(toString(std::move(e)));
  std::vector<tt::cpu::KernelInfo> kernels = tt::cpu::getKernels(module);
  if (runMLIRStages(module, "cpu", [&](mlir::OpPassManager &pm) {
        tt::buildCPUPipeline(pm, opts);
      }))
    return fail("the CPU stage failed");

  tt::cpu::CPUOptions copts, irOpts;
  if (tt::debug::getBoolEnv("DISABLE_LLVM_OPT"))
    irOpts.optLevel = 0; // no optimization pipeline; codegen keeps its level
  LLVMContext llvmContext;
  auto llvmModule = tt::cpu::translateToLLVMIR(module, llvmContext, irOpts);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));
  if (Error e = session.finishStage("llir", *llvmModule, llvmContext))
    return fail(toString(std::move(e)));
  Expected<std::string> object = [&] {
    tt::debug::LLVMScope scope(**llvmModule, "code generation (host)");
    return tt::cpu::emitObject(**llvmModule, copts);
  }();
  if (!object)
    return fail(toString(object.takeError()));
  if (!finish(session, "o", *object))
    return 1;
  for (const tt::cpu::KernelInfo &k : kernels) {
    if (k.name != session.getKernelName())
      continue;
    std::string json = tt::cpu::getMetadataJSON(k, opts.numWarps);
    if (!finish(session, "json", json))
      return 1;
  }
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  cl::HideUnrelatedOptions({&category});
  cl::ParseCommandLineOptions(
      argc, argv,
      "tt-dump: every stage of a kernel, as upstream's TRITON_KERNEL_DUMP\n\n"
      "  tt-dump k.ttir [--target cuda:90] [--num-warps N] [--num-stages N]\n"
      "      writes $TRITON_DUMP_DIR/<hash>/<kernel>.{ttir,ttgir,llir,ptx,"
      "cubin,json}\n"
      "      and prints that directory\n"
      "  tt-dump --diff A B\n"
      "      which stages of two dump directories differ, with a diff of "
      "each\n");

  if (diffMode) {
    if (inputs.size() != 2) {
      fail("--diff takes two dump directories");
      return 2;
    }
    tt::dump::DiffOptions options;
    options.context = diffContext;
    options.maxLines = diffMaxLines;
    options.raw = diffRaw;
    return tt::dump::diffDumps(inputs[0], inputs[1], options, outs());
  }
  if (inputs.size() != 1)
    return fail("give one kernel (.ttir or .ttgir), or --diff A B");

  StringRef tgt(target);
  bool isCPU = tgt == "cpu";
  if (!isCPU && !tt::getComputeCapability(tgt))
    return fail("target '" + target +
                "' is not available in tt-dump (cuda:NN or cpu)");

  mlir::DialectRegistry registry;
  tt::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // MLIR or FILE.py::KERNEL (--signature, -D) through the frontend.
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  tt::frontend::LoadedKernel input;
  if (!tt::frontend::loadKernel(context, sourceMgr, inputs[0], pythonOptions,
                                "tt-dump", input))
    return 1;
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(input.module);

  tt::PipelineOptions opts;
  opts.target = target;
  // As tt-translate does, so both name a compilation with the same hash; a
  // TTGIR module's own ttg.num-warps still wins when it is lowered.
  if (numWarps > 0)
    opts.numWarps = numWarps;
  if (numStages > 0)
    opts.numStages = numStages;
  opts.numCtas = numCtas;

  std::string root =
      dumpDir.empty() ? tt::debug::getDumpRoot() : std::string(dumpDir);
  tt::debug::KernelSession session(input.keyText, opts, root);
  session.setInputModule(*module, input.fromPython);
  std::optional<tt::report::Recorder> html;
  if (!htmlOut.empty())
    recorder = &html.emplace(context, session);

  int rc = isCPU ? dumpCPU(*module, opts, session)
                 : dumpNVIDIA(*module, opts, session);
  report(session);
  if (recorder) {
    tt::report::RecorderOptions ro;
    ro.target = opts.target;
    ro.inputPath = inputs[0];
    ro.pythonSource = htmlPython;
    ro.tuneChart = tuneChart;
    ro.options = {{"target", opts.target},
                  {"num-warps", std::to_string(opts.numWarps)},
                  {"num-stages", std::to_string(opts.numStages)},
                  {"num-ctas", std::to_string(opts.numCtas)}};
    if (Error e = recorder->write(htmlOut, rc == 0, ro))
      rc = fail(toString(std::move(e)));
    recorder = nullptr;
  }
  if (rc != 0 && !session.getWrittenFiles().empty()) {
    errs() << "tt-dump: stopped after";
    for (const std::string &f : session.getWrittenFiles())
      errs() << " " << sys::path::filename(f);
    errs() << "\n";
  }
  return rc;
}
