//===- DefaultLayouts.h - blocked layouts tensors start with ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The blocked layouts convert-triton-to-tritongpu gives TTIR's tensors and
// that the coalescing passes derive theirs from.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_DEFAULTLAYOUTS_H
#define TT_DIALECT_TRITONGPU_IR_DEFAULTLAYOUTS_H

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton::gpu {

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

} // namespace mlir::triton::gpu

#endif // TT_DIALECT_TRITONGPU_IR_DEFAULTLAYOUTS_H
