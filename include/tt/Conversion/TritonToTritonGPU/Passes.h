//===- Passes.h - TTIR to TTGIR conversion ----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TT_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class MLIRContext;
namespace triton::gpu {
class TritonGPUDialect;
class BlockedEncodingAttr;

/// The default layout of a tensor of `shape`: one element per thread, lanes
/// then warps spread from the fastest dimension to the slowest.
BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                              ArrayRef<int64_t> shape,
                                              int numWarps, int threadsPerWarp,
                                              int numCTAs);

/// A blocked layout of a tensor of `shape` with the given elements per
/// thread and dimension order, lanes and warps spread as the default does.
BlockedEncodingAttr getBlockedEncoding(MLIRContext *context,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<unsigned> sizePerThread,
                                       ArrayRef<unsigned> order, int numWarps,
                                       int threadsPerWarp, int numCTAs);
} // namespace triton::gpu
} // namespace mlir

namespace mlir::triton {
#define GEN_PASS_DECL
#include "tt/Conversion/TritonToTritonGPU/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "tt/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
