//===- Session.cpp - dumps, overrides, cache and debug switches -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Session.h"
#include "StagePipelines.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Support/InputLimits.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassTimingInfo.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>

using namespace llvm;
using namespace tt::debug;

static Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

//===----------------------------------------------------------------------===//
// Environment
//===----------------------------------------------------------------------===//

StringRef tt::debug::getToolVersion() {
  return "tt 0.1, LLVM " LLVM_VERSION_STRING;
}

std::optional<std::string> tt::debug::getEnv(StringRef name) {
  const char *value = std::getenv(name.str().c_str());
  if (!value)
    return std::nullopt;
  StringRef v = StringRef(value).trim();
  if (v.empty())
    return std::nullopt;
  return v.str();
}

static bool isTrueValue(StringRef v) {
  return v.equals_insensitive("1") || v.equals_insensitive("true") ||
         v.equals_insensitive("on") || v.equals_insensitive("yes");
}

static bool isFalseValue(StringRef v) {
  return v.equals_insensitive("0") || v.equals_insensitive("false") ||
         v.equals_insensitive("off") || v.equals_insensitive("no");
}

bool tt::debug::getBoolEnv(StringRef name) {
  std::optional<std::string> v = getEnv(name);
  return v && isTrueValue(*v);
}

static std::string getTritonHome() {
  if (std::optional<std::string> home = getEnv("TRITON_HOME"))
    return *home;
  SmallString<128> home;
  if (!sys::path::home_directory(home))
    return ".";
  return std::string(home);
}

static std::string defaultDir(StringRef leaf) {
  SmallString<128> p(getTritonHome());
  sys::path::append(p, ".triton", leaf);
  return std::string(p);
}

std::string tt::debug::getDumpRoot() {
  if (std::optional<std::string> dir = getEnv("TRITON_DUMP_DIR"))
    return *dir;
  return defaultDir("dump");
}

std::string tt::debug::getOverrideRoot() {
  if (std::optional<std::string> dir = getEnv("TRITON_OVERRIDE_DIR"))
    return *dir;
  return defaultDir("override");
}

