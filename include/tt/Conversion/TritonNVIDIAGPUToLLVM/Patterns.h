//===- Patterns.h - the NVIDIA side of the TTGIR lowering -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What lib/Conversion/TritonNVIDIAGPUToLLVM adds to the common lowering
// (tt/Conversion/TritonGPUToLLVM/Patterns.h): the NVIDIA TargetInfo and the
// patterns of the NVIDIA operations. convert-triton-gpu-to-llvm runs
// lowerToLLVM with both.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PATTERNS_H
#define TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PATTERNS_H

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

namespace mlir::triton::lowering {

/// The TargetInfo of NVIDIA GPUs of `computeCapability` (90 for Hopper, 80
/// for Ampere): NVVM ids and barriers, inline-PTX global accesses,
/// atomics and stmatrix, libdevice math, vprintf.
const TargetInfo &getNVIDIATargetInfo(int computeCapability);

/// Registers getNVIDIATargetInfo for the "cuda:<cc>" targets
/// (registerTargetInfo), so that the passes sizing shared memory before the
/// lowering find it.
void registerNVIDIATargetInfo();

/// The NVIDIA operations: wgmma and its wait, the async-proxy fence,
/// cp.async, mbarriers, mma.sync dots, ldmatrix loads of dot operands, TMA
/// descriptors and copies.
void populateTritonNVIDIAGPUToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                           RewritePatternSet &patterns,
                                           LoweringContext &lc);

} // namespace mlir::triton::lowering

#endif // TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PATTERNS_H
