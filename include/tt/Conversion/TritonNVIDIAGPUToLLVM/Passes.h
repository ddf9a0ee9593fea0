//===- Passes.h - TTGIR to the LLVM dialect for NVIDIA GPUs -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PASSES_H
#define TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace LLVM {
class LLVMDialect;
}
namespace NVVM {
class NVVMDialect;
}
} // namespace mlir

namespace mlir::triton {
#define GEN_PASS_DECL
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PASSES_H
