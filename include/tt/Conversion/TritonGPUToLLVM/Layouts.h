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

/// The linear layout of a tensor of `shape` in `encoding` (a distributed
/// ttg encoding: blocked, slice, nvidia_mma, dot_op, linear). std::nullopt
/// for encodings without a known mapping.
std::optional<tt::LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                               Attribute encoding);

/// Same for a ranked tensor type.
inline std::optional<tt::LinearLayout> toLinearLayout(RankedTensorType type) {
  return toLinearLayout(type.getShape(), type.getEncoding());
}

} // namespace mlir::triton::gpu

#endif // TT_CONVERSION_TRITONGPUTOLLVM_LAYOUTS_H
