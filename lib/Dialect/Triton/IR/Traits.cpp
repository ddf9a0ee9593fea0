//===- Traits.cpp - op traits of the tt dialect -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Traits.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

static LogicalResult verifyOneTensorSize(Operation *op, Type type,
                                         StringRef what, unsigned index) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  if (!tensor.hasStaticShape())
    return op->emitOpError() << what << " #" << index << " (" << type
                             << ") has a dynamic shape; tt tensors are static";
  // Multiply with an overflow check: getNumElements() wraps around for
  // shapes such as 2^62 x 4, which then pass for small (or power-of-two)
  // tensors.
  int64_t numElements = 1;
  bool overflow = false;
  for (int64_t d : tensor.getShape())
    overflow |= __builtin_mul_overflow(numElements, d, &numElements);
  if (overflow)
    return op->emitOpError()
           << what << " #" << index << " (" << type
           << ") has more elements than fit in 64 bits; the limit is "
           << triton::kMaxTensorNumElements;
  if (numElements > triton::kMaxTensorNumElements)
    return op->emitOpError()
           << what << " #" << index << " (" << type << ") has " << numElements
           << " elements, more than the limit of "
           << triton::kMaxTensorNumElements;
  if (!llvm::isPowerOf2_64(numElements))
    return op->emitOpError()
           << what << " #" << index << " (" << type << ") has " << numElements
           << " elements; tt tensors must have a power-of-two number of "
              "elements";
  return success();
}

LogicalResult triton::OpTrait::impl::verifyTensorSize(Operation *op) {
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(verifyOneTensorSize(op, type, "operand", i)))
      return failure();
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(verifyOneTensorSize(op, type, "result", i)))
      return failure();
  return success();
}

/// Checks that every ranked tensor among `types` has the encoding of the
/// first one; `what` names the group in the message.
static LogicalResult verifySameEncoding(Operation *op, TypeRange types,
                                        StringRef what) {
  std::optional<Attribute> first;
  for (Type type : types) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (!first) {
      first = tensor.getEncoding();
      continue;
    }
    if (tensor.getEncoding() != *first)
      return op->emitOpError() << "requires the same encoding for all " << what;
  }
  return success();
}

LogicalResult triton::OpTrait::impl::verifySameOperandsEncoding(Operation *op) {
  return verifySameEncoding(op, op->getOperandTypes(), "operands");
}

LogicalResult
triton::OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return verifySameEncoding(op, types, "operands and results");
}
