//===- AMDGPU.h - LLVM IR to AMDGCN and HSACO -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The last stages of the AMD backend: an LLVM IR module gets the amdgcn
// triple, code object version 5 and, when it calls __ocml_* / __ockl_*
// functions, the ROCm device libraries (linked and internalized, their
// __oclc_* control variables defined for the target); LLVM's AMDGPU backend
// then writes AMDGCN assembly or an ELF object, which ld.lld links into the
// HSA code object (HSACO) the HIP runtime loads.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_AMDGPU_AMDGPU_H
#define TT_TARGET_AMDGPU_AMDGPU_H

#include "tt/Target/AMDGPU/Arch.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace tt::amdgpu {

struct CodegenOptions {
  Arch arch;
  /// Run LLVM's O3 pipeline first (DISABLE_LLVM_OPT=1 turns it off).
  bool optimize = true;
  /// Directory of ocml.bc and ockl.bc; empty: $TRITON_HIP_DEVICE_LIB_DIR,
  /// then Debian's rocm-device-libs, then /opt/rocm.
  std::string deviceLibDir;
};

/// Where the ROCm device-library bitcode is (empty when nowhere).
std::string findDeviceLibDir(const std::string &explicitDir = "");

/// Where ld.lld is: $TRITON_HIP_LLD_PATH, then ld.lld-22 or ld.lld on PATH,
/// then /usr/lib/llvm-22/bin/ld.lld. Empty when none exists.
std::string findLLD();

/// Gives `module` the AMDGPU triple and data layout and code object v5,
/// links the device libraries it needs, and optimizes it (O3) unless
/// `options.optimize` is false. The result is what upstream dumps as
/// <kernel>.llir.
llvm::Error optimizeModule(llvm::Module &module, const CodegenOptions &options);

/// Code generation only (run optimizeModule first): AMDGCN assembly text.
llvm::Expected<std::string> emitAssembly(llvm::Module &module,
                                         const CodegenOptions &options);
/// Code generation only: an ELF relocatable object.
llvm::Expected<std::string> emitObject(llvm::Module &module,
                                       const CodegenOptions &options);

/// Links an object from emitObject into an HSACO with ld.lld (`lld` empty:
/// findLLD()). The error names the missing tool when there is no ld.lld.
llvm::Expected<std::string> linkHSACO(llvm::StringRef object,
                                      llvm::StringRef lld = "");

} // namespace tt::amdgpu

#endif // TT_TARGET_AMDGPU_AMDGPU_H
