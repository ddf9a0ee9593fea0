//===- NVPTX.h - LLVM IR to PTX and cubin -----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The last stages of the NVIDIA backend: an LLVM IR module becomes PTX
// through LLVM's NVPTX backend (libdevice linked and internalized only when
// the module calls __nv_* functions), and PTX becomes a cubin through ptxas.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_NVPTX_NVPTX_H
#define TT_TARGET_NVPTX_NVPTX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace tt::nvptx {

/// The GPU architecture of a "cuda:NN" target: 90 -> "sm_90a" (Hopper
/// features need the arch-specific variant), others -> "sm_NN".
std::string getArchName(int computeCapability);

/// Where ptxas is: $TRITON_PTXAS_PATH, then `ptxas` on PATH, then
/// /usr/local/cuda/bin/ptxas. Empty when none exists.
std::string findPtxas();

/// The PTX ISA version to emit for a ptxas (e.g. 87 for "8.7"): the newest
/// that both that ptxas and LLVM's NVPTX backend accept. Without a ptxas,
/// 87 (CUDA 12.8 and newer accept it).
int getPTXVersion(llvm::StringRef ptxasPath);

struct PTXOptions {
  int computeCapability = 90;
  int ptxVersion = 87;
  /// Path of libdevice.10.bc; empty means $TRITON_LIBDEVICE_PATH or the
  /// CUDA toolkit's copy.
  std::string libdevicePath;
  /// Run LLVM's O3 pipeline before code generation (DISABLE_LLVM_OPT=1
  /// turns it off).
  bool optimize = true;
  /// Fuse multiply and add into fma (upstream's enable_fp_fusion).
  bool enableFPFusion = true;
  /// The module flag nvvm-reflect-ftz = 1: libdevice's __nvvm_reflect
  /// ("__CUDA_FTZ") picks the flush-to-zero variants (upstream's
  /// enable_reflect_ftz, on by default).
  bool enableReflectFtz = true;
};

/// Upstream's make_llir after the LLVM IR translation: gives `module` the
/// NVPTX triple and data layout, links libdevice when the module calls
/// __nv_* functions, and runs LLVM's O3 pipeline unless `options.optimize`
/// is false. The result is what upstream dumps as <kernel>.llir.
llvm::Error optimizeModule(llvm::Module &module, const PTXOptions &options);

/// Upstream's make_ptx: code generation only, no IR optimization pipeline
/// (run optimizeModule first).
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const PTXOptions &options);

/// optimizeModule, then emitPTX.
llvm::Expected<std::string> translateToPTX(llvm::Module &module,
                                           const PTXOptions &options);

/// Runs ptxas on `ptx` for the given architecture and returns the cubin.
/// The error names the missing tool when there is no ptxas. `extraArgs`
/// go to ptxas before the input (--fmad=false, user options).
llvm::Expected<std::string>
compileToCubin(llvm::StringRef ptx, int computeCapability,
               llvm::StringRef ptxasPath = "",
               llvm::ArrayRef<std::string> extraArgs = {});

} // namespace tt::nvptx

#endif // TT_TARGET_NVPTX_NVPTX_H
