//===- Backend.h - a target family of the compile driver --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A Backend owns the targets of one family (NVIDIA's cuda:NN, AMD's
// hip:gfxNNN, the host cpu): the dialects and passes it needs, its TTGIR
// and LLIR stage pipelines, and the steps from the LLVM dialect to what it
// emits (PTX and cubin, AMDGCN and HSACO, objects and shared libraries).
// Each backend is its own library (lib/Compiler/<Name>, CMake option
// TT_ENABLE_<NAME>_BACKEND) with one registration function; the driver
// (Compiler.h) finds a request's backend by its target.
//
// A backend's compile() receives a CompileJob: the parsed module, the
// options, and the calls through which every stage it produces is dumped
// (TRITON_KERNEL_DUMP), possibly overridden (TRITON_KERNEL_OVERRIDE),
// cached (TRITON_CACHE_DIR) and kept as a result.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_BACKEND_H
#define TT_COMPILER_BACKEND_H

#include "tt/Compiler/Options.h"
#include "tt/Compiler/Request.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace tt::debug {
class KernelSession;
class CompileCache;
} // namespace tt::debug

namespace tt::compiler {

class Backend;

/// What a compilation produced: every stage it finished, by extension
/// ("ttir", "ttgir", "llir", "ptx", "cubin", "o", "so", ...), and the
/// metadata JSON of each kernel (one for GPU targets; a CPU module may hold
/// several kernels).
struct CompileResult {
  std::string kernelName;
  std::map<std::string, std::string> stages;
  std::vector<std::pair<std::string, std::string>> metadata;
  /// The request was answered from the compile cache.
  bool fromCache = false;
  /// Without --metadata, each kernel's JSON goes next to the output file
  /// (<dir>/<kernel>.json), as the CPU backend's shared libraries expect.
  bool metadataBesideOutput = false;
  /// Milliseconds each stage took, in the order they finished ("ttir",
  /// "ttgir", "llir", "ptx", "cubin", ...): from the start of the backend's
  /// work (after parsing) to the first stage's end, then between ends.
  std::vector<std::pair<std::string, double>> stageMs;
};

/// An error that was already reported (as MLIR diagnostics): tools print
/// nothing more for it.
llvm::Error makeReportedError();
/// Whether `message` (of an llvm::Error) is one of those.
bool isReportedError(llvm::StringRef message);

/// One compilation as a backend sees it.
class CompileJob {
public:
  CompileJob(const CompileRequest &request, mlir::ModuleOp module,
             PipelineOptions options, debug::KernelSession *session,
             debug::CompileCache *cache, CompileResult &result);

  const CompileRequest &getRequest() const { return request; }
  mlir::ModuleOp getModule() { return module; }
  /// The options, updated by the stages (a TTGIR module's ttg.num-warps
  /// wins over the request's).
  PipelineOptions &getOptions() { return options; }
  /// Whether the request asks for `kind` (or for every stage).
  bool wants(EmitKind kind) const;
  bool wantsAll() const { return request.emit == EmitKind::All; }

  /// Runs the MLIR stages a GPU module still needs (TTIR, then the
  /// backend's TTGIR, then its LLIR; detected from what the module holds)
  /// so that it ends in the LLVM dialect, finishing ttir and ttgir on the
  /// way. The module's ttg.* attributes win over the options.
  llvm::Error lowerToLLVMDialect(const Backend &backend);

  /// Runs `build`'s passes on the module as stage `stage` ("TTIR", "CPU"):
  /// the MLIR debugging variables apply; failure says "the <stage> stage
  /// failed".
  llvm::Error runStage(llvm::StringRef stage,
                       llvm::function_ref<void(mlir::OpPassManager &)> build);

