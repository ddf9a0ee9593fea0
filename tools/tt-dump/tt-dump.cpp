//===- tt-dump.cpp - every stage of a kernel into a dump dir ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Runs the whole pipeline on one kernel and writes each stage where
// upstream's TRITON_KERNEL_DUMP would: $TRITON_DUMP_DIR/<hash>/<kernel>.<ext>
// (source.ttir when the input was raw TTIR, ttir, ttgir, llir, then ptx and
// cubin (when ptxas exists) for cuda:NN, amdgcn and hsaco (when ld.lld
// exists) for hip:gfxNNN, o for cpu; json last), then prints that
// directory. A kernel the backend cannot lower yet leaves the stages it
// reached and a non-zero exit.
//
//   tt-dump k.ttir [--target cuda:90] [--num-warps 4] [--num-stages 3]
//   tt-dump k.py::kernel --signature '*fp32:16, i32' -D BLOCK=1024
//   tt-dump --diff DUMP_A DUMP_B
//
// Flags -> CompileRequest (emit every stage) -> tt::compiler::Compiler, the
// driver tt-translate calls too. See docs/tt-dump.md.
//
//===----------------------------------------------------------------------===//

#include "Diff.h"

#include "tt/Compiler/CodegenFlags.h"
#include "tt/Compiler/Compiler.h"
#include "tt/Compiler/Server.h"
#include "tt/Compiler/Session.h"
#include "tt/Frontend/KernelInput.h"
#include "tt/Report/Report.h"
#include "tt/Support/CommandLine.h"
#include "tt/Support/InputLimits.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace {
cl::OptionCategory category("tt-dump options");
cl::list<std::string> inputs(cl::Positional,
                             cl::desc("<kernel.ttir | FILE.py::KERNEL> | "
                                      "--diff <A> <B>"),
                             cl::cat(category));
cl::opt<std::string> target("target",
                            cl::desc("Compilation target: cpu, cuda:NN or "
                                     "hip:gfxNNN (default: cuda:90)"),
                            cl::value_desc("target"), cl::init(""),
                            cl::cat(category));
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
    "o",
    cl::desc("Where dumps go: DIR/<hash>/<kernel>.<stage> (default: "
             "$TRITON_DUMP_DIR, else ~/.triton/dump)"),
    cl::value_desc("dir"), cl::init(""), cl::cat(category));
