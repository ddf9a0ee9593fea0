//===- LinearLayoutConversions.h - encodings as linear layouts -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The bridge from the ttg encoding attributes to the linear-layout library
// (lib/LinearLayout): layout IR, used by the transforms that reason about
// where elements live, by the LLVM lowerings and by the HTML report.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
#define TT_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H

#include "tt/LinearLayout/LinearLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include <optional>

namespace mlir::triton::gpu {

/// The linear layout of a tensor of `shape` in `encoding`: for distributed
/// encodings (blocked, slice, nvidia_mma, amd_mfma, dot_op, linear) a map
/// from (register, lane, warp, block) to coordinates; for shared encodings
/// (swizzled_shared, nvmma_shared) a map from (offset, block) to
/// coordinates. std::nullopt for encodings without a known mapping.
std::optional<tt::LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                               Attribute encoding);

/// Same for a ranked tensor type.
inline std::optional<tt::LinearLayout> toLinearLayout(RankedTensorType type) {
  return toLinearLayout(type.getShape(), type.getEncoding());
}

/// Whether converting a tensor from `src`'s layout to `dst`'s moves no data
/// between threads: every lane of every warp (and block) already holds,
/// among its registers, each element it holds afterwards, so the conversion
/// only renames registers. False when either layout is unknown.
bool isThreadLocalConversion(RankedTensorType src, RankedTensorType dst);

} // namespace mlir::triton::gpu

#endif // TT_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