  /// An MLIR stage (`ext` "ttir" or "ttgir") is done: dumped and possibly
  /// overridden (the module's text is in the dump, not in the result).
  llvm::Error finishModule(llvm::StringRef ext);
  /// The LLVM IR stage is done: dumped as llir, possibly overridden.
  llvm::Error finishLLVM(std::unique_ptr<llvm::Module> &module,
                         llvm::LLVMContext &context);
  /// A text or binary stage (`ext`: "ptx", "cubin", "o", ...) is done:
  /// dumped, possibly overridden (`data` replaced), cached and kept.
  llvm::Error finish(llvm::StringRef ext, std::string &data);
  /// Keeps `data` as stage `ext` without dumping it (a stage finished
  /// under another form, e.g. the LLVM IR text), and caches it.
  void keep(llvm::StringRef ext, std::string data);
  /// When the request stops at LLVM IR (EmitKind::LLVMIR), keeps the text
  /// of `module` (finished with finishLLVM) as the "llir" result and
  /// returns true: the backend then only adds the metadata.
  bool keepLLVMIRIfLast(llvm::Module &module);
  /// The metadata JSON of `kernel`. The one of the session's kernel is
  /// finished as the "json" stage (dumped, overridable, cached).
  llvm::Error addMetadata(llvm::StringRef kernel, std::string json);
  /// addMetadata for the one kernel of a GPU module: the session's kernel
  /// (no name without a session).
  llvm::Error addKernelMetadata(std::string json);

  debug::KernelSession *getSession() { return session; }
  CompileResult &getResult() { return result; }

  /// The timing scope of the compilation (--mlir-timing): stages nest in it.
  void setTiming(mlir::TimingScope *scope) { timing = scope; }
  /// A step of the compilation outside the MLIR pass managers (LLVM
  /// optimization, code generation, ptxas), timed under `name`.
  mlir::TimingScope nestTiming(llvm::StringRef name);

private:
  const CompileRequest &request;
  mlir::ModuleOp module;
  PipelineOptions options;
  debug::KernelSession *session;
  debug::CompileCache *cache;
  CompileResult &result;
  mlir::TimingScope *timing = nullptr;
  std::chrono::steady_clock::time_point lastStageEnd;
  /// Records the time since the previous stage ended as stage `ext`'s.
  void markStage(llvm::StringRef ext);
};

class Backend {
public:
  virtual ~Backend();

  /// "nvidia", "amd", "cpu".
  virtual llvm::StringRef getName() const = 0;
  /// How its targets are spelled, for messages ("cuda:NN").
  virtual llvm::StringRef getTargetSyntax() const = 0;
  /// Whether `target` belongs to this backend (its prefix: "cuda:").
  virtual bool claims(llvm::StringRef target) const = 0;
  /// Whether `target` (which it claims) is one it can compile for.
  virtual llvm::Error checkTarget(llvm::StringRef target) const = 0;
  /// What it can emit, in stage order.
  virtual llvm::ArrayRef<EmitKind> getEmitKinds() const = 0;
  /// The message for a request of something it cannot emit ("--target
  /// cuda:90 emits --llvmir, --ptx or --cubin").
  virtual std::string getEmitError(llvm::StringRef target) const;
  /// Whether the target a module names (ttg.target) is one of this
  /// backend's; checkTarget() unless a backend words it otherwise.
  virtual llvm::Error checkModuleTarget(llvm::StringRef target) const;

  /// The dialects its stages make or read, and their LLVM IR translations.
  virtual void registerDialects(mlir::DialectRegistry &registry) const = 0;
  /// Its passes and stage pipelines, for tt-opt.
  virtual void registerPasses() const = 0;

  /// The options as the stages of `target` start from them (the AMD wave
  /// size, say).
  virtual void adjustOptions(PipelineOptions &opts) const {}
  /// The TTGIR and LLIR stages (GPU backends; the CPU backend lowers TTIR
  /// itself).
  virtual void buildTTGIRPipeline(mlir::OpPassManager &pm,
                                  const PipelineOptions &opts) const {}
  virtual void buildLLIRPipeline(mlir::OpPassManager &pm,
                                 const PipelineOptions &opts) const {}

  /// What besides the input and the options shapes the output (the
  /// external tools it runs); a request's compile cache key includes it.
  /// std::nullopt: this backend's results are not cached.
  virtual std::optional<std::string> getToolchainKey() const {
    return std::nullopt;
  }

  /// Runs every stage of `job` that its request needs.
  virtual llvm::Error compile(CompileJob &job) const = 0;
};

/// Adds a backend to the registry (its library's register function calls
/// it; tools call registerAllBackends()).
void registerBackend(std::unique_ptr<Backend> backend);
/// The registered backends, in registration order.
std::vector<const Backend *> getBackends();
/// The backend that claims `target`, or null.
const Backend *findBackend(llvm::StringRef target);
/// Registers every backend this build has (TT_ENABLE_*_BACKEND); once.
void registerAllBackends();

} // namespace tt::compiler

#endif // TT_COMPILER_BACKEND_H
