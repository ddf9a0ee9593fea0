//===- InferShape.h - result types of tt ops that reshape -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The step every shape-changing tt op (tt.expand_dims, tt.join, tt.split,
// tt.trans, tt.reduce) takes in its type inference: the result has a new
// shape, the operand's element type, and the encoding that the operand
// encoding's dialect derives through DialectInferLayoutInterface. Private
// to the tt IR library; defined in ShapeOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_DIALECT_TRITON_IR_INFERSHAPE_H
#define TT_LIB_DIALECT_TRITON_IR_INFERSHAPE_H

#include "tt/Dialect/Triton/IR/Dialect.h"

namespace mlir::triton {

/// Asks `iface` for the result encoding given the operand's `srcEncoding`.
using InferEncodingFn = function_ref<LogicalResult(
    const DialectInferLayoutInterface &iface, Attribute srcEncoding,
    Attribute &resultEncoding)>;

/// A tensor of `shape` and `srcType`'s element type, whose encoding `infer`
/// derives from `srcType`'s (no encoding when `srcType` has none). Errors
/// go to `loc` (see inferResultEncoding).
FailureOr<RankedTensorType> inferShapedResult(RankedTensorType srcType,
                                              ArrayRef<int64_t> shape,
                                              std::optional<Location> loc,
                                              InferEncodingFn infer);

} // namespace mlir::triton

#endif // TT_LIB_DIALECT_TRITON_IR_INFERSHAPE_H
