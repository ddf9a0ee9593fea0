//===- Traits.h - op traits of the tt dialect -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Native op traits shared by tt ops (and usable by the ttg/ttng dialects):
// tensor-size limits and agreement of layout encodings between operands and
// results. Encodings are opaque here; two tensors "agree" when their
// encoding attributes are identical (both absent in plain TTIR).
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_TRAITS_H
#define TT_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::triton {

/// Largest number of elements a tt tensor may have (2^20).
constexpr int64_t kMaxTensorNumElements = 1 << 20;

namespace OpTrait {
namespace impl {
LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifySameOperandsEncoding(Operation *op);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op);
} // namespace impl

/// Every ranked tensor operand and result has a power-of-two number of
/// elements, at most kMaxTensorNumElements. Attached to every tt op.
template <typename ConcreteType>
class TensorSizeTrait : public mlir::OpTrait::TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorSize(op);
  }
};

/// All ranked tensor operands carry the same encoding (scalars are ignored).
template <typename ConcreteType>
class SameOperandsEncoding
    : public mlir::OpTrait::TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op);
  }
};

/// All ranked tensor operands and results carry the same encoding.
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op);
  }
};

} // namespace OpTrait
} // namespace mlir::triton

#endif // TT_DIALECT_TRITON_IR_TRAITS_H
