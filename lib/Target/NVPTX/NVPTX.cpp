//===- NVPTX.cpp - LLVM IR to PTX and cubin ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/NVPTX/NVPTX.h"
#include "tt/Target/ExternalTool.h"
#include "tt/Target/LLVMOptimize.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassTimingInfo.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>
#include <map>
#include <mutex>

using namespace llvm;

namespace {
void initNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

std::string findLibdevice(const std::string &explicitPath) {
  if (!explicitPath.empty())
    return explicitPath;
  if (const char *env = std::getenv("TRITON_LIBDEVICE_PATH"))
    return env;
  for (const char *p : {"/usr/local/cuda/nvvm/libdevice/libdevice.10.bc",
                        "/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc"})
    if (sys::fs::exists(p))
      return p;
  return "";
}

/// libdevice's bytes, read once per process for each path (and read again
/// when the file's size or modification time changes): a compile server
/// links it into every kernel that calls an __nv_* function.
Expected<MemoryBufferRef> getLibdeviceBuffer(const std::string &path) {
  static std::mutex mutex;
  static std::map<std::string,
                  std::pair<std::string, std::unique_ptr<MemoryBuffer>>>
      known;
  sys::fs::file_status st;
  if (std::error_code ec = sys::fs::status(path, st))
    return makeError("cannot read libdevice '" + path + "': " + ec.message());
  std::string stamp =
      std::to_string(st.getSize()) + ":" +
      std::to_string(
          st.getLastModificationTime().time_since_epoch().count());
  std::lock_guard<std::mutex> lock(mutex);
  auto &entry = known[path];
  if (!entry.second || entry.first != stamp) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
        MemoryBuffer::getFile(path, /*IsText=*/false);
    if (!buf)
      return makeError("cannot read libdevice '" + path +
                       "': " + buf.getError().message());
    entry = {stamp, std::move(*buf)};
  }
  return entry.second->getMemBufferRef();
}

/// Links the __nv_* functions the module uses from libdevice and
/// internalizes everything else libdevice brought in. A bitcode libdevice
/// is loaded lazily: the linker materializes only the functions the module
/// needs, instead of parsing all of libdevice's ~500 functions per kernel.
Error linkLibdevice(Module &module, const std::string &path) {
  bool needed = false;
  for (Function &f : module)
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      needed = true;
  if (!needed)
    return Error::success();
  if (path.empty())
    return makeError("the kernel calls libdevice functions (__nv_*), but no "
                     "libdevice.10.bc was found; set TRITON_LIBDEVICE_PATH");
  Expected<MemoryBufferRef> buffer = getLibdeviceBuffer(path);
  if (!buffer)
    return buffer.takeError();
  std::unique_ptr<Module> lib;
  const auto *start =
      reinterpret_cast<const unsigned char *>(buffer->getBufferStart());
  if (isBitcode(start, start + buffer->getBufferSize())) {
    Expected<std::unique_ptr<Module>> lazy =
        getLazyBitcodeModule(*buffer, module.getContext());
    if (!lazy)
      return makeError("cannot read libdevice '" + path +
                       "': " + toString(lazy.takeError()));
    lib = std::move(*lazy);
  } else { // textual IR (a stand-in libdevice.ll)
    SMDiagnostic diag;
    lib = parseIR(*buffer, diag, module.getContext());
    if (!lib)
      return makeError("cannot read libdevice '" + path + "': " +
                       diag.getMessage());
  }
  lib->setTargetTriple(module.getTargetTriple());
  lib->setDataLayout(module.getDataLayout());
  if (Linker::linkModules(module, std::move(lib), Linker::LinkOnlyNeeded))
    return makeError("linking libdevice '" + path + "' failed");
  // Keep only the kernels visible: libdevice bodies become internal so the
  // optimizer can inline and drop them.
  internalizeModule(module, [](const GlobalValue &gv) {
    if (auto *f = dyn_cast<Function>(&gv))
      return f->getCallingConv() == CallingConv::PTX_Kernel;
    return false;
  });
  return Error::success();
}
/// Whether an LLVM option that watches the new pass manager's passes is set
/// (LLVM_IR_ENABLE_DUMP and LLVM_ENABLE_TIMING set some of them, see
/// tt::debug::LLVMScope; the tools' hidden LLVM flags the others): only
/// then are LLVM's standard instrumentations registered, whose callbacks
/// otherwise run around every pass for nothing.
bool llvmPassesObserved() {
  if (TimePassesIsEnabled)
    return true;
  static const char *const watchers[] = {
      "print-after-all", "print-before-all", "print-after", "print-before",
      "print-changed",   "time-passes",      "debug-pass-manager",
      "print-module-scope", "filter-print-funcs", "opt-bisect-limit",
      "verify-each"};
  auto &options = cl::getRegisteredOptions();
  for (const char *name : watchers) {
    auto it = options.find(name);
    if (it != options.end() && it->second->getNumOccurrences() > 0)
      return true;
  }
  return false;
}
} // namespace

std::string tt::nvptx::getArchName(int cc) {
  return "sm_" + std::to_string(cc) + (cc >= 90 ? "a" : "");
}

