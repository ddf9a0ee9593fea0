//===- Frontend.h - @triton.jit Python functions to TTIR --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Compiles one `@triton.jit` function of a Python source file to a TTIR
// module, specialized the way upstream's ahead-of-time compiler does it: a
// signature string gives each parameter's type (pointer dtypes, scalars) and
// divisibility hint, or a compile-time value; `-D NAME=VALUE` definitions
// give (or override) constexpr values by name. Parameters specialized to a
// value disappear from the kernel's arguments; integer parameters hinted
// `:1` become the constant 1, as upstream folds unit strides.
//
//===----------------------------------------------------------------------===//

#ifndef TT_FRONTEND_FRONTEND_H
#define TT_FRONTEND_FRONTEND_H

#include "tt/Frontend/Specialization.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace tt::frontend {

struct Module;

/// How to compile a kernel.
struct CompileOptions {
  std::string kernelName;
  /// One entry per leading parameter of the kernel; later parameters take
  /// their value from `defines` or their default.
  std::vector<SignatureEntry> signature;
  /// `-D NAME=VALUE`: constexpr values by parameter name (these win over
  /// the signature).
  std::vector<std::pair<std::string, ConstValue>> defines;
  /// tl.dot's default input precision ("tf32", "tf32x3", "ieee").
  std::string defaultDotInputPrecision = "tf32";
};

/// Compiles `opts.kernelName` from the parsed `module` (whose source lives
/// in `sm`) to a TTIR module in `ctx` (which must have the tt, arith, math,
/// scf and ub dialects loaded). Reports errors through `sm` (file, line,
/// column and the source line) and returns null on failure. The module is
/// upstream's raw frontend output: run the TTIR stage (tt-opt --tt-ttir)
/// to inline helper functions and clean up.
mlir::OwningOpRef<mlir::ModuleOp> compileKernel(mlir::MLIRContext &ctx,
                                                llvm::SourceMgr &sm,
                                                const Module &module,
                                                const CompileOptions &opts);

/// Loads the dialects compileKernel needs into `ctx`.
void loadFrontendDialects(mlir::MLIRContext &ctx);

} // namespace tt::frontend

#endif // TT_FRONTEND_FRONTEND_H
