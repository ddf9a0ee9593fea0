//===- GPU.h - tt-translate's GPU targets -----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The NVIDIA (NVIDIA.cpp) and AMD (AMD.cpp) paths of tt-translate, and the
// steps they share (GPUCompile, GPU.cpp): the kernel loaded from MLIR or
// FILE.py::KERNEL, the compile cache (TRITON_CACHE_DIR), and every stage
// passed through the dump/override session before it is written.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TOOLS_TT_TRANSLATE_GPU_H
#define TT_TOOLS_TT_TRANSLATE_GPU_H

#include "tt/Frontend/KernelInput.h"
#include "tt/Pipeline/Debug.h"
#include "tt/Pipeline/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm
namespace mlir {
class SourceMgrDiagnosticHandler;
} // namespace mlir

namespace tt::translate {

/// One compilation for a GPU target.
struct GPURequest {
  std::string input = "-";
  std::string output = "-";
  std::string target;       ///< cuda:NN or hip:gfxNNN
  std::string metadataPath; ///< empty: no metadata
  /// The stage written to `output`: "llir", "ptx", "cubin", "amdgcn" or
  /// "hsaco".
  std::string emit;
  int numWarps = 0;  ///< 0: the module's, else 4
  int numStages = 0; ///< 0: the default
  /// --signature and -D for a FILE.py::KERNEL input.
  const tt::frontend::PythonKernelOptions *python = nullptr;
};

int runNVIDIA(const GPURequest &request);
int runAMD(const GPURequest &request);

/// Writes `data` to `path` whole or not at all ('-': stdout).
bool writeOutputFile(const std::string &path, const std::string &data);

/// Prints "tt-translate: <msg>" and returns 1.
int fail(const llvm::Twine &msg);

/// The steps both GPU paths share, in order: load(), served(), then the
/// target's stages, each passed to finish() (or finishLLVM()), the metadata
/// to writeMetadata() and the requested stage to emit().
class GPUCompile {
public:
  explicit GPUCompile(const GPURequest &request);
  ~GPUCompile();

  /// Parses the input (MLIR or FILE.py::KERNEL); false once diagnosed.
  bool load();
  /// TRITON_CACHE_DIR: when an entry for this input, `opts` and
  /// `toolchain` (the external tools and libraries that shape the output)
  /// has the requested stage, writes it (and the metadata) and returns
  /// true, with the exit code in `status`. Otherwise opens the dump and
  /// override session for the compilation and returns false.
  bool served(const tt::PipelineOptions &opts, llvm::StringRef toolchain,
              int &status);

  mlir::ModuleOp getModule() { return module.get(); }
  mlir::MLIRContext &getContext() { return context; }

  /// A text or binary stage: dumped, possibly overridden (`data` is
  /// replaced), stored in the cache. False once diagnosed.
  bool finish(llvm::StringRef ext, std::string &data);
  /// The LLVM IR stage (dumped, possibly replaced by an override).
  bool finishLLVM(std::unique_ptr<llvm::Module> &llvmModule,
                  llvm::LLVMContext &llvmContext);
  /// The metadata JSON: finished as a stage, written to --metadata.
  bool writeMetadata(std::string &json);
  /// The requested stage `data` (of kind `ext`) to the output: finished as
  /// a stage first unless `finished`. Returns the exit code.
  int emit(llvm::StringRef ext, std::string &data, bool finished = false);

private:
  const GPURequest &req;
  mlir::DialectRegistry registry;
  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> diagnostics;
  tt::frontend::LoadedKernel kernel;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::optional<tt::debug::CompileCache> cache;
  std::unique_ptr<tt::debug::KernelSession> session;
};

} // namespace tt::translate

#endif // TT_TOOLS_TT_TRANSLATE_GPU_H
