//===- tt-translate.cpp - IR to target code ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reads TTIR (a file or stdin), runs the stages that remain through
// lib/Pipeline, and writes target code:
//
//   tt-translate --target cpu --emit=so k.ttir -o k.so     (+ <kernel>.json)
//   tt-translate --target cpu --emit=obj k.ttir -o k.o
//   tt-translate --target cpu --llvmir k.ttir              (LLVM IR, stdout)
//
// An LLVM dialect module (e.g. `tt-opt --tt-ttir --tt-cpu` output) is also
// accepted: only the LLVM stages run then. So is a Python kernel,
// `k.py::kernel --signature '...' -D NAME=VALUE` (lib/Frontend). The
// debugging variables (TRITON_KERNEL_DUMP, MLIR_ENABLE_DUMP, ...) apply to
// every target. See docs/tt-translate.md and docs/environment.md.
//
//===----------------------------------------------------------------------===//

#include "GPU.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Frontend/KernelInput.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Pipeline/NVIDIA.h"
#include "tt/Pipeline/Pipeline.h"
#include "tt/Support/InputLimits.h"
#include "tt/Target/CPU/CPU.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
enum class Emit { None, LLVMIR, Obj, SO, PTX, Cubin, AMDGCN, HSACO };

cl::OptionCategory category("tt-translate options");
cl::opt<std::string> inputFile(cl::Positional,
                               cl::desc("<input .ttir | FILE.py::KERNEL>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file ('-': stdout)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));
cl::opt<std::string>
    target("target",
           cl::desc("Compilation target: cpu (cuda:NN and hip:gfxNNN come "
                    "with the GPU backends)"),
           cl::init(""), cl::cat(category));
cl::opt<Emit> emit(
    "emit", cl::desc("What to write"), cl::init(Emit::None),
    cl::values(clEnumValN(Emit::LLVMIR, "llvmir", "optimized LLVM IR (text)"),
               clEnumValN(Emit::Obj, "obj", "ELF relocatable object"),
               clEnumValN(Emit::SO, "so", "shared library + metadata JSON"),
               clEnumValN(Emit::PTX, "ptx", "PTX assembly (NVIDIA)"),
               clEnumValN(Emit::Cubin, "cubin", "cubin (NVIDIA)"),
               clEnumValN(Emit::AMDGCN, "amdgcn", "AMDGCN assembly (AMD)"),
               clEnumValN(Emit::HSACO, "hsaco", "HSA code object (AMD)")),
    cl::cat(category));
cl::opt<bool> emitLLVMIR("llvmir", cl::desc("Same as --emit=llvmir"),
                         cl::cat(category));
cl::opt<bool> emitObj("obj", cl::desc("Same as --emit=obj"), cl::cat(category));
cl::opt<bool> emitSO("shared", cl::desc("Same as --emit=so"),
                     cl::cat(category));
cl::opt<bool> emitPTX("ptx", cl::desc("Same as --emit=ptx"), cl::cat(category));
cl::opt<bool> emitAMDGCN("amdgcn", cl::desc("Same as --emit=amdgcn"),
                         cl::cat(category));
cl::opt<bool> emitHSACO("hsaco", cl::desc("Same as --emit=hsaco"),
                        cl::cat(category));
cl::opt<bool> emitCubin("cubin", cl::desc("Same as --emit=cubin"),
                        cl::cat(category));
cl::opt<int> numStages("num-stages",
                       cl::desc("software pipelining depth (GPU targets)"),
                       cl::init(0), cl::cat(category));
cl::opt<std::string> metadataFile(
    "metadata",
    cl::desc("Where to write the kernel metadata JSON (default: "
             "<kernel>.json next to the output for --emit=so and obj)"),
    cl::value_desc("file"), cl::init(""), cl::cat(category));
cl::opt<bool> noMetadata("no-metadata",
                         cl::desc("Do not write the metadata JSON"),
                         cl::cat(category));
cl::opt<int> numWarps("num-warps",
                      cl::desc("num_warps recorded in the metadata (default: "
                               "the module's ttg.num-warps, else 4)"),
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

/// --signature and -D for FILE.py::KERNEL inputs (docs/frontend.md).
tt::frontend::PythonKernelOptions pythonOptions(category);

int fail(const Twine &msg) {
  errs() << "tt-translate: " << msg << "\n";
  return 1;
}

/// Whether `path` names something a file cannot be renamed over: stdout
/// ('-'), a terminal, /dev/null, a pipe.
bool isSpecialOutput(StringRef path) {
  sys::fs::file_status st;
  return path == "-" ||
         (!sys::fs::status(path, st) && sys::fs::exists(st) &&
          !sys::fs::is_regular_file(st));
}

/// Writes `data` to `path` ('-' is stdout) whole or not at all
/// (tt::debug::writeFileAtomically), so that a killed tt-translate never
/// leaves half a file and concurrent writers of one path leave one copy.
bool writeOutput(StringRef path, StringRef data) {
  if (Error e = tt::debug::writeFileAtomically(path, data,
                                               /*createDirs=*/false)) {
    errs() << "tt-translate: cannot write '" << path
           << "': " << toString(std::move(e)) << "\n";
    return false;
  }
  return true;
}

} // namespace

bool tt::translate::writeOutputFile(const std::string &path,
                                    const std::string &data) {
  return writeOutput(path, data);
}

namespace {

/// Links `object` into the shared library `path` through a temporary name in
/// the same directory (see writeOutput).
Error linkAtomically(StringRef object, StringRef path) {
  if (isSpecialOutput(path))
    return tt::cpu::linkSharedLibrary(object, path);
  SmallString<128> tmp;
  if (std::error_code ec =
          sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", tmp))
    return createStringError(ec, "cannot create a temporary file beside '" +
                                     path + "': " + ec.message());
  if (Error e = tt::cpu::linkSharedLibrary(object, tmp)) {
    sys::fs::remove(tmp);
    return e;
  }
  if (std::error_code ec = sys::fs::rename(tmp, path)) {
    sys::fs::remove(tmp);
    return createStringError(ec, "cannot write '" + path +
                                     "': " + ec.message());
  }
  return Error::success();
}

/// Kernel names become file names (<kernel>.json next to the output): they
/// must stay in that directory.
bool isSafeFileStem(StringRef name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find_first_of(StringRef("/\\\0", 3)) == StringRef::npos;
}

bool isLLVMDialectModule(mlir::ModuleOp module) {
  bool onlyLLVM = true;
  for (mlir::Operation &op : module.getBody()->getOperations())
    if (!isa<mlir::LLVM::LLVMDialect>(op.getDialect()))
      onlyLLVM = false;
  return onlyLLVM;
}

int getNumWarps(mlir::ModuleOp module) {
  if (numWarps > 0)
    return numWarps;
  if (auto a = module->getAttrOfType<mlir::IntegerAttr>("ttg.num-warps"))
    return a.getInt();
  return 4;
}
} // namespace

/// --target cuda:NN / hip:gfxNNN: NVIDIA.cpp and AMD.cpp read their input
/// themselves; a file's nesting is checked here (stdin can be read only
/// once, so it is not pre-checked).
static int runGPUTarget(Emit kind, const std::string &tgt, bool nvidia) {
  if (inputFile != "-") {
    std::string err;
    if (auto buf = mlir::openInputFile(inputFile, &err))
      if (!tt::checkIRNesting((*buf).getBuffer(), tt::kMaxIRNesting, err)) {
        errs() << inputFile << ": error: " << err << "\n";
        return 1;
      }
  }
  tt::translate::GPURequest req;
  req.input = inputFile;
  req.output = outputFile;
  req.target = tgt;
  req.metadataPath = noMetadata ? std::string() : std::string(metadataFile);
  req.emit = kind == Emit::LLVMIR   ? "llir"
             : kind == Emit::PTX    ? "ptx"
             : kind == Emit::Cubin  ? "cubin"
             : kind == Emit::AMDGCN ? "amdgcn"
                                    : "hsaco";
  req.numWarps = numWarps;
  req.numStages = numStages;
  req.python = &pythonOptions;
  return nvidia ? tt::translate::runNVIDIA(req) : tt::translate::runAMD(req);
}

static int runTool(int argc, char **argv) {
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  // MLIR's --mlir-* options keep working; --help lists ours only.
  cl::HideUnrelatedOptions({&category});
  cl::ParseCommandLineOptions(
      argc, argv,
      "tt-translate: IR to target code\n\n"
      "Reads TTIR (or an LLVM dialect module) and writes LLVM IR, an object\n"
      "or a shared library for the given target. Examples:\n"
      "  tt-translate --target cpu --emit=so add.ttir -o add.so\n"
      "  tt-opt k.ttir --tt-ttir | tt-translate --target cpu --llvmir\n");

  // Resolve what to emit, and for which target.
  Emit kind = emit;
  int flags = emitLLVMIR + emitObj + emitSO + emitPTX + emitCubin +
              emitAMDGCN + emitHSACO;
  if (flags > 1 || (flags == 1 && kind != Emit::None))
    return fail("give one of --emit, --llvmir, --obj, --shared, --ptx, "
                "--cubin, --amdgcn, --hsaco");
  if (emitAMDGCN)
    kind = Emit::AMDGCN;
  if (emitHSACO)
    kind = Emit::HSACO;
  if (emitPTX)
    kind = Emit::PTX;
  if (emitCubin)
    kind = Emit::Cubin;
  if (emitLLVMIR)
    kind = Emit::LLVMIR;
  if (emitObj)
    kind = Emit::Obj;
  if (emitSO)
    kind = Emit::SO;
  if (kind == Emit::None)
    return fail("nothing to emit: give --emit=llvmir|obj|so|ptx|cubin (or "
                "--llvmir, --obj, --shared, --ptx, --cubin)");
  std::string tgt = target;
  if (tgt.empty())
    tgt = (kind == Emit::PTX || kind == Emit::Cubin)      ? "cuda:90"
          : (kind == Emit::AMDGCN || kind == Emit::HSACO) ? "hip:gfx942"
                                                           : "cpu";
  StringRef t(tgt);
  if (t.starts_with("cuda:")) {
    if (kind == Emit::Obj || kind == Emit::SO || kind == Emit::HSACO ||
        kind == Emit::AMDGCN)
      return fail("--target " + tgt + " emits --llvmir, --ptx or --cubin");
    if (!tt::getComputeCapability(t))
      return fail("bad NVIDIA target '" + tgt + "' (expected cuda:NN, e.g. cuda:90)");
    return runGPUTarget(kind, tgt, /*nvidia=*/true);
  }
  if (t.starts_with("hip:")) {
    if (kind != Emit::LLVMIR && kind != Emit::AMDGCN && kind != Emit::HSACO)
      return fail("--target " + tgt + " emits --llvmir, --amdgcn or --hsaco");
    return runGPUTarget(kind, tgt, /*nvidia=*/false);
  }
  if (t != "cpu")
    return fail("unknown target '" + tgt +
                "' (expected cpu, cuda:NN or hip:gfxNNN)");
  if (kind == Emit::PTX || kind == Emit::Cubin || kind == Emit::HSACO ||
      kind == Emit::AMDGCN)
    return fail("--target cpu cannot emit PTX, cubin, AMDGCN or HSACO: use "
                "--emit=llvmir, obj or so");

  mlir::DialectRegistry registry;
  tt::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  mlir::DefaultTimingManager tm;
  mlir::applyDefaultTimingManagerCLOptions(tm);
  mlir::TimingScope timing = tm.getRootScope();

  // MLIR (a file or stdin) or FILE.py::KERNEL through the frontend.
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::TimingScope parseTiming = timing.nest("Parse");
  tt::frontend::LoadedKernel input;
  if (!tt::frontend::loadKernel(context, sourceMgr, inputFile, pythonOptions,
                                "tt-translate", input))
    return 1;
  parseTiming.stop();
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(input.module);

  tt::PipelineOptions popts;
  popts.target = tgt;
  int warps = getNumWarps(*module);
  popts.numWarps = warps;
  // The debugging environment (docs/environment.md): dumps and overrides of
  // every stage through a session named, as tt-dump names it, by the input
  // and the options given.
  tt::PipelineOptions keyOpts;
  keyOpts.target = tgt;
  if (numWarps > 0)
    keyOpts.numWarps = numWarps;
  if (numStages > 0)
    keyOpts.numStages = numStages;
  tt::debug::KernelSession session(input.keyText, keyOpts);
  session.setInputModule(*module, input.fromPython);
  auto finish = [&](StringRef ext, std::string &data) {
    if (Error e = session.finishStage(ext, data)) {
      fail(toString(std::move(e)));
      return false;
    }
    return true;
  };
  std::vector<tt::cpu::KernelInfo> kernels;
  if (!isLLVMDialectModule(*module)) {
    bool hasTT = false;
    module->walk([&](mlir::triton::FuncOp) { hasTT = true; });
    if (!hasTT)
      return fail("expected TTIR (tt.func) or an LLVM dialect module");
    mlir::PassManager pm(&context);
    if (failed(mlir::applyPassManagerCLOptions(pm)))
      return 1;
    pm.enableTiming(timing);
    if (!noTTIRStage)
      tt::buildTTIRPipeline(pm, popts);
    tt::debug::configurePassManager(pm, "ttir");
    if (failed(pm.run(*module)))
      return 1;
    if (Error e = session.finishStage("ttir", *module))
      return fail(toString(std::move(e)));
    kernels = tt::cpu::getKernels(*module);
    // Refuse before writing anything.
    if (!noMetadata && metadataFile.empty() && outputFile != "-" &&
        (kind == Emit::SO || kind == Emit::Obj))
      for (const tt::cpu::KernelInfo &k : kernels)
        if (!isSafeFileStem(k.name))
          return fail("kernel name '" + k.name +
                      "' cannot name a metadata file next to the output; "
                      "give --metadata FILE or --no-metadata");
    mlir::PassManager cpm(&context);
    if (failed(mlir::applyPassManagerCLOptions(cpm)))
      return 1;
    cpm.enableTiming(timing);
    tt::buildCPUPipeline(cpm, popts);
    tt::debug::configurePassManager(cpm, "cpu");
    if (failed(cpm.run(*module)))
      return 1;
  }

  tt::cpu::CPUOptions copts;
  copts.cpu = mcpu;
  copts.triple = mtriple;
  copts.features = mattr;
  copts.optLevel = optLevel;
  // DISABLE_LLVM_OPT: no LLVM optimization pipeline; code generation keeps
  // its level.
  tt::cpu::CPUOptions irOpts = copts;
  if (tt::debug::getBoolEnv("DISABLE_LLVM_OPT"))
    irOpts.optLevel = 0;
  LLVMContext llvmContext;
  mlir::TimingScope llvmTiming = timing.nest("LLVM IR and optimization");
  auto llvmModule = [&] {
    tt::debug::StepTimer timer("LLVM IR and optimization");
    return tt::cpu::translateToLLVMIR(*module, llvmContext, irOpts);
  }();
  llvmTiming.stop();
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));
  if (Error e = session.finishStage("llir", *llvmModule, llvmContext))
    return fail(toString(std::move(e)));

  if (kind == Emit::LLVMIR) {
    std::string s;
    raw_string_ostream os(s);
    (*llvmModule)->print(os, nullptr);
    return writeOutput(outputFile, s) ? 0 : 1;
  }

  mlir::TimingScope codegenTiming = timing.nest("Code generation");
  auto object = [&] {
    tt::debug::LLVMScope scope(**llvmModule, "code generation (host)");
    tt::debug::StepTimer timer("code generation");
    return tt::cpu::emitObject(**llvmModule, copts);
  }();
  codegenTiming.stop();
  if (!object)
    return fail(toString(object.takeError()));
  if (!finish("o", *object))
    return 1;

  if (kind == Emit::Obj) {
    if (!writeOutput(outputFile, *object))
      return 1;
  } else {
    mlir::TimingScope linkTiming = timing.nest("Link");
    if (outputFile == "-") {
      SmallString<128> tmp;
      if (sys::fs::createTemporaryFile("tt-kernel", "so", tmp))
        return fail("cannot create a temporary file");
      if (Error e = tt::cpu::linkSharedLibrary(*object, tmp))
        return fail(toString(std::move(e)));
      auto buf = MemoryBuffer::getFile(tmp, /*IsText=*/false);
      sys::fs::remove(tmp);
      if (!buf)
        return fail("cannot read back the shared library");
      outs() << (*buf)->getBuffer();
    } else if (Error e = linkAtomically(*object, outputFile)) {
      return fail(toString(std::move(e)));
    }
  }

  // The dump's metadata: the session's kernel, as tt-dump writes it.
  for (const tt::cpu::KernelInfo &k : kernels) {
    if (k.name != session.getKernelName())
      continue;
    std::string json = tt::cpu::getMetadataJSON(k, warps);
    if (Error e = session.dump("json", json))
      return fail(toString(std::move(e)));
  }

  // Metadata, one JSON per kernel next to the output.
  if (noMetadata || kernels.empty())
    return 0;
  if (!metadataFile.empty() && kernels.size() > 1)
    return fail("--metadata names one file but the module has several "
                "kernels");
  for (const tt::cpu::KernelInfo &k : kernels) {
    std::string path = metadataFile;
    if (path.empty()) {
      if (outputFile == "-")
        continue;
      SmallString<128> p(sys::path::parent_path(outputFile));
      sys::path::append(p, k.name + ".json");
      path = std::string(p);
    }
    if (!writeOutput(path, tt::cpu::getMetadataJSON(k, warps)))
      return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  // On the main thread: it installs signal handlers and an alternate signal
  // stack, which belong to the thread that lives as long as the process.
  InitLLVM init(argc, argv);
  // MLIR recurses once per level of nesting: see InputLimits.h.
  return tt::runWithLargeStack([&] { return runTool(argc, argv); });
}