std::string tt::debug::hashKey(StringRef key) {
  std::array<uint8_t, 32> digest =
      SHA256::hash(ArrayRef<uint8_t>(key.bytes_begin(), key.bytes_end()));
  // RFC 4648 base32, padding dropped: 256 bits -> 52 characters.
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (uint8_t byte : digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0)
    out += alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

std::string tt::debug::getCompilationKey(StringRef input,
                                         const PipelineOptions &opts) {
  std::string key;
  raw_string_ostream os(key);
  os << getToolVersion() << "\ntarget=" << opts.target
     << "\nnum-warps=" << opts.numWarps << "\nnum-stages=" << opts.numStages
     << "\nnum-ctas=" << opts.numCtas
     << "\nthreads-per-warp=" << opts.threadsPerWarp;
  // Code generation options enter the key only when they differ from the
  // defaults, so existing keys (dump directories, caches) stay the same.
  if (opts.maxNumRegs > 0)
    os << "\nmaxnreg=" << opts.maxNumRegs;
  if (!opts.enableFPFusion)
    os << "\nfp-fusion=false";
  if (!opts.enableReflectFtz)
    os << "\nreflect-ftz=false";
  if (!opts.ptxasOptions.empty())
    os << "\nptxas-options=" << opts.ptxasOptions;
  os << "\n\n"
     << input;
  return key;
}

std::string tt::debug::getKernelName(mlir::ModuleOp module) {
  std::string first, firstPublic, kernel;
  module.walk([&](mlir::Operation *op) {
    if (auto f = dyn_cast<mlir::triton::FuncOp>(op)) {
      if (first.empty())
        first = f.getName().str();
      if (firstPublic.empty() && f.isPublic())
        firstPublic = f.getName().str();
    } else if (auto f = dyn_cast<mlir::LLVM::LLVMFuncOp>(op)) {
      if (kernel.empty() &&
          f->hasAttr(mlir::NVVM::NVVMDialect::getKernelFuncAttrName()))
        kernel = f.getName().str();
    }
  });
  if (!firstPublic.empty())
    return firstPublic;
  if (!first.empty())
    return first;
  if (!kernel.empty())
    return kernel;
  return "kernel";
}

std::string tt::debug::printModule(mlir::ModuleOp module) {
  std::string text;
  raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  // Value names from NameLocs (%offs, %x_ptr), as upstream prints them.
  flags.printNameLocAsPrefix();
  module->print(os, flags);
  os << "\n";
  return text;
}

Error tt::debug::writeFileAtomically(StringRef path, StringRef data,
                                     bool createDirs) {
  if (path == "-") {
    outs() << data;
    outs().flush();
    return Error::success();
  }
  // Nothing can be renamed over a terminal, /dev/null or a pipe: written in
  // place.
  sys::fs::file_status st;
  if (!sys::fs::status(path, st) && sys::fs::exists(st) &&
      !sys::fs::is_regular_file(st)) {
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    if (ec)
      return makeError("cannot open " + path + ": " + ec.message());
    os << data;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      return makeError("cannot write " + path);
    }
    return Error::success();
  }
  // A symbolic link to a file: the file is replaced, the link kept.
  SmallString<256> resolved(path);
  if (sys::fs::is_symlink_file(path))
    (void)sys::fs::real_path(path, resolved);
  path = resolved;
  StringRef dir = sys::path::parent_path(path);
  if (createDirs && !dir.empty())
    if (std::error_code ec = sys::fs::create_directories(dir))
      return makeError("cannot create " + dir + ": " + ec.message());
  SmallString<128> model(dir);
  sys::path::append(model, "tmp." + sys::path::filename(path) + ".%%%%%%%%");
  int fd;
  SmallString<128> tmp;
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, tmp))
    return makeError("cannot create a temporary file in " +
                     (dir.empty() ? StringRef(".") : dir) + ": " +
                     ec.message());
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << data;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      sys::fs::remove(tmp);
      return makeError("cannot write " + tmp);
    }
  }
  if (std::error_code ec = sys::fs::rename(tmp, path)) {
    sys::fs::remove(tmp);
    return makeError("cannot rename " + tmp + " to " + path + ": " +
                     ec.message());
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// MLIR pass managers
//===----------------------------------------------------------------------===//

namespace {
/// MLIR_ENABLE_DUMP=<kernel>: only modules that define that symbol.
struct KernelFilter {
  std::string kernel; ///< empty: everything

  bool operator()(mlir::Pass *, mlir::Operation *op) const {
    if (kernel.empty())
      return true;
    while (mlir::Operation *parent = op->getParentOp())
      op = parent;
    return mlir::SymbolTable::lookupSymbolIn(op, kernel) != nullptr;
  }
};

/// Process-wide numbering of the files MLIR_DUMP_PATH=<dir> receives, so the
/// stages of one run (each its own pass manager) never overwrite each other.
std::atomic<unsigned> dumpFileCounter{0};

std::string sanitize(StringRef name) {
  std::string out;
  for (char c : name)
    out += (isAlnum(c) || c == '-' || c == '_' || c == '.') ? c : '_';
  return out;
}

/// MLIR_DUMP_PATH=<dir>: the IR a stage starts from and the IR after each of
/// its passes, each in its own numbered file that tt-opt can read back:
/// <dir>/<NNN>-<stage>-input.mlir, <dir>/<NNN>-<stage>-<pass>.mlir.
class NumberedFilesConfig : public mlir::PassManager::IRPrinterConfig {
public:
  NumberedFilesConfig(std::string dir, std::string stage, KernelFilter filter)
      : IRPrinterConfig(/*printModuleScope=*/true,
                        /*printAfterOnlyOnChange=*/false,
                        /*printAfterOnlyOnFailure=*/false),
        dir(std::move(dir)), stage(std::move(stage)),
        filter(std::move(filter)) {}

  void printBeforeIfEnabled(mlir::Pass *pass, mlir::Operation *op,
                            PrintCallbackFn print) override {
    if (printedInput || !filter(pass, op))
      return;
    printedInput = true;
    write("input", print);
  }

  void printAfterIfEnabled(mlir::Pass *pass, mlir::Operation *op,
                           PrintCallbackFn print) override {
    if (!filter(pass, op))
      return;
    StringRef arg = pass->getArgument();
    write(arg.empty() ? pass->getName() : arg, print);
  }

private:
  void write(StringRef what, PrintCallbackFn print) {
    unsigned n = dumpFileCounter++;
    SmallString<128> path(dir);
    sys::path::append(
        path, formatv("{0:D3}-{1}-{2}.mlir", n, stage, sanitize(what)).str());
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    if (ec) {
      errs() << "tt: MLIR_DUMP_PATH: cannot write " << path << ": "
             << ec.message() << "\n";
      return;
    }
    print(os);
  }

  std::string dir, stage;
  KernelFilter filter;
  bool printedInput = false;
};

/// KernelSession::setPassIRCallback: the stage's input and the IR after each
/// pass, handed to the session's callback as text.
class CallbackConfig : public mlir::PassManager::IRPrinterConfig {
public:
  CallbackConfig(std::string stage, KernelSession::PassIRCallback callback,
                 mlir::OpPrintingFlags flags)
      : IRPrinterConfig(/*printModuleScope=*/true,
                        /*printAfterOnlyOnChange=*/false,
                        /*printAfterOnlyOnFailure=*/false, flags),
        stage(std::move(stage)), callback(std::move(callback)) {}

  void printBeforeIfEnabled(mlir::Pass *, mlir::Operation *,
                            PrintCallbackFn print) override {
    if (printedInput)
      return;
    printedInput = true;
    send("input", print);
  }

  void printAfterIfEnabled(mlir::Pass *pass, mlir::Operation *,
                           PrintCallbackFn print) override {
    StringRef arg = pass->getArgument();
    send(arg.empty() ? pass->getName() : arg, print);
  }

private:
  void send(StringRef what, PrintCallbackFn print) {
    std::string text;
    raw_string_ostream os(text);
    print(os);
    // The printer starts with a banner ("// -----// IR Dump After X
    // Failed ..."): drop it, keeping whether it says the pass failed.
    StringRef body(text);
    bool failed = false;
    if (body.starts_with("// -----//")) {
      auto [banner, rest] = body.split('\n');
      failed = banner.contains(" Failed");
      body = rest;
    }
    callback(stage, what, body.ltrim('\n'), failed);
  }

  std::string stage;
  KernelSession::PassIRCallback callback;
  bool printedInput = false;
};

/// MLIR_DUMP_PATH=<file>: one stream per process, truncated on first use.
raw_ostream &getDumpFileStream(StringRef path) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<raw_fd_ostream>> streams;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<raw_fd_ostream> &os = streams[path.str()];
  if (!os) {
    std::error_code ec;
    os = std::make_unique<raw_fd_ostream>(path, ec);
    if (ec) {
      errs() << "tt: MLIR_DUMP_PATH: cannot write " << path << ": "
             << ec.message() << "; printing to stderr\n";
      os.reset();
      return errs();
    }
  }
  return *os;
}
} // namespace

