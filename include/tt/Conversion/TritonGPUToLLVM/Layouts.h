//===- Layouts.h - ttg encodings as linear layouts --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_LAYOUTS_H
#define TT_CONVERSION_TRITONGPUTOLLVM_LAYOUTS_H

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

} // namespace mlir::triton::gpu

#endif // TT_CONVERSION_TRITONGPUTOLLVM_LAYOUTS_H
