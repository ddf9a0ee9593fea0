//===- CPU.h - LLVM dialect to host object and shared library ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The last stages of the CPU backend (docs/cpu-backend.md): the LLVM
// dialect module that lib/Compiler's CPU stage produces becomes LLVM IR,
// is optimized for the host (or a given CPU), compiled to an ELF object by
// LLVM's TargetMachine and linked into a shared library by the system C
// compiler driver. Also: the metadata JSON that goes next to the library.
//
// CPU kernel ABI, one exported symbol per kernel:
//
//   void <kernel>__packed(void **args, int32_t pid_x, int32_t pid_y,
//                         int32_t pid_z, int32_t num_x, int32_t num_y,
//                         int32_t num_z);
//
// args[i] points to the value of the i-th kernel argument in TTIR order.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_CPU_CPU_H
#define TT_TARGET_CPU_CPU_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace tt::cpu {

struct CPUOptions {
  /// Target triple; empty means the host's.
  std::string triple;
  /// CPU name (`znver4`, `x86-64-v3`, ...); empty or "native" means the
  /// host CPU with the host's features.
  std::string cpu;
  /// Extra LLVM target features (`+avx2,-avx512f`).
  std::string features;
  /// LLVM optimization level, 0 to 3.
  unsigned optLevel = 3;
  /// Fuse multiplies and adds into FMA (upstream's enable_fp_fusion).
  bool enableFPFusion = true;
};

/// Registers what the CPU stage needs in a context: the dialects and
/// bufferization models of the linalg-based lowering and the LLVM IR
/// translations.
void registerCPUDialects(mlir::DialectRegistry &registry);

/// Registers the CPU backend's passes (convert-triton-to-linalg and the
/// tritoncpu-* passes) for tt-opt.
void registerCPUPasses();

/// A TargetMachine for `options` (position-independent code).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CPUOptions &options);

/// Translates an LLVM dialect module to LLVM IR for the target of `options`
/// and, unless optLevel is 0, runs LLVM's optimization pipeline on it
/// (loop vectorization included).
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                  const CPUOptions &options);

/// Compiles an optimized module to an ELF relocatable object.
llvm::Expected<std::string> emitObject(llvm::Module &module,
                                       const CPUOptions &options);

/// Links a relocatable object (bytes) into a shared library at `outputPath`
/// with the system `cc -shared` (or `ld.lld` when there is no cc), against
/// the C math library.
llvm::Error linkSharedLibrary(llvm::StringRef object,
                              llvm::StringRef outputPath);

/// What tt-run needs to know about one kernel.
struct KernelArg {
  std::string name; ///< from the TTIR argument location, else "arg<i>"
  std::string type; ///< Triton signature spelling: "*fp32", "i32", "fp16"
};
struct KernelInfo {
  std::string name;
  std::vector<KernelArg> args;
};

/// The kernels (public tt.func with a body) of a TTIR module. Call it
/// before the CPU stage rewrites the module.
std::vector<KernelInfo> getKernels(mlir::ModuleOp ttir);

/// The metadata JSON of one kernel: {"name", "target": "cpu", "num_warps",
/// "entry", "args": [{"name", "type"}, ...]}.
std::string getMetadataJSON(const KernelInfo &kernel, int numWarps);

} // namespace tt::cpu

#endif // TT_TARGET_CPU_CPU_H