bool tt::debug::passManagersInstrumented() {
  // What configurePassManager below looks at.
  std::optional<std::string> dump = getEnv("MLIR_ENABLE_DUMP");
  if ((dump && !isFalseValue(*dump)) || getEnv("TRITON_REPRODUCER_PATH") ||
      getBoolEnv("MLIR_ENABLE_TIMING"))
    return true;
  if (KernelSession *session = KernelSession::getCurrent())
    if (session->getPassIRCallback())
      return true;
  // The pass manager options of the command line (applyPassManagerCLOptions,
  // --mlir-timing): any given. Read once, as the command line.
  static const bool fromCommandLine = [] {
    for (auto &entry : cl::getRegisteredOptions()) {
      StringRef name = entry.first;
      if ((name.starts_with("mlir-print-ir") || name.starts_with("mlir-pass") ||
           name.starts_with("mlir-timing") ||
           name == "mlir-output-format") &&
          entry.second->getNumOccurrences() > 0)
        return true;
    }
    return false;
  }();
  return fromCommandLine;
}

void tt::debug::configurePassManager(mlir::PassManager &pm, StringRef stage) {
  mlir::MLIRContext *context = pm.getContext();
  std::optional<std::string> dump = getEnv("MLIR_ENABLE_DUMP");
  if (dump && !isFalseValue(*dump)) {
    KernelFilter filter{isTrueValue(*dump) ? std::string() : *dump};
    // Module-scope printing reads the whole module between passes.
    context->disableMultithreading();
    std::optional<std::string> path = getEnv("MLIR_DUMP_PATH");
    if (path &&
        (sys::fs::is_directory(*path) || StringRef(*path).ends_with("/"))) {
      if (std::error_code ec = sys::fs::create_directories(*path))
        errs() << "tt: MLIR_DUMP_PATH: cannot create " << *path << ": "
               << ec.message() << "\n";
      pm.enableIRPrinting(
          std::make_unique<NumberedFilesConfig>(*path, stage.str(), filter));
    } else {
      raw_ostream &os = path ? getDumpFileStream(*path) : errs();
      pm.enableIRPrinting(filter, filter, /*printModuleScope=*/true,
                          /*printAfterOnlyOnChange=*/false,
                          /*printAfterOnlyOnFailure=*/false, os);
    }
  }
  if (KernelSession *session = KernelSession::getCurrent())
    if (const KernelSession::PassIRCallback &cb =
            session->getPassIRCallback()) {
      context->disableMultithreading();
      mlir::OpPrintingFlags flags;
      flags.printNameLocAsPrefix();
      pm.enableIRPrinting(
          std::make_unique<CallbackConfig>(stage.str(), cb, flags));
    }
  if (std::optional<std::string> repro = getEnv("TRITON_REPRODUCER_PATH"))
    pm.enableCrashReproducerGeneration(*repro, /*genLocalReproducer=*/false);
  // Last, so the other instrumentations are not timed.
  if (getBoolEnv("MLIR_ENABLE_TIMING"))
    pm.enableTiming();
}

