//===- Interfaces.h - layout inference hook for tt ops ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Plain TTIR tensors carry no encoding. Once layouts are assigned (TTGIR),
// the shape ops of the tt dialect (tt.trans, tt.reduce, tt.expand_dims,
// tt.join, tt.split, tt.reshape, ...) must know which encoding their result
// has. The tt dialect cannot know the encodings of later dialects, so it
// asks the dialect that owns the operand's encoding attribute through this
// interface.
// A dialect that defines tensor encodings (ttg) registers an implementation;
// without one, tt ops whose operands carry an encoding fail to verify with a
// message that says so.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_INTERFACES_H
#define TT_DIALECT_TRITON_IR_INTERFACES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace mlir::triton {

class DialectInferLayoutInterface
    : public DialectInterface::Base<DialectInferLayoutInterface> {
public:
  DialectInferLayoutInterface(Dialect *dialect) : Base(dialect) {}

  /// Encoding of `tt.trans` of a tensor of `shape` with `operandEncoding`,
  /// result dimension i being operand dimension order[i].
  virtual LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const = 0;

  /// Encoding of the result of reducing dimension `axis` away.
  virtual LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const = 0;

  /// Encoding of the result of inserting a size-1 dimension at `axis`.
  virtual LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const = 0;

  /// Encoding of `tt.join` of two tensors of `shape` (the result gets a new
  /// minor dimension of size 2).
  virtual LogicalResult
  inferJoinOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                      Attribute &resultEncoding,
                      std::optional<Location> loc) const = 0;

  /// Encoding of each half of `tt.split` of a tensor of `shape` (whose last
  /// dimension has size 2).
  virtual LogicalResult
  inferSplitOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       Attribute &resultEncoding,
                       std::optional<Location> loc) const = 0;

  /// Encoding of `tt.reshape` of a tensor of `srcShape` in `srcEncoding` to
  /// `dstShape` such that every thread keeps the elements it holds: the
  /// element at each row-major position stays where it is, only its
  /// coordinates change (with allow_reorder, the one order that moves no
  /// data). The reverse reshape gives back an equivalent encoding of the
  /// operand.
  virtual LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const = 0;

  /// Whether two encodings of a tensor of `shape` describe the same mapping
  /// (different attributes may be equivalent). Used to compare a written
  /// result type with the inferred one.
  virtual LogicalResult
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute given, std::optional<Location> loc) const = 0;

  /// Whether the encodings of tt.dot's operands fit the accumulator's.
  /// Accepts everything unless overridden.
  virtual LogicalResult
  verifyDotOpEncodings(Attribute aEncoding, Attribute bEncoding,
                       Attribute cEncoding, std::optional<Location> loc) const {
    return success();
  }
};

} // namespace mlir::triton

#endif // TT_DIALECT_TRITON_IR_INTERFACES_H
