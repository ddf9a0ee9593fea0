//===- AMDPatterns.h - pieces of the AMD TTGIR-to-LLVM lowering -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_CONVERSION_TRITONAMDGPUTOLLVM_AMDPATTERNS_H
#define TT_LIB_CONVERSION_TRITONAMDGPUTOLLVM_AMDPATTERNS_H

#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

#include "tt/Target/AMDGPU/Arch.h"

namespace mlir::triton::lowering::amd {

/// tt.dot on #ttg.amd_mfma (rocdl.mfma.*) and #ttg.amd_wmma v1
/// (rocdl.wmma.*) result layouts.
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                 RewritePatternSet &patterns,
                                 LoweringContext &lc,
                                 const tt::amdgpu::Arch &arch);

} // namespace mlir::triton::lowering::amd

#endif // TT_LIB_CONVERSION_TRITONAMDGPUTOLLVM_AMDPATTERNS_H