//===----------------------------------------------------------------------===//
// LLVM passes
//===----------------------------------------------------------------------===//

/// Sets an LLVM command-line option by name, as if given on the command line.
static void setLLVMOption(StringRef name, StringRef value) {
  auto &options = cl::getRegisteredOptions();
  auto it = options.find(name);
  if (it == options.end()) {
    errs() << "tt: this LLVM has no -" << name << " option\n";
    return;
  }
  it->second->addOccurrence(1, name, value);
}

tt::debug::LLVMScope::LLVMScope(const Module &module, StringRef what) {
  if (getBoolEnv("LLVM_IR_ENABLE_DUMP")) {
    static std::once_flag once;
    std::call_once(once, [] { setLLVMOption("print-after-all", "true"); });
    errs() << "; *** IR Dump Before " << what << " ***\n";
    module.print(errs(), nullptr);
  }
  timing = getBoolEnv("LLVM_ENABLE_TIMING");
  if (timing)
    TimePassesIsEnabled = true;
}

tt::debug::LLVMScope::~LLVMScope() {
  if (timing)
    reportAndResetTimings(&errs());
}

tt::debug::StepTimer::StepTimer(StringRef name) {
  if (getBoolEnv("LLVM_ENABLE_TIMING") || getBoolEnv("MLIR_ENABLE_TIMING")) {
    this->name = name.str();
    start = std::chrono::steady_clock::now();
  }
}

tt::debug::StepTimer::~StepTimer() {
  if (!start)
    return;
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - *start)
          .count();
  errs() << formatv("tt: {0}: {1:F4} s\n", name, seconds);
}

//===----------------------------------------------------------------------===//
// Kernel dumps and overrides
//===----------------------------------------------------------------------===//

static KernelSession *currentSession = nullptr;

