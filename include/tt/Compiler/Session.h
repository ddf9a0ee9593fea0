//===- Session.h - dumps, overrides, cache and debug switches ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The environment variables upstream Triton users debug with, honoured by
// every tool that runs the pipeline library (docs/environment.md):
//
//   TRITON_KERNEL_DUMP, TRITON_DUMP_DIR   every stage into <dir>/<hash>/
//   TRITON_KERNEL_OVERRIDE, TRITON_OVERRIDE_DIR
//                                         replace a stage's output by a file
//   MLIR_ENABLE_DUMP, MLIR_DUMP_PATH      IR before/after every MLIR pass
//   MLIR_ENABLE_TIMING                    MLIR pass timing
//   LLVM_IR_ENABLE_DUMP, LLVM_ENABLE_TIMING
//                                         LLVM IR printing and pass timing
//   TRITON_REPRODUCER_PATH                an MLIR reproducer of a failing pass
//   TRITON_CACHE_DIR, TRITON_ALWAYS_COMPILE
//                                         the compile cache of tt-translate
//   TRITON_LLVM_DEBUG_ONLY                TT_DEBUG output (tt/Support/Debug.h)
//
// A tool opens a KernelSession for the compilation it runs; the stage
// drivers (lowerToLLVMDialect) and the tool call finishStage when a stage
// has produced its output, which is where dumps are written and overrides
// read. Without a session those calls do nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_SESSION_H
#define TT_COMPILER_SESSION_H

#include "tt/Compiler/Options.h"
#include "tt/Support/Debug.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class ModuleOp;
class PassManager;
} // namespace mlir

namespace tt::debug {

//===----------------------------------------------------------------------===//
// Environment
//===----------------------------------------------------------------------===//

/// The version that dump and cache hashes include ("tt 0.1, LLVM 22.x").
llvm::StringRef getToolVersion();

/// An environment variable, trimmed; std::nullopt when unset or empty.
std::optional<std::string> getEnv(llvm::StringRef name);

/// True when the variable is set to 1, true, on or yes (any case).
bool getBoolEnv(llvm::StringRef name);

/// $TRITON_DUMP_DIR, else upstream's default ~/.triton/dump ($TRITON_HOME
/// replaces ~ when set).
std::string getDumpRoot();

/// $TRITON_OVERRIDE_DIR, else ~/.triton/override.
std::string getOverrideRoot();

/// sha256 of `key`, base32-encoded without padding: the 52-character
/// directory names upstream uses for dumps, overrides and its cache.
std::string hashKey(llvm::StringRef key);

/// The key that names a compilation of `input` with `opts`: the input text,
/// every option and getToolVersion(). Equal keys mean the same dump
/// directory, whichever tool made it.
std::string getCompilationKey(llvm::StringRef input,
                              const PipelineOptions &opts);

/// The kernel a module holds: its first public tt.func (else its first
/// tt.func), or for an LLVM dialect module its first nvvm.kernel function.
/// "kernel" when there is none.
std::string getKernelName(mlir::ModuleOp module);

/// A module as it is written to a dump: with its locations (#loc aliases)
/// and value names taken from NameLocs (%x_ptr), as upstream prints it.
std::string printModule(mlir::ModuleOp module);

/// Writes `data` to `path` through a temporary file in the same directory
/// and a rename, so readers never see a partial file and two writers leave
/// one whole copy; creates the directory when `createDirs`. "-" is stdout;
/// a terminal, /dev/null or a pipe is written in place; a symbolic link to
/// a file keeps pointing at it, with the new contents.
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef data,
                                bool createDirs = true);

//===----------------------------------------------------------------------===//
// MLIR pass managers
//===----------------------------------------------------------------------===//

/// Applies MLIR_ENABLE_DUMP (with MLIR_DUMP_PATH), MLIR_ENABLE_TIMING and
/// TRITON_REPRODUCER_PATH to a pass manager about to run the stage `stage`
/// ("ttir", "ttgir", "llir", ...). Call it after applyPassManagerCLOptions.
void configurePassManager(mlir::PassManager &pm, llvm::StringRef stage);

//===----------------------------------------------------------------------===//
// LLVM passes
//===----------------------------------------------------------------------===//

/// Scope of the LLVM part of a compilation (optimization and code
/// generation). With LLVM_IR_ENABLE_DUMP it prints `module` on entry and
/// turns on LLVM's -print-after-all; with LLVM_ENABLE_TIMING it turns on
/// -time-passes and prints the report when the scope ends.
class LLVMScope {
public:
  LLVMScope(const llvm::Module &module, llvm::StringRef what);
  ~LLVMScope();
  LLVMScope(const LLVMScope &) = delete;
  LLVMScope &operator=(const LLVMScope &) = delete;

private:
  bool timing;
};

/// Times one step of a tool (a stage, ptxas) into the "tt" timer group when
/// LLVM_ENABLE_TIMING or MLIR_ENABLE_TIMING is on; does nothing otherwise.
class StepTimer {
public:
  explicit StepTimer(llvm::StringRef name);
  ~StepTimer();
  StepTimer(const StepTimer &) = delete;
  StepTimer &operator=(const StepTimer &) = delete;

private:
  std::string name;
  std::optional<std::chrono::steady_clock::time_point> start;
};

//===----------------------------------------------------------------------===//
// Kernel dumps and overrides
//===----------------------------------------------------------------------===//