std::string tt::nvptx::findPtxas() {
  if (const char *env = std::getenv("TRITON_PTXAS_PATH"))
    return sys::fs::can_execute(env) ? env : "";
  if (ErrorOr<std::string> p = sys::findProgramByName("ptxas"))
    return *p;
  if (sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  return "";
}

static int queryPTXVersion(StringRef ptxasPath);

int tt::nvptx::getPTXVersion(StringRef ptxasPath) {
  if (ptxasPath.empty())
    return queryPTXVersion(ptxasPath);
  // Asked once per ptxas build and process: a compile server (--serve)
  // would otherwise run `ptxas --version` for every kernel.
  sys::fs::file_status st;
  if (sys::fs::status(ptxasPath, st))
    return queryPTXVersion(ptxasPath);
  std::string key = ptxasPath.str() + "\n" + std::to_string(st.getSize()) +
                    "\n" +
                    std::to_string(st.getLastModificationTime()
                                       .time_since_epoch()
                                       .count());
  static std::mutex mutex;
  static std::map<std::string, int> known;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = known.find(key); it != known.end())
      return it->second;
  }
  int version = queryPTXVersion(ptxasPath);
  std::lock_guard<std::mutex> lock(mutex);
  known[key] = version;
  return version;
}

static int queryPTXVersion(StringRef ptxasPath) {
  constexpr int kDefault = 87;
  if (ptxasPath.empty())
    return kDefault;
  SmallString<128> out;
  if (sys::fs::createTemporaryFile("tt-ptxas-version", "txt", out))
    return kDefault;
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(out),
                                          std::nullopt};
  int rc = sys::ExecuteAndWait(ptxasPath, {ptxasPath, "--version"},
                               std::nullopt, redirects);
  auto buf = MemoryBuffer::getFile(out);
  sys::fs::remove(out);
  if (rc != 0 || !buf)
    return kDefault;
  // "... Cuda compilation tools, release 13.0, V13.0.48"
  StringRef text = (*buf)->getBuffer();
  size_t pos = text.find("release ");
  if (pos == StringRef::npos)
    return kDefault;
  StringRef ver = text.substr(pos + 8);
  unsigned major = 0, minor = 0;
  if (ver.consumeInteger(10, major) || !ver.consume_front(".") ||
      ver.consumeInteger(10, minor))
    return kDefault;
  // CUDA 12.0-12.5 ship PTX ISA 8.0-8.5, 12.6 still 8.5, 12.8 8.7, 12.9
  // 8.8 (as upstream's ptx_get_version); CUDA 13.0 ships 9.0. LLVM 22 emits
  // up to 9.0.
  int ptx = major >= 13   ? 90 + int(minor)
            : major == 12 ? 80 + int(minor) - (minor >= 6 ? 1 : 0)
                          : 78;
  return std::min(ptx, 90);
}

namespace {
/// The NVPTX target machine of `options`; also gives `module` its triple and
/// data layout.
Expected<std::unique_ptr<TargetMachine>>
createMachine(Module &module, const tt::nvptx::PTXOptions &options) {
  initNVPTX();
  Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeError("NVPTX backend unavailable: " + error);
  TargetOptions targetOptions;
  targetOptions.AllowFPOpFusion =
      options.enableFPFusion ? FPOpFusion::Fast : FPOpFusion::Standard;
  std::string arch = tt::nvptx::getArchName(options.computeCapability);
  std::string features = "+ptx" + std::to_string(options.ptxVersion);
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, arch, features, targetOptions, Reloc::PIC_, std::nullopt,
      CodeGenOptLevel::Aggressive));
  if (!machine)
    return makeError("cannot create an NVPTX target machine for " + arch);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  return std::move(machine);
}
} // namespace

Error tt::nvptx::optimizeModule(Module &module, const PTXOptions &options) {
  Expected<std::unique_ptr<TargetMachine>> machine =
      createMachine(module, options);
  if (!machine)
    return machine.takeError();
  // Before libdevice comes in: its __nvvm_reflect calls are folded from
  // this flag when the O3 pipeline runs NVVMReflect.
  if (options.enableReflectFtz)
    module.addModuleFlag(Module::Override, "nvvm-reflect-ftz", 1);
  if (Error e = linkLibdevice(module, findLibdevice(options.libdevicePath)))
    return e;
  if (!options.optimize)
    return Error::success();
  tt::target::LLVMOptimizeOptions optimizeOptions;
  optimizeOptions.instrument = llvmPassesObserved();
  tt::target::optimizeLLVMModule(module, **machine, optimizeOptions);
  return Error::success();
}

Expected<std::string> tt::nvptx::emitPTX(Module &module,
                                         const PTXOptions &options) {
  Expected<std::unique_ptr<TargetMachine>> machine =
      createMachine(module, options);
  if (!machine)
    return machine.takeError();
  std::string ptx;
  {
    raw_string_ostream os(ptx);
    buffer_ostream pstream(os);
    legacy::PassManager pm;
    if ((*machine)->addPassesToEmitFile(pm, pstream, nullptr,
                                        CodeGenFileType::AssemblyFile))
      return makeError("the NVPTX backend cannot emit assembly");
    pm.run(module);
  }
  return ptx;
}

Expected<std::string> tt::nvptx::translateToPTX(Module &module,
                                                const PTXOptions &options) {
  if (Error e = optimizeModule(module, options))
    return std::move(e);
  return emitPTX(module, options);
}

Expected<std::string>
tt::nvptx::compileToCubin(StringRef ptx, int cc, StringRef ptxasPath,
                          ArrayRef<std::string> extraArgs) {
  std::string ptxas = ptxasPath.empty() ? findPtxas() : ptxasPath.str();
  if (ptxas.empty())
    return makeError("ptxas not found: a cubin needs the CUDA toolkit's "
                     "ptxas (set TRITON_PTXAS_PATH, or put ptxas on PATH); "
                     "--ptx works without it");
  std::string arch = "-arch=" + getArchName(cc);
  return tt::target::runExternalTool(
      {ptxas, "ptxas", ptx, "tt-kernel", "ptx", "cubin", "tt-ptxas", "cubin"},
      [&](StringRef in, StringRef out) {
        SmallVector<StringRef> args = {ptxas, "-lineinfo", arch};
        args.append(extraArgs.begin(), extraArgs.end());
        args.append({in, "-o", out});
        return args;
      });
}