tt::debug::KernelSession::KernelSession(StringRef input,
                                        const PipelineOptions &opts,
                                        std::optional<std::string> root)
    : previous(currentSession), inputText(input.str()) {
  currentSession = this;
  hash = hashKey(getCompilationKey(input, opts));
  dumping = root.has_value() || getBoolEnv("TRITON_KERNEL_DUMP");
  dumpRoot = root ? *root : getDumpRoot();
  overriding = getBoolEnv("TRITON_KERNEL_OVERRIDE");
}

tt::debug::KernelSession::~KernelSession() { currentSession = previous; }

KernelSession *tt::debug::KernelSession::getCurrent() { return currentSession; }

std::string tt::debug::KernelSession::getDumpDir() const {
  SmallString<128> p(dumpRoot);
  sys::path::append(p, hash);
  return std::string(p);
}

std::string tt::debug::KernelSession::getOverrideDir() const {
  SmallString<128> p(getOverrideRoot());
  sys::path::append(p, hash);
  return std::string(p);
}

void tt::debug::KernelSession::setInputModule(mlir::ModuleOp module,
                                              bool fromFrontend) {
  kernelName = tt::debug::getKernelName(module);
  bool isTTIR = !module->hasAttr("ttg.num-warps");
  module.walk([&](mlir::LLVM::LLVMFuncOp) { isTTIR = false; });
  if (dumping && isTTIR)
    inputPrinted = printModule(module);
  // The frontend's output is upstream's source.ttir, whatever the TTIR
  // stage does with it; the input text was Python.
  sourceFromFrontend = fromFrontend;
  if (fromFrontend && dumping)
    inputText = inputPrinted;
}

Error tt::debug::KernelSession::dump(StringRef ext, StringRef data) {
  if (!dumping)
    return Error::success();
  SmallString<128> p(getDumpDir());
  sys::path::append(p, kernelName + "." + ext);
  if (Error e = writeFileAtomically(p, data))
    return e;
  written.push_back(std::string(p));
  return Error::success();
}

Expected<std::optional<std::string>>
tt::debug::KernelSession::readOverride(StringRef ext, std::string &path) {
  // The metadata follows from the stages; a stale copy must not replace it.
  if (!overriding || ext == "json")
    return std::nullopt;
  SmallString<128> p(getOverrideDir());
  sys::path::append(p, kernelName + "." + ext);
  path = std::string(p);
  if (!sys::fs::exists(p))
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFile(p, /*IsText=*/false);
  if (!buf)
    return makeError("cannot read override file " + p + ": " +
                     buf.getError().message());
  errs() << "tt: overriding " << kernelName << "." << ext << " with " << p
         << "\n";
  return (*buf)->getBuffer().str();
}

Error tt::debug::KernelSession::finishStage(StringRef ext,
                                            mlir::ModuleOp module) {
  std::string text;
  if (dumping) {
    text = printModule(module);
    // The TTIR stage changed the input: it was raw frontend output, which
    // upstream keeps as <kernel>.source.ttir.
    if (ext == "ttir" && !inputPrinted.empty() &&
        (sourceFromFrontend || inputPrinted != text))
      if (Error e = dump("source.ttir", inputText))
        return e;
  }
  std::string path;
  Expected<std::optional<std::string>> replacement = readOverride(ext, path);
  if (!replacement)
    return replacement.takeError();
  if (*replacement) {
    // Read like every other MLIR input (InputLimits.h).
    std::string nesting;
    if (!tt::checkIRNesting(**replacement, tt::kMaxIRNesting, nesting))
      return makeError("override file " + path + ": " + nesting);
    mlir::ParserConfig config(module.getContext());
    mlir::OwningOpRef<mlir::ModuleOp> parsed =
        mlir::parseSourceString<mlir::ModuleOp>(**replacement, config, path);
    if (!parsed)
      return makeError("cannot parse override file " + path);
    mlir::Block *body = module.getBody();
    for (mlir::Operation &op : make_early_inc_range(*body))
      op.erase();
    body->getOperations().splice(body->end(),
                                 parsed->getBody()->getOperations());
    module->setAttrs((*parsed)->getAttrDictionary());
    module->setLoc(parsed->getLoc());
    if (dumping)
      text = printModule(module);
  }
  return dump(ext, text);
}