/// One kernel compilation. While it lives it is the current session, and
/// finishStage calls (from lowerToLLVMDialect and from the tool) dump and
/// override through it.
class KernelSession {
public:
  /// `input` is the text being compiled and `opts` the options as the tool
  /// received them: together they make the hash. With `dumpRoot` set, the
  /// session dumps there whatever TRITON_KERNEL_DUMP says (tt-dump).
  KernelSession(llvm::StringRef input, const PipelineOptions &opts,
                std::optional<std::string> dumpRoot = std::nullopt);
  ~KernelSession();
  KernelSession(const KernelSession &) = delete;
  KernelSession &operator=(const KernelSession &) = delete;

  /// The innermost live session, or null.
  static KernelSession *getCurrent();

  /// The base32 hash that names this compilation's directories.
  llvm::StringRef getHash() const { return hash; }
  bool isDumping() const { return dumping; }
  bool isOverriding() const { return overriding; }
  /// <dump root>/<hash>.
  std::string getDumpDir() const;
  /// <override root>/<hash>.
  std::string getOverrideDir() const;
  llvm::StringRef getKernelName() const { return kernelName; }
  /// The files written so far, in order.
  const std::vector<std::string> &getWrittenFiles() const { return written; }

  /// Tells the session what was parsed: sets the kernel name, and keeps the
  /// input in case it turns out to be raw TTIR (see finishStage).
  /// `fromFrontend`: the module is what the Python frontend made of the
  /// input; it is dumped as <kernel>.source.ttir in any case.
  void setInputModule(mlir::ModuleOp module, bool fromFrontend = false);

  /// An MLIR stage (`ext` is "ttir" or "ttgir") produced `module`: dumps it
  /// as <kernel>.<ext> (and the input as <kernel>.source.ttir when the TTIR
  /// stage changed it), then, when overriding and <kernel>.<ext> exists in
  /// the override directory, replaces the module's contents by that file's.
  llvm::Error finishStage(llvm::StringRef ext, mlir::ModuleOp module);

  /// The LLVM IR stage produced `module`: dumps <kernel>.llir; an override
  /// file replaces the module (parsed in `context`).
  llvm::Error finishStage(llvm::StringRef ext,
                          std::unique_ptr<llvm::Module> &module,
                          llvm::LLVMContext &context);

  /// A text or binary stage (ptx, cubin, json) produced `data`: dumps it;
  /// an override file replaces `data`.
  llvm::Error finishStage(llvm::StringRef ext, std::string &data);

  /// Writes <kernel>.<ext> into the dump directory (when dumping).
  llvm::Error dump(llvm::StringRef ext, llvm::StringRef data);

  /// Receives the IR of the MLIR stages run while this session is current
  /// (configurePassManager installs it): for each stage ("ttir", "ttgir",
  /// "llir", ...) the module it starts from (`pass` is "input"), then the
  /// module after each pass, `failed` set for a pass that failed. The IR is
  /// printed without locations. Used by tt-dump --html (lib/Report).
  using PassIRCallback =
      std::function<void(llvm::StringRef stage, llvm::StringRef pass,
                         llvm::StringRef ir, bool failed)>;
  void setPassIRCallback(PassIRCallback callback) {
    passIRCallback = std::move(callback);
  }
  const PassIRCallback &getPassIRCallback() const { return passIRCallback; }

private:
  /// The override file for `ext`, read; std::nullopt when there is none.
  llvm::Expected<std::optional<std::string>> readOverride(llvm::StringRef ext,
                                                          std::string &path);

  KernelSession *previous;
  std::string hash;
  std::string dumpRoot;
  bool dumping = false;
  bool overriding = false;
  std::string kernelName = "kernel";
  std::string inputText;
  std::string inputPrinted; ///< the parsed input re-printed, if TTIR
  bool sourceFromFrontend = false;
  std::vector<std::string> written;
  PassIRCallback passIRCallback;
};

/// Forwards to the current session; does nothing without one.
llvm::Error finishStage(llvm::StringRef ext, mlir::ModuleOp module);

//===----------------------------------------------------------------------===//
// Compile cache
//===----------------------------------------------------------------------===//

/// The compile cache (TRITON_CACHE_DIR): <dir>/<hash>/<kernel>.<ext>, where
/// the hash covers the compilation key, what is emitted, the variables that
/// change the output (DISABLE_LLVM_OPT, TRITON_PTXAS_PATH,
/// TRITON_LIBDEVICE_PATH, TRITON_DISABLE_LINE_INFO) and the identity of the
/// running executable.
/// Files are written atomically, so concurrent processes compiling the same
/// kernel each see either nothing or a complete file.
class CompileCache {
public:
  /// The cache entry for `key`, or std::nullopt when TRITON_CACHE_DIR is
  /// unset.
  static std::optional<CompileCache> open(llvm::StringRef key);

  /// Whether lookups may hit: not with TRITON_ALWAYS_COMPILE, nor while a
  /// variable asks for a side effect of compiling (dumps, overrides, pass
  /// printing, timing, reproducers). Results are still stored.
  static bool lookupsAllowed();

  llvm::StringRef getDir() const { return dir; }

  /// The contents of the one "*.<ext>" file of this entry, if present.
  std::optional<std::string> lookup(llvm::StringRef ext) const;

  /// Stores `data` as `fileName` in this entry.
  llvm::Error store(llvm::StringRef fileName, llvm::StringRef data) const;

private:
  explicit CompileCache(std::string dir) : dir(std::move(dir)) {}
  std::string dir;
};

} // namespace tt::debug

#endif // TT_COMPILER_SESSION_H
