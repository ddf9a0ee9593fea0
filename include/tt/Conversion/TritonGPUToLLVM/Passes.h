//===- Passes.h - shared memory before the LLVM lowering --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TT_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton::gpu {
class TritonGPUDialect;
}
namespace triton::nvidia_gpu {
class TritonNvidiaGPUDialect;
}
} // namespace mlir

namespace mlir::triton {
#define GEN_PASS_DECL
#include "tt/Conversion/TritonGPUToLLVM/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONGPUTOLLVM_PASSES_H