Error tt::debug::KernelSession::finishStage(StringRef ext,
                                            std::unique_ptr<Module> &module,
                                            LLVMContext &context) {
  std::string path;
  Expected<std::optional<std::string>> replacement = readOverride(ext, path);
  if (!replacement)
    return replacement.takeError();
  if (*replacement) {
    SMDiagnostic diag;
    std::unique_ptr<Module> parsed =
        parseIR(MemoryBufferRef(**replacement, path), diag, context);
    if (!parsed) {
      std::string msg;
      raw_string_ostream os(msg);
      diag.print("tt", os);
      return makeError("cannot parse override file " + path + ":\n" + msg);
    }
    module = std::move(parsed);
  }
  if (!dumping)
    return Error::success();
  std::string text;
  raw_string_ostream os(text);
  module->print(os, nullptr);
  return dump(ext, text);
}

Error tt::debug::KernelSession::finishStage(StringRef ext, std::string &data) {
  std::string path;
  Expected<std::optional<std::string>> replacement = readOverride(ext, path);
  if (!replacement)
    return replacement.takeError();
  if (*replacement)
    data = std::move(**replacement);
  return dump(ext, data);
}

Error tt::debug::finishStage(StringRef ext, mlir::ModuleOp module) {
  if (KernelSession *session = KernelSession::getCurrent())
    return session->finishStage(ext, module);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Compile cache
//===----------------------------------------------------------------------===//

/// What identifies the running build: its path, size and modification time.
/// A rebuilt tool gets fresh cache entries without hashing its own binary.
static std::string getExecutableIdentity() {
  std::string exe = sys::fs::getMainExecutable(nullptr, nullptr);
  sys::fs::file_status st;
  if (exe.empty() || sys::fs::status(exe, st))
    return "unknown-executable";
  return (exe + ":" + Twine(st.getSize()) + ":" +
          Twine(st.getLastModificationTime().time_since_epoch().count()))
      .str();
}

std::optional<CompileCache> tt::debug::CompileCache::open(StringRef key) {
  std::optional<std::string> root = getEnv("TRITON_CACHE_DIR");
  if (!root)
    return std::nullopt;
  std::string full;
  raw_string_ostream os(full);
  os << key << "\nexecutable=" << getExecutableIdentity();
  for (const char *var :
       {"DISABLE_LLVM_OPT", "TRITON_PTXAS_PATH", "TRITON_LIBDEVICE_PATH",
        "TRITON_DISABLE_LINE_INFO"})
    os << "\n" << var << "=" << getEnv(var).value_or("");
  SmallString<128> dir(*root);
  sys::path::append(dir, hashKey(full));
  return CompileCache(std::string(dir));
}

bool tt::debug::CompileCache::lookupsAllowed() {
  if (getBoolEnv("TRITON_ALWAYS_COMPILE"))
    return false;
  for (const char *var :
       {"TRITON_KERNEL_DUMP", "TRITON_KERNEL_OVERRIDE", "MLIR_ENABLE_DUMP",
        "MLIR_ENABLE_TIMING", "LLVM_IR_ENABLE_DUMP", "LLVM_ENABLE_TIMING",
        "TRITON_REPRODUCER_PATH", "TRITON_LLVM_DEBUG_ONLY"}) {
    std::optional<std::string> v = getEnv(var);
    if (v && !isFalseValue(*v))
      return false;
  }
  return true;
}

std::optional<std::string>
tt::debug::CompileCache::lookup(StringRef ext) const {
  std::error_code ec;
  std::string suffix = ("." + ext).str();
  for (sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    StringRef name = sys::path::filename(it->path());
    if (name.starts_with("tmp.") || !name.ends_with(suffix))
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
        MemoryBuffer::getFile(it->path(), /*IsText=*/false);
    if (!buf)
      return std::nullopt;
    return (*buf)->getBuffer().str();
  }
  return std::nullopt;
}

Error tt::debug::CompileCache::store(StringRef fileName, StringRef data) const {
  SmallString<128> p(dir);
  sys::path::append(p, fileName);
  return writeFileAtomically(p, data);
}
