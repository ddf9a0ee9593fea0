//===- LinearLayout.h - Layouts as linear maps over GF(2) -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// A LinearLayout is a function L from named input dimensions (hardware index
// spaces) to named output dimensions (tensor coordinates). Every dimension has
// a power-of-two size, so an index is a bit vector, and L is linear over GF(2):
//
//     L(x ^ y) = L(x) ^ L(y).
//
// L is therefore fully described by its value at each single input bit, its
// *basis* vectors: for input dimension `in` and bit i, getBasis(in, i) is the
// output coordinate tuple L(in = 2^i, everything else 0). Applying L XORs the
// bases of the bits that are set.
//
// Conventions
// -----------
//  * Dimension order is minor-to-major. It matters only where a layout is
//    flattened (reshapeIns/Outs, flattenIns/Outs, getNumConsecutiveInOut):
//    the first dimension supplies the low bits of the flattened index.
//  * Out-dim sizes are explicit. A layout built from bases alone gets the
//    smallest power-of-two sizes that hold every basis and must be
//    surjective; the other constructor accepts a non-surjective layout whose
//    codomain is larger than its image (results of compose/invert are).
//  * Layouts need not be injective: a zero basis, or a basis that is a
//    combination of earlier ones, is a "free variable" -- the hardware holds
//    the same tensor element in several places (broadcast).
//  * At most 64 input bits and 64 output bits in total. Sizes are int32.
//
// Errors in using the API (mismatched dimensions, sizes that are not powers
// of two, inverting a non-invertible layout) are fatal (llvm::report_fatal_
// error): LLVM is built without exceptions. Operations that can fail for
// legitimate inputs have a `try` variant returning std::optional.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_LINEARLAYOUT_H
#define TT_LINEARLAYOUT_LINEARLAYOUT_H

#include "tt/LinearLayout/Dim.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace tt {

class LinearLayout {
public:
  /// One basis: one coordinate per out dim, in out-dim order.
  using Basis = std::vector<int32_t>;
  /// All bases of all in dims: (in dim, [basis for bit 0, bit 1, ...]).
  using BasesT = std::vector<std::pair<Dim, std::vector<Basis>>>;
  /// A (dimension, size) or (dimension, value) pair.
  using DimSize = std::pair<Dim, int32_t>;

  /// The layout with no dimensions; the unit of operator*.
  LinearLayout() = default;
  static LinearLayout empty() { return LinearLayout(); }

  /// in -> out, L(x) = stride * x for x in [0, size). The out dim has size
  /// size * stride, so the layout is not surjective when stride > 1.
  static LinearLayout strided1D(int32_t size, int32_t stride, Dim inDim,
                                Dim outDim);
  /// in -> out, L(x) = x for x in [0, size).
  static LinearLayout identity1D(int32_t size, Dim inDim, Dim outDim);
  /// in -> out, L(x) = 0 for x in [0, size). The out dim has size `outSize`
  /// (default 1, i.e. surjective).
  static LinearLayout zeros1D(int32_t size, Dim inDim, Dim outDim,
                              int32_t outSize = 1);

  /// Builds from explicit bases; out-dim sizes are the smallest powers of two
  /// holding every basis, and the layout must be surjective onto them.
  LinearLayout(llvm::ArrayRef<std::pair<Dim, std::vector<Basis>>> bases,
               llvm::ArrayRef<Dim> outDimNames);
  /// Builds from explicit bases and out-dim sizes.
  LinearLayout(llvm::ArrayRef<std::pair<Dim, std::vector<Basis>>> bases,
               llvm::ArrayRef<DimSize> outDims, bool requireSurjective);
  /// As the constructor above, but returns std::nullopt (and the reason in
  /// `*error` if given) instead of failing.
  static std::optional<LinearLayout>
  tryCreate(llvm::ArrayRef<std::pair<Dim, std::vector<Basis>>> bases,
            llvm::ArrayRef<DimSize> outDims, bool requireSurjective,
            std::string *error = nullptr);

  //===--------------------------------------------------------------------===//
  // Shape
  //===--------------------------------------------------------------------===//

  unsigned getNumInDims() const { return ins.size(); }
  unsigned getNumOutDims() const { return outs.size(); }
  llvm::SmallVector<Dim, 4> getInDimNames() const;
  llvm::SmallVector<Dim, 4> getOutDimNames() const;
  /// (name, size) of each dim, in order.
  llvm::SmallVector<DimSize, 4> getInDims() const;
  llvm::SmallVector<DimSize, 4> getOutDims() const;
  bool hasInDim(Dim d) const { return findIn(d) >= 0; }
  bool hasOutDim(Dim d) const { return findOut(d) >= 0; }
  /// Position of the dim in getIn/OutDimNames(); fatal if absent.
  unsigned getInDimIndex(Dim d) const;
  unsigned getOutDimIndex(Dim d) const;

