//===- DotOperandLayouts.h - shared-memory layouts of dot operands -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The layout choices that accelerate-matmul and the software pipeliner must
// agree on: where a dot operand lives in shared memory, and what the target
// is.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_TRANSFORMS_DOTOPERANDLAYOUTS_H
#define TT_DIALECT_TRITONGPU_TRANSFORMS_DOTOPERANDLAYOUTS_H

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include <optional>

namespace mlir::triton::gpu {

/// The compute capability of the module's "ttg.target" ("cuda:90" -> 90);
/// nullopt for other targets or when the attribute is missing.
std::optional<int> getNVIDIAComputeCapability(Operation *op);

/// Dimension order (fastest first) in which a tensor with this type is best
/// stored to shared memory: its register layout's own order for blocked
/// layouts, else the last dimension fastest.
SmallVector<unsigned> getOrderForMemory(RankedTensorType type);

/// The wgmma shared-memory layout for a tile of `shape` stored with
/// `order`: the widest hardware swizzle (128, 64 or 32 bytes) that divides
/// the contiguous dimension's byte size (none when fewer than 8 rows), and
/// `transposed` when the contiguous dimension is the outer one.
NVMMASharedEncodingAttr getNVMMASharedEncoding(ArrayRef<int64_t> shape,
                                               ArrayRef<unsigned> order,
                                               Type elementType,
                                               CGAEncodingAttr cgaLayout);

/// The swizzled shared-memory layout from which `dotOperand` (a
/// `#ttg.dot_op` layout with an mma.sync parent, or a blocked one) is read
/// without bank conflicts, for a tile of `shape` stored with `order`.
SwizzledSharedEncodingAttr
getDotOperandSharedEncoding(DotOperandEncodingAttr dotOperand,
                            ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                            Type elementType);

} // namespace mlir::triton::gpu

#endif // TT_DIALECT_TRITONGPU_TRANSFORMS_DOTOPERANDLAYOUTS_H
