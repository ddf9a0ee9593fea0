//===- KernelInput.h - the kernel argument of every tool --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Every tool that takes a kernel (tt-py, tt-translate, tt-dump, and tt-run
// through tt-translate) accepts either MLIR (TTIR, TTGIR or an LLVM dialect
// module; a file, or '-' for stdin) or a `@triton.jit` Python function named
// `FILE.py::KERNEL`, specialized by upstream's AOT signature string
// (`--signature '*fp32:16, i32, 1024'`) and `-D NAME=VALUE` constexprs. This
// header is the one place that reads such an argument, so the tools agree on
// its syntax, its options and its error messages (docs/frontend.md).
//
//===----------------------------------------------------------------------===//

#ifndef TT_FRONTEND_KERNELINPUT_H
#define TT_FRONTEND_KERNELINPUT_H

#include "tt/Frontend/Frontend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace tt::frontend {

/// Whether a kernel argument names Python source: `FILE.py::KERNEL`, or a
/// file ending in `.py`.
bool isPythonKernelRef(llvm::StringRef input);

/// A Python kernel and its specialization, as a command line gives them.
struct PythonKernelRef {
  /// The source file ('-': standard input).
  std::string path;
  /// The @triton.jit function; empty: the file's only one.
  std::string kernel;
  /// Upstream's AOT signature string.
  std::string signature;
  /// `NAME=VALUE` constexpr values.
  std::vector<std::string> defines;
  /// tl.dot's default input precision.
  std::string dotPrecision = "tf32";
};

/// Splits `FILE.py::KERNEL` into `ref.path` and `ref.kernel`.
void splitPythonKernelRef(llvm::StringRef input, PythonKernelRef &ref);

/// The options a tool registers to take Python kernels: `--signature`
/// (alias `-s`) and `-D NAME=VALUE` (also `-DNAME=VALUE`), in the tool's
/// option category. Construct one at file scope, like any cl::opt.
class PythonKernelOptions {
public:
  explicit PythonKernelOptions(llvm::cl::OptionCategory &category);

  /// `input` (FILE.py::KERNEL) with the options given.
  PythonKernelRef getRef(llvm::StringRef input) const;
  /// Whether --signature or -D was given (an error for MLIR inputs).
  bool anyGiven() const;

private:
  llvm::cl::opt<std::string> signature;
  llvm::cl::alias signatureShort;
  llvm::cl::list<std::string> defines;
};

/// Fills `opts.signature` and `opts.defines` from the textual forms. On
/// failure `error` reads `--signature: ...` or `-D NAME: ...`.
bool parseSpecialization(llvm::StringRef signature,
                         llvm::ArrayRef<std::string> defines,
                         CompileOptions &opts, std::string &error);

/// Reads `ref.path` into `sm`, parses it and compiles the kernel to raw
/// TTIR (upstream's `<kernel>.source.ttir`) in `ctx`. Errors in the Python
/// source are printed at their file, line and column with the source line;
/// errors of the command line as `<tool>: error: ...`. Returns null on
/// failure. `key`, when given, receives the text that identifies this
/// compilation for dump directories and caches: the source, the kernel and
/// its specialization.
mlir::OwningOpRef<mlir::ModuleOp>
compilePythonKernel(mlir::MLIRContext &ctx, llvm::SourceMgr &sm,
                    const PythonKernelRef &ref, llvm::StringRef tool,
                    std::string *key = nullptr);

/// A kernel as a tool reads it.
struct LoadedKernel {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// What names the compilation: the MLIR text as read, or the Python
  /// source with the kernel's name and specialization.
  std::string keyText;
  /// The module came from Python source (it is raw frontend TTIR).
  bool fromPython = false;
};

/// Reads `input`: `FILE.py::KERNEL` (compiled with `python`'s signature
/// and defines) or an MLIR file ('-': stdin), refused when nested deeper
/// than tt::kMaxIRNesting. The source buffer goes into `sm`, so a
/// SourceMgrDiagnosticHandler on it shows source lines in later
/// diagnostics. `--signature`/`-D` with an MLIR input is an error. Prints
/// errors as compilePythonKernel does; false on failure.
bool loadKernel(mlir::MLIRContext &ctx, llvm::SourceMgr &sm,
                llvm::StringRef input, const PythonKernelOptions &python,
                llvm::StringRef tool, LoadedKernel &out);

/// As above, with the specialization given as data: `specialization`'s
/// signature and defines (its path and kernel are taken from `input`).
/// Giving either for an MLIR input is the same error.
bool loadKernel(mlir::MLIRContext &ctx, llvm::SourceMgr &sm,
                llvm::StringRef input, const PythonKernelRef &specialization,
                llvm::StringRef tool, LoadedKernel &out);

/// Reads MLIR `text` (TTIR, TTGIR or an LLVM dialect module) held in
/// memory, as loadKernel reads a file: `name` names the buffer in
/// diagnostics. The compile server's "ir" requests.
bool loadKernelText(mlir::MLIRContext &ctx, llvm::SourceMgr &sm,
                    llvm::StringRef name, llvm::StringRef text,
                    LoadedKernel &out);

} // namespace tt::frontend

#endif // TT_FRONTEND_KERNELINPUT_H
