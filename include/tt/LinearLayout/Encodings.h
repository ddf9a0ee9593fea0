//===- Encodings.h - Linear layouts of the TritonGPU encodings --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Factories that turn the parameters of each TritonGPU encoding attribute
// (#ttg.blocked, #ttg.slice, #ttg.nvidia_mma, #ttg.dot_op, #ttg.amd_mfma,
// #ttg.swizzled_shared, #ttg.nvmma_shared) and a tensor shape into the
// LinearLayout that the encoding denotes. They take plain values, not MLIR
// attributes, so the dialect's toLinearLayout() is a thin adapter over them.
//
// Distributed layouts map (register, lane, warp, block) to (dim0, dim1, ...);
// shared layouts map (offset, block) to (dim0, dim1, ...), where offset is the
// element index inside one CTA's buffer. All four (resp. two) in dims are
// always present, with size 1 where unused. Out dims are in standard order
// and have exactly the tensor's sizes.
//
// Shape fitting follows TritonGPU semantics: when the tensor is larger than
// the layout's tile, the tile repeats and each thread gets more registers
// (repetitions of the fastest dim first); when it is smaller, coordinates
// wrap around, so several threads (or registers) hold the same element.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_ENCODINGS_H
#define TT_LINEARLAYOUT_ENCODINGS_H

#include "tt/LinearLayout/LinearLayout.h"

#include <optional>
#include <string>

namespace tt {

/// How the tensor is split over the CTAs of a cluster (CTAsPerCGA,
/// CTASplitNum, CTAOrder of the encodings' CTA layout). CTAs along a dim
/// beyond the split count hold copies.
struct CGALayout {
  llvm::SmallVector<unsigned, 4> ctasPerCGA;
  llvm::SmallVector<unsigned, 4> ctaSplitNum;
  llvm::SmallVector<unsigned, 4> ctaOrder;
  /// One CTA per cluster (the default when num-ctas is 1).
  static CGALayout single(unsigned rank);
};

/// block -> (dim0, ...) for a CGA layout, before fitting to a shape.
LinearLayout makeCgaLayout(const CGALayout &cga);
/// Fits a per-CTA layout (in dims register/lane/warp or offset) to `shape`
/// split over the CTAs of `cga`, and appends the block dim. The result has
/// standard out dims sized exactly like `shape`.
LinearLayout combineCtaCgaWithShape(const LinearLayout &ctaLayout,
                                    const CGALayout &cga,
                                    llvm::ArrayRef<int64_t> shape);
/// shape[d] / ctaSplitNum[d], at least 1.
llvm::SmallVector<int64_t, 4> getShapePerCTA(const CGALayout &cga,
                                             llvm::ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

/// #ttg.blocked: each thread holds a sizePerThread block, threads of a warp
/// tile threadsPerWarp such blocks, warps tile warpsPerCTA warp tiles; all
/// three enumerate dims fastest-first by `order`.
struct BlockedParams {
  llvm::SmallVector<unsigned, 4> sizePerThread;
  llvm::SmallVector<unsigned, 4> threadsPerWarp;
  llvm::SmallVector<unsigned, 4> warpsPerCTA;
  llvm::SmallVector<unsigned, 4> order;
  std::optional<CGALayout> cga; // default: CGALayout::single(rank)
};
LinearLayout blockedToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                   const BlockedParams &params);

/// #ttg.slice<{dim, parent}>: the parent layout with tensor dim `dim`
/// removed. `parentLayout` must be the parent's layout for the shape
/// `sliceParentShape(shape, dim)` (size 1 inserted at `dim`); registers that
/// become duplicates are dropped.
LinearLayout sliceLinearLayout(const LinearLayout &parentLayout, unsigned dim);
llvm::SmallVector<int64_t, 4> sliceParentShape(llvm::ArrayRef<int64_t> shape,
                                               unsigned dim);

/// #ttg.nvidia_mma: accumulator of mma.sync (versionMajor 2, instrShape
/// [16, 8] or [1, 16, 8]) or of wgmma (versionMajor 3, instrShape
/// [16, N, 16]: one warp's 16-row slice of the m64nNk16 warpgroup tile).
struct NvidiaMmaParams {
  unsigned versionMajor = 2;
  unsigned versionMinor = 0;
  llvm::SmallVector<unsigned, 4> warpsPerCTA;
  llvm::SmallVector<unsigned, 4> instrShape;
  std::optional<CGALayout> cga;
};
LinearLayout nvidiaMmaToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                     const NvidiaMmaParams &params);

