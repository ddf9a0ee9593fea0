//===- GF2.h - Gaussian elimination on 64-bit GF(2) vectors -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/LinearLayout. A row-echelon basis of a subspace of GF(2)^64.
// Each row carries a 64-bit "tag" that is XORed along with it, so a caller
// can track which inputs make up a row (tag = one-hot input index) or carry
// a second vector through the elimination (Zassenhaus-style intersection).
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_LINEARLAYOUT_GF2_H
#define TT_LIB_LINEARLAYOUT_GF2_H

#include "llvm/ADT/bit.h"

#include <cstdint>

namespace tt::gf2 {

class Echelon {
public:
  /// Reduces `v` by the rows (highest leading bit first), XORing the tags of
  /// the rows used into `tag`. Afterwards `v` has no bit at a leading
  /// position; it is zero iff the original `v` was in the span.
  void reduce(uint64_t &v, uint64_t &tag) const {
    for (int b = 63; b >= 0 && v; --b)
      if (((v >> b) & 1) && ((present >> b) & 1)) {
        v ^= rows[b];
        tag ^= tags[b];
      }
  }

  /// Adds `v` (tagged `tag`). Returns true if it was independent of the
  /// rows so far; otherwise returns false and, if `reducedTag` is given,
  /// stores there the tag of the combination that cancels `v`.
  bool insert(uint64_t v, uint64_t tag, uint64_t *reducedTag = nullptr) {
    reduce(v, tag);
    if (v == 0) {
      if (reducedTag)
        *reducedTag = tag;
      return false;
    }
    int lead = 63 - llvm::countl_zero(v);
    rows[lead] = v;
    tags[lead] = tag;
    present |= uint64_t(1) << lead;
    return true;
  }

  bool contains(uint64_t v) const {
    uint64_t tag = 0;
    reduce(v, tag);
    return v == 0;
  }

  unsigned rank() const { return llvm::popcount(present); }

private:
  uint64_t rows[64] = {};
  uint64_t tags[64] = {};
  uint64_t present = 0; // bit b set iff rows[b] has leading bit b
};

} // namespace tt::gf2

#endif // TT_LIB_LINEARLAYOUT_GF2_H