cl::alias dumpDirLong("dump-dir", cl::desc("Alias for -o"),
                      cl::aliasopt(dumpDir), cl::NotHidden, cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("List the files written, on stderr"),
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

cl::opt<bool> serveMode(
    "serve",
    cl::desc("Compile server, as tt-translate --serve: JSON requests on "
             "stdin, one JSON line per answer on stdout"),
    cl::cat(category));

/// --signature and -D for FILE.py::KERNEL inputs (docs/frontend.md).
tt::frontend::PythonKernelOptions pythonOptions(category);
/// --maxnreg, --fp-fusion, --reflect-ftz, --ptxas-options.
tt::compiler::CodegenFlags codegenFlags(category);

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

int fail(const Twine &msg) {
  errs() << "tt-dump: " << msg << "\n";
  return 1;
}

/// --html: records the compilation and writes the report when it ends.
class HTMLReport : public tt::compiler::CompileObserver {
public:
  explicit HTMLReport(const tt::compiler::CompileRequest &req) : req(req) {}
  void sessionStarted(mlir::MLIRContext &context,
                      tt::debug::KernelSession &session) override {
    recorder.emplace(context, session);
  }
  void finished(bool succeeded, StringRef error) override {
    if (!recorder)
      return;
    if (!error.empty())
      recorder->addError(error);
    tt::report::RecorderOptions ro;
    ro.target = req.getTarget();
    ro.inputPath = req.input;
    ro.pythonSource = htmlPython;
    ro.tuneChart = tuneChart;
    ro.options = {{"target", req.getTarget()},
                  {"num-warps", std::to_string(req.numWarps > 0 ? req.numWarps : 4)},
                  {"num-stages", std::to_string(req.numStages > 0 ? req.numStages : 3)},
                  {"num-ctas", std::to_string(req.numCtas)}};
    if (Error e = recorder->write(htmlOut, succeeded, ro))
      writeError = toString(std::move(e));
    recorder.reset();
  }
  std::string writeError;

private:
  const tt::compiler::CompileRequest &req;
  std::optional<tt::report::Recorder> recorder;
};

int runDiff() {
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

int runTool(int argc, char **argv) {
  // LLVM's own flags to --help-hidden, before MLIR registers its flags.
  tt::cli::hideOtherOptions({&category});
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  // --mlir-timing: the stages' and passes' times (compile-time benchmark).
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  tt::cli::groupMLIRDebugOptions();
  tt::cli::parseCommandLine(
      argc, argv,
      {"tt-dump",
       "every stage of a kernel, as upstream's TRITON_KERNEL_DUMP\n\n"
       "  tt-dump k.ttir [--target cuda:90|hip:gfx942|cpu] [--num-warps N] "
       "[--num-stages N]\n"
       "      writes $TRITON_DUMP_DIR/<hash>/<kernel>.{ttir,ttgir,llir,ptx,"
       "cubin,json}\n"
       "      and prints that directory\n"
       "  tt-dump --diff A B\n"
       "      which stages of two dump directories differ, with a diff of "
       "each\n",
       "tt-dump [options] <kernel.ttir | FILE.py::KERNEL | -> | --diff <A> <B>",
       {&category}});
  if (diffMode)
    return runDiff();
  if (serveMode) {
    if (!inputs.empty())
      return fail("--serve reads its requests on stdin: give no kernel");
    tt::compiler::Compiler compiler;
    return tt::compiler::serve(compiler, {"tt-dump"});
  }
  if (inputs.size() != 1)
    return fail("give one kernel (.ttir or .ttgir), or --diff A B");

  tt::compiler::CompileRequest req;
  req.input = inputs[0];
  req.target = target;
  req.emit = tt::compiler::EmitKind::All;
  req.numWarps = numWarps;
  req.numStages = numStages;
  req.numCtas = numCtas;
  codegenFlags.apply(req);
  tt::frontend::PythonKernelRef python = pythonOptions.getRef(inputs[0]);
  req.signature = python.signature;
  req.defines = python.defines;
  req.dumpRoot = dumpDir.empty() ? tt::debug::getDumpRoot()
                                 : std::string(dumpDir);
  req.tool = "tt-dump";

  // The report never replaces the kernel it describes.
  bool same = false;
  if (!htmlOut.empty() && htmlOut != "-" &&
      !sys::fs::equivalent(htmlOut, inputs[0].substr(0, inputs[0].rfind("::")),
                           same) &&
      same)
    return fail("--html '" + htmlOut +
                "' is the input file: give another output name");

  std::optional<HTMLReport> html;
  if (!htmlOut.empty())
    html.emplace(req);
  tt::compiler::Compiler compiler;
  Expected<tt::compiler::CompileResult> result =
      compiler.compile(req, html ? &*html : nullptr);
  int rc = 0;
  if (!result) {
    std::string msg = toString(result.takeError());
    rc = tt::compiler::isReportedError(msg) ? 1 : fail(msg);
  }
  if (html && !html->writeError.empty())
    rc = fail(html->writeError);

  // Where the dump went (stdout, so scripts can capture it) and, with -v,
  // the files; after a failure, the stages that were reached.
  const tt::debug::KernelSession *session = compiler.getLastSession();
  if (!session || session->getWrittenFiles().empty())
    return rc;
  outs() << session->getDumpDir() << "\n";
  if (verbose)
    for (const std::string &f : session->getWrittenFiles())
      errs() << "  " << f << "\n";
  if (rc != 0) {
    errs() << "tt-dump: stopped after";
    for (const std::string &f : session->getWrittenFiles())
      errs() << " " << sys::path::filename(f);
    errs() << "\n";
  }
  return rc;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  return tt::runWithLargeStack([&] { return runTool(argc, argv); });
}