/// #ttg.dot_op<{opIdx, parent = #nvidia_mma, kWidth}>: the register operand
/// of mma.sync (A or B) or of wgmma (A only; wgmma reads B from shared
/// memory). kWidth is the number of consecutive K elements per register
/// group (e.g. 2 for 16-bit types, 4 for 8-bit types with mma.sync).
LinearLayout nvidiaDotOperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                            const NvidiaMmaParams &parent,
                                            unsigned opIdx, unsigned kWidth);

/// #ttg.dot_op<{opIdx, parent = #blocked}>: operand of an FMA dot. Every
/// thread holds the whole K extent of its rows (A) or columns (B) in
/// registers; lanes and warps are placed as in the parent and broadcast
/// along K.
LinearLayout blockedDotOperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                             const BlockedParams &parent,
                                             unsigned opIdx);

/// #ttg.amd_mfma: accumulator of the MFMA instructions with 32x32 or 16x16
/// output tiles on 64-lane wavefronts. instrShape is [M, N] (the K of the
/// attribute's instrShape, if present, is ignored).
struct AmdMfmaParams {
  unsigned version = 3;
  llvm::SmallVector<unsigned, 4> warpsPerCTA;
  llvm::SmallVector<unsigned, 4> instrShape;
  bool isTransposed = false;
  unsigned elementBitWidth = 32;
  llvm::SmallVector<unsigned, 4> tilesPerWarp; // empty: all 1
  std::optional<CGALayout> cga;
};
LinearLayout amdMfmaToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                   const AmdMfmaParams &params);

//===----------------------------------------------------------------------===//
// Shared-memory encodings: (offset, block) -> tensor
//===----------------------------------------------------------------------===//

/// #ttg.swizzled_shared: rows of the two fastest dims (order[0] = columns,
/// order[1] = rows); row r stores its column groups of `vec` elements XORed
/// with phase (r / perPhase) % maxPhase.
struct SwizzledSharedParams {
  unsigned vec = 1;
  unsigned perPhase = 1;
  unsigned maxPhase = 1;
  llvm::SmallVector<unsigned, 4> order;
  std::optional<CGALayout> cga;
};
LinearLayout swizzledSharedToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                          const SwizzledSharedParams &params);

/// #ttg.nvmma_shared: the layout TMA writes and wgmma/tcgen05 read, in TMA
/// boxes of at most 256 rows whose contiguous dim is one swizzle width
/// (swizzlingByteWidth bytes; the whole dim when 0), with the 16-byte
/// chunks of each row XORed by the row's phase. `transposed` makes dim0 the
/// contiguous dim (rank 2 only).
struct NVMMASharedParams {
  unsigned swizzlingByteWidth = 128;
  bool transposed = false;
  unsigned elementBitWidth = 16;
  std::optional<CGALayout> cga;
};
/// std::nullopt (with the reason in *error) when the shape cannot hold one
/// swizzle tile (8 rows by one swizzle width) or the parameters are invalid.
std::optional<LinearLayout>
nvmmaSharedToLinearLayout(llvm::ArrayRef<int64_t> shape,
                          const NVMMASharedParams &params,
                          std::string *error = nullptr);
/// The TMA box shape used for an nvmma_shared buffer of shape `shapePerCTA`.
std::optional<llvm::SmallVector<int64_t, 4>>
getTMABlockShape(llvm::ArrayRef<int64_t> shapePerCTA,
                 const NVMMASharedParams &params);

} // namespace tt

#endif // TT_LINEARLAYOUT_ENCODINGS_H