  unsigned getInDimSizeLog2(Dim d) const;
  int32_t getInDimSize(Dim d) const {
    return int32_t(1) << getInDimSizeLog2(d);
  }
  unsigned getOutDimSizeLog2(Dim d) const;
  int32_t getOutDimSize(Dim d) const {
    return int32_t(1) << getOutDimSizeLog2(d);
  }
  unsigned getTotalInDimSizeLog2() const;
  unsigned getTotalOutDimSizeLog2() const;
  uint64_t getTotalInDimSize() const {
    return uint64_t(1) << getTotalInDimSizeLog2();
  }
  uint64_t getTotalOutDimSize() const {
    return uint64_t(1) << getTotalOutDimSizeLog2();
  }

  //===--------------------------------------------------------------------===//
  // Bases
  //===--------------------------------------------------------------------===//

  /// L(in = 2^pos): one coordinate per out dim.
  Basis getBasis(Dim inDim, unsigned pos) const;
  int32_t getBasis(Dim inDim, unsigned pos, Dim outDim) const;
  std::vector<Basis> getBases(Dim inDim) const;
  BasesT getBases() const;

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  /// Rank of the GF(2) matrix (number of independent bases).
  unsigned getMatrixRank() const;
  /// Every output value is produced by some input.
  bool isSurjective() const {
    return getMatrixRank() == getTotalOutDimSizeLog2();
  }
  /// No two inputs produce the same output (no free variables).
  bool isInjective() const {
    return getMatrixRank() == getTotalInDimSizeLog2();
  }
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// For each in dim, the mask of its *free* bits: bit i is free iff its
  /// basis is a combination of the bases before it (earlier in dims, then
  /// lower bits of the same dim). A zero basis is always free. Flipping a
  /// free bit, together with some earlier bits, leaves the output unchanged,
  /// so the free bits are the broadcast (duplicated) part of the hardware
  /// index; the layout is injective iff every mask is zero.
  llvm::SmallVector<DimSize, 4> getFreeVariableMasks() const;
  int32_t getFreeVariableMask(Dim inDim) const;

  /// The largest V (a power of two) such that, for all inputs,
  ///   L(a*V + v, rest...) = L(a*V, rest...) + (v, 0, ..., 0)  for v < V,
  /// over the *first* in dim and the *first* out dim. For a register layout
  /// whose first out dim is the tensor's fastest dim, this is the number of
  /// consecutive elements each thread holds in consecutive registers, i.e.
  /// the widest vector load/store. Transpose the outs first to pick the dim.
  int32_t getNumConsecutiveInOut() const;

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// Computes L(ins). In dims not mentioned are 0; each value must be in
  /// range. Returns one (out dim, value) per out dim, in order.
  llvm::SmallVector<DimSize, 4> apply(llvm::ArrayRef<DimSize> ins) const;
  /// The flattened form: input bits packed in in-dim order (first dim in the
  /// low bits), output likewise.
  uint64_t applyFlat(uint64_t input) const;

  //===--------------------------------------------------------------------===//
  // Combining layouts
  //===--------------------------------------------------------------------===//

  /// The product (direct sum). In dims and out dims are merged preserving
  /// the order of each side (a dim shared by both appears once; shared dims
  /// must appear in the same relative order on both sides). For a shared in
  /// dim, `inner`'s bases come first (low bits) and `outer`'s follow; for a
  /// shared out dim, the sizes multiply and `outer`'s coordinates are scaled
  /// by `inner`'s size. E.g.
  ///   identity1D(4,i,o) * identity1D(2,i,o) == identity1D(8,i,o)
  ///   identity1D(4,i,o) * zeros1D(2,i,o)    : x -> x % 4 on [0,8)
  ///   identity1D(4,i,o1) * identity1D(8,i,o2): x -> (x % 4, x / 4)
  friend LinearLayout operator*(const LinearLayout &inner,
                                const LinearLayout &outer);
  LinearLayout &operator*=(const LinearLayout &outer) {
    *this = *this * outer;
    return *this;
  }

  /// outer(this(x)). This layout's out dims must be outer's in dims (any
  /// order) and each no larger. The result has outer's out dims and sizes.
  LinearLayout compose(const LinearLayout &outer) const;

  /// A layout C with outer(C(x)) == this(x) for every x: the "position in
  /// `outer`'s input space" of what this layout maps x to. The two layouts
  /// must have the same out dims, `outer` at least as large in each, and
  /// this layout's image must lie in `outer`'s image. Where `outer` is not
  /// injective, the preimage without free bits of `outer` is chosen.
  /// E.g. regs.invertAndCompose(shared) maps (register, lane, warp, block)
  /// to the shared-memory offset holding each register's element.
  LinearLayout invertAndCompose(const LinearLayout &outer) const;
  std::optional<LinearLayout>
  tryInvertAndCompose(const LinearLayout &outer) const;

  /// The inverse of a bijective layout (in and out dims swap roles).
  LinearLayout invert() const;
  std::optional<LinearLayout> tryInvert() const;

  /// A generalized inverse G (out dims -> in dims) with L(G(L(x))) == L(x):
  ///  * L surjective: L(G(y)) == y for every y (a right inverse; G picks the
  ///    preimage that sets no free bits);
  ///  * L injective: G(L(x)) == x for every x (a left inverse);
  ///  * L bijective: G is the inverse.
  /// The result need not be surjective; its out sizes are L's in sizes.
  LinearLayout pseudoinvert() const;

