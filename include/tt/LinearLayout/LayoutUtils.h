//===- LayoutUtils.h - Building blocks for tensor layouts -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Helpers shared by the encoding factories (Encodings.h) and by passes that
// build layouts of their own: standard tensor dimension names, N-d identity
// layouts in a given order, and fitting a layout tile to a tensor shape.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_LAYOUTUTILS_H
#define TT_LINEARLAYOUT_LAYOUTUTILS_H

#include "tt/LinearLayout/LinearLayout.h"

namespace tt {

/// ["dim0", "dim1", ..., "dim<rank-1>"].
llvm::SmallVector<Dim, 4> standardOutDimNames(unsigned rank);
/// [("dim0", shape[0]), ...].
llvm::SmallVector<LinearLayout::DimSize, 4>
standardOutDims(llvm::ArrayRef<int64_t> shape);

/// `inDim` -> (dim0, dim1, ...): the identity of a flat index of size
/// prod(shape) reshaped so that dim order[0] varies fastest, then order[1],
/// and so on. Out dims come out in `order` order (minor first).
LinearLayout identityStandardND(Dim inDim, llvm::ArrayRef<unsigned> shape,
                                llvm::ArrayRef<unsigned> order);

/// Shrinks every out dim larger than its size in `shape` to that size by
/// wrapping coordinates modulo the size: the hardware indices that would
/// address elements past the end hold duplicates instead (broadcast).
/// Out dims not named in `shape` are left alone.
LinearLayout
ensureLayoutNotLargerThan(const LinearLayout &layout,
                          llvm::ArrayRef<LinearLayout::DimSize> shape);

/// Grows every out dim smaller than its size in `shape` by repeating the
/// layout along that dim, adding bits to the layout's first in dim
/// ("register" for distributed layouts, "offset" for shared ones). Dims are
/// grown in the order they are listed in `shape`, so the first one listed
/// gets the lowest new bits.
LinearLayout
ensureLayoutNotSmallerThan(const LinearLayout &layout,
                           llvm::ArrayRef<LinearLayout::DimSize> shape);

/// Fastest-to-slowest order of a matrix-like tensor: [rank-1, rank-2, ...,
/// 0] when row-major, with the last two swapped when column-major.
llvm::SmallVector<unsigned, 4> getMatrixOrder(unsigned rank, bool rowMajor);
/// Order of a dot operand: A = [K=rank-1, M=rank-2, batch...], B = [K=rank-2,
/// N=rank-1, batch...] when kContig, the reverse of the first two otherwise.
llvm::SmallVector<unsigned, 4>
getOrderForDotOperand(unsigned opIdx, unsigned rank, bool kContig);

} // namespace tt

#endif // TT_LINEARLAYOUT_LAYOUTUTILS_H
