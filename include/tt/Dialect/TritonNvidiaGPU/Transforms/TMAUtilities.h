//===- TMAUtilities.h - facts about TMA descriptors -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the TTGIR passes need to know about a tensor descriptor to give it a
// shared-memory layout and to fill its CUtensorMap: the box the TMA unit
// copies, the swizzle and element-type codes of `ttng.tensormap_create`,
// and the layouts TMA can write.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_TMAUTILITIES_H
#define TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_TMAUTILITIES_H

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton::nvidia_gpu {

/// The shared-memory layout a descriptor gets when none of its users asks
/// for one: the wgmma layout of the block stored row-major (the widest
/// swizzle its rows allow), or an unswizzled layout for rank-1 blocks.
Attribute getDefaultDescriptorEncoding(RankedTensorType blockType);

/// Whether TMA can copy a block of `blockType` into shared memory laid out
/// with `encoding`: an untransposed `#ttg.nvmma_shared` whose rows are at
/// least one swizzle wide, or a `#ttg.swizzled_shared` without swizzling.
bool isTMACompatibleEncoding(Attribute encoding, RankedTensorType blockType);

/// The fields of the CUtensorMap of a descriptor, beyond its global shape.
struct TMABox {
  SmallVector<int64_t> boxDim; ///< Innermost dimension first.
  int elementType = 0;         ///< tensormap.replace encoding (f16 = 6).
  int swizzleMode = 0;         ///< 0 none, 1 32B, 2 64B, 3 128B.
  int elementBytes = 0;
};

/// Computes the box of `descType` (whose block must carry its shared
/// layout), or reports on `op` why TMA cannot copy such blocks.
FailureOr<TMABox> getTMABox(Operation *op, TensorDescType descType);

/// Bytes of one block, as an mbarrier's transaction count expects them.
int64_t getBlockBytes(RankedTensorType blockType);

} // namespace mlir::triton::nvidia_gpu

#endif // TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_TMAUTILITIES_H