  //===--------------------------------------------------------------------===//
  // Reshaping
  //===--------------------------------------------------------------------===//

  /// Reorders the dims (a permutation of the current names); the map is
  /// unchanged, only flattening order changes.
  LinearLayout transposeIns(llvm::ArrayRef<Dim> newOrder) const;
  LinearLayout transposeOuts(llvm::ArrayRef<Dim> newOrder) const;
  /// Flattens the in (out) dims in order and splits the flat index into the
  /// new dims (first = minor). Total sizes must agree. Renaming is allowed.
  LinearLayout reshapeIns(llvm::ArrayRef<DimSize> newIns) const;
  LinearLayout reshapeOuts(llvm::ArrayRef<DimSize> newOuts) const;
  /// Reshape to one dim named like the first one.
  LinearLayout flattenIns() const;
  LinearLayout flattenOuts() const;

  /// The restriction to the given in dims (others are fixed to 0) and
  /// projection onto the given out dims (others dropped). Order follows this
  /// layout; out sizes are kept; names not present are ignored.
  LinearLayout sublayout(llvm::ArrayRef<Dim> inDims,
                         llvm::ArrayRef<Dim> outDims) const;
  /// Whether sublayout(inDims, outDims) maps everything to 0.
  bool sublayoutIsZero(llvm::ArrayRef<Dim> inDims,
                       llvm::ArrayRef<Dim> outDims) const;

  /// Appends `other`'s in dims (same out dims and sizes, disjoint in dims).
  LinearLayout concatIns(const LinearLayout &other) const;
  /// Appends `other`'s out dims (same in dims and sizes, disjoint out dims).
  LinearLayout concatOuts(const LinearLayout &other) const;

  /// Drops the zero bases of `inDim` (its size shrinks accordingly).
  LinearLayout removeZeroBasesAlongDim(Dim inDim) const;

  //===--------------------------------------------------------------------===//
  // Comparison and printing
  //===--------------------------------------------------------------------===//

  /// Structural equality: same dims in the same order, same sizes, same
  /// bases.
  friend bool operator==(const LinearLayout &a, const LinearLayout &b);
  friend bool operator!=(const LinearLayout &a, const LinearLayout &b) {
    return !(a == b);
  }
  /// Equality as functions: the same dims (any order), sizes and values.
  bool isSameMapAs(const LinearLayout &other) const;
  friend llvm::hash_code hash_value(const LinearLayout &l);

  /// One line per in dim, e.g.
  ///   register: [(0, 1), (0, 2)]
  ///   lane: [(1, 0), (2, 0)]
  ///   -> dim0 (size 4), dim1 (size 4)
  std::string toString() const;

  //===--------------------------------------------------------------------===//
  // Low-level access for analyses: bases packed into 64-bit words, out dims
  // concatenated with the first out dim in the low bits.
  //===--------------------------------------------------------------------===//

  /// Packed bases of `inDim`, bit 0 first.
  llvm::ArrayRef<uint64_t> getPackedBases(Dim inDim) const;
  /// All packed bases in flattened input order.
  llvm::SmallVector<uint64_t, 16> getPackedColumns() const;
  /// Bit position where out dim `d` starts in a packed value.
  unsigned getOutDimShift(Dim d) const;
  /// Builds a layout from packed bases (same packing as getPackedBases for
  /// the given out dims). No surjectivity requirement.
  static LinearLayout fromPacked(
      llvm::ArrayRef<std::pair<Dim, llvm::SmallVector<uint64_t, 8>>> bases,
      llvm::ArrayRef<DimSize> outDims);
  /// Packs per-out-dim coordinates (out-dim order) into one word.
  uint64_t packOut(llvm::ArrayRef<int32_t> coords) const;
  /// Unpacks a word into per-out-dim coordinates.
  Basis unpackOut(uint64_t packed) const;

private:
  struct InDim {
    Dim name;
    llvm::SmallVector<uint64_t, 8> bases; // packed
  };
  struct OutDim {
    Dim name;
    unsigned log2Size;
  };

  int findIn(Dim d) const;
  int findOut(Dim d) const;
  /// Bit position of each out dim of `from` in this layout's packing, plus
  /// `extra[i]` (if given); ~0u where this layout lacks the dim.
  llvm::SmallVector<unsigned, 4>
  positionsOf(const LinearLayout &from,
              llvm::ArrayRef<unsigned> extra = {}) const;
  /// Moves the coordinates of a value packed in `from`'s out dims to the
  /// positions computed by positionsOf; dims without a position are dropped.
  static uint64_t repack(uint64_t packed, const LinearLayout &from,
                         llvm::ArrayRef<unsigned> positions);

  llvm::SmallVector<InDim, 4> ins;
  llvm::SmallVector<OutDim, 4> outs;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &l) {
  return os << l.toString();
}
inline std::ostream &operator<<(std::ostream &os, const LinearLayout &l) {
  return os << l.toString();
}

} // namespace tt

#endif // TT_LINEARLAYOUT_LINEARLAYOUT_H
