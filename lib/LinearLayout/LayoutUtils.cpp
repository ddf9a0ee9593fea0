//===- LayoutUtils.cpp - Building blocks for tensor layouts ---------------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/LayoutUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace tt;
using llvm::ArrayRef;
using llvm::SmallVector;

SmallVector<Dim, 4> tt::standardOutDimNames(unsigned rank) {
  SmallVector<Dim, 4> names;
  for (unsigned i = 0; i < rank; ++i)
    names.push_back(outDim(i));
  return names;
}

SmallVector<LinearLayout::DimSize, 4>
tt::standardOutDims(ArrayRef<int64_t> shape) {
  SmallVector<LinearLayout::DimSize, 4> dims;
  for (auto [i, size] : llvm::enumerate(shape)) {
    if (size <= 0 || size > INT32_MAX)
      llvm::report_fatal_error("tensor dimension size out of range");
    dims.push_back({outDim(i), int32_t(size)});
  }
  return dims;
}

LinearLayout tt::identityStandardND(Dim inDim, ArrayRef<unsigned> shape,
                                    ArrayRef<unsigned> order) {
  if (shape.size() != order.size())
    llvm::report_fatal_error("identityStandardND: shape and order differ in "
                             "rank");
  LinearLayout l;
  for (unsigned d : order) {
    if (d >= shape.size())
      llvm::report_fatal_error("identityStandardND: order is not a "
                               "permutation");
    l *= LinearLayout::identity1D(shape[d], inDim, outDim(d));
  }
  return l;
}

LinearLayout
tt::ensureLayoutNotLargerThan(const LinearLayout &layout,
                              ArrayRef<LinearLayout::DimSize> shape) {
  SmallVector<LinearLayout::DimSize, 4> outDims = layout.getOutDims();
  bool changed = false;
  SmallVector<uint64_t, 4> keep; // per out dim: mask of coordinate bits kept
  for (auto &[name, size] : outDims) {
    keep.push_back(uint64_t(size) - 1);
    for (auto [want, wantSize] : shape)
      if (want == name && wantSize < size) {
        if (wantSize <= 0 || !llvm::isPowerOf2_32(uint32_t(wantSize)))
          llvm::report_fatal_error("ensureLayoutNotLargerThan: size is not a "
                                   "power of two");
        size = wantSize;
        keep.back() = uint64_t(wantSize) - 1;
        changed = true;
      }
  }
  if (!changed)
    return layout;
  // Wrapping a coordinate modulo a power of two drops its high bits, which
  // is linear: mask every basis.
  LinearLayout::BasesT bases = layout.getBases();
  for (auto &[in, dimBases] : bases)
    for (LinearLayout::Basis &b : dimBases)
      for (size_t i = 0; i < b.size(); ++i)
        b[i] = int32_t(uint64_t(b[i]) & keep[i]);
  return LinearLayout(bases, outDims, /*requireSurjective=*/false);
}

LinearLayout
tt::ensureLayoutNotSmallerThan(const LinearLayout &layout,
                               ArrayRef<LinearLayout::DimSize> shape) {
  if (layout.getNumInDims() == 0)
    llvm::report_fatal_error("ensureLayoutNotSmallerThan: layout has no in "
                             "dims");
  Dim grow = layout.getInDimNames().front();
  LinearLayout l = layout;
  for (auto [name, size] : shape) {
    int32_t actual = l.getOutDimSize(name);
    if (actual >= size)
      continue;
    if (size % actual != 0)
      llvm::report_fatal_error("ensureLayoutNotSmallerThan: size is not a "
                               "multiple of the layout");
    l *= LinearLayout::identity1D(size / actual, grow, name);
  }
  return l;
}

SmallVector<unsigned, 4> tt::getMatrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned, 4> order(rank);
  std::iota(order.rbegin(), order.rend(), 0u);
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

SmallVector<unsigned, 4>
tt::getOrderForDotOperand(unsigned opIdx, unsigned rank, bool kContig) {
  if (rank < 2 || opIdx > 1)
    llvm::report_fatal_error("getOrderForDotOperand: bad rank or opIdx");
  // Row-major has K fastest for A; B is the other way round.
  bool rowMajor = (opIdx == 0) == kContig;
  return getMatrixOrder(rank, rowMajor);
}
