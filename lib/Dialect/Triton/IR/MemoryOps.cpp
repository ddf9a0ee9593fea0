//===- MemoryOps.cpp - tt block pointers, atomics, descriptors --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Builders, verifiers and folders of tt.make_tensor_ptr, tt.advance, the
// atomics, the tensor-descriptor ops, tt.print and tt.assert.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;

/// Checks that `order` is a permutation of [0, rank).
static LogicalResult verifyOrder(Operation *op, ArrayRef<int32_t> order,
                                 int64_t rank) {
  if (static_cast<int64_t>(order.size()) != rank)
    return op->emitOpError() << "order has " << order.size()
                             << " entries, but the block has rank " << rank;
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return op->emitOpError() << "order must be a permutation of 0.."
                               << rank - 1;
    seen[d] = true;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MakeTensorPtrOp / AdvanceOp
//===----------------------------------------------------------------------===//

void MakeTensorPtrOp::build(OpBuilder &builder, OperationState &state,
                            Value base, ValueRange shape, ValueRange strides,
                            ValueRange offsets, ArrayRef<int32_t> blockShape,
                            ArrayRef<int32_t> order) {
  auto basePtr = cast<PointerType>(base.getType());
  SmallVector<int64_t> blockShape64(blockShape.begin(), blockShape.end());
  auto block =
      RankedTensorType::get(blockShape64, basePtr.getPointeeType());
  auto result = PointerType::get(block, basePtr.getAddressSpace());
  build(builder, state, result, base, shape, strides, offsets,
        builder.getDenseI32ArrayAttr(order));
}

LogicalResult MakeTensorPtrOp::verify() {
  auto block = cast<RankedTensorType>(getType().getPointeeType());
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError() << "the block has rank " << rank << ", so it needs "
                         << rank << " shape, stride and offset operands, not "
                         << getShape().size();
  return verifyOrder(*this, getOrder(), rank);
}

LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(getType().getPointeeType());
  if (static_cast<int64_t>(getOffsets().size()) != block.getRank())
    return emitOpError() << "needs one offset per block dimension ("
                         << block.getRank() << "), but has "
                         << getOffsets().size();
  return success();
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  // advance(p, [0, ..., 0]) -> p
  for (Attribute offset : adaptor.getOffsets()) {
    auto value = dyn_cast_or_null<IntegerAttr>(offset);
    if (!value || !value.getValue().isZero())
      return {};
  }
  return getPtr();
}

//===----------------------------------------------------------------------===//
// AtomicRMWOp / AtomicCASOp
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  if (getType() != getVal().getType())
    return emitOpError() << "result (the old values) must have the type of "
                            "val, "
                         << getVal().getType() << ", not " << getType();
  Type elt = triton::getElementTypeOrSelf(getVal().getType());
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isa<FloatType>(elt))
      return emitOpError() << "fadd needs floating-point values, not " << elt;
    break;
  case RMWOp::ADD:
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!elt.isInteger())
      return emitOpError() << stringifyRMWOp(getAtomicRmwOp())
                           << " needs integer values, not " << elt;
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
  case RMWOp::XCHG:
    break;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  if (getCmp().getType() != getVal().getType())
    return emitOpError() << "cmp (" << getCmp().getType() << ") and val ("
                         << getVal().getType() << ") must have the same type";
  if (getType() != getVal().getType())
    return emitOpError() << "result (the old values) must have the type of "
                            "val, "
                         << getVal().getType() << ", not " << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

bool mlir::triton::isSameElementTypeIgnoringSignedness(Type a, Type b) {
  if (a == b)
    return true;
  auto ia = dyn_cast<IntegerType>(a), ib = dyn_cast<IntegerType>(b);
  return ia && ib && ia.getWidth() == ib.getWidth();
}

void MakeTensorDescOp::build(OpBuilder &builder, OperationState &state,
                             Value base, ValueRange shape, ValueRange strides,
                             ArrayRef<int64_t> blockShape) {
  auto ptr = cast<PointerType>(base.getType());
  auto block = RankedTensorType::get(blockShape, ptr.getPointeeType());
  build(builder, state, TensorDescType::get(builder.getContext(), block), base,
        shape, strides, PaddingOption::PAD_ZERO);
}

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  if (static_cast<int64_t>(getShape().size()) != block.getRank())
    return emitOpError() << "the block has rank " << block.getRank()
                         << ", so it needs " << block.getRank()
                         << " shape and stride operands, not "
                         << getShape().size();
  Type pointee = getBase().getType().getPointeeType();
  if (!isSameElementTypeIgnoringSignedness(pointee, block.getElementType()))
    return emitOpError() << "base points to " << pointee
                         << ", but the block holds " << block.getElementType();
  return success();
}

/// Checks that a descriptor access moves the block's element type.
static LogicalResult verifyBlockElements(Operation *op, RankedTensorType block,
                                         RankedTensorType tensor,
                                         StringRef what) {
  if (!isSameElementTypeIgnoringSignedness(block.getElementType(),
                                           tensor.getElementType()))
    return op->emitOpError() << what << " elements (" << tensor.getElementType()
                             << ") differ from the block's ("
                             << block.getElementType() << ")";
  return success();
}

/// Checks a descriptor access: one index per block dimension, and a tensor
/// of the block's shape (leading unit dimensions may be dropped) and
/// element type.
static LogicalResult verifyDescriptorAccess(Operation *op, TensorDescType desc,
                                            size_t numIndices,
                                            RankedTensorType tensor,
                                            StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (static_cast<int64_t>(numIndices) != block.getRank())
    return op->emitOpError() << "needs one index per block dimension ("
                             << block.getRank() << "), but has " << numIndices;
  ArrayRef<int64_t> blockShape = block.getShape();
  ArrayRef<int64_t> shape = tensor.getShape();
  if (shape.size() > blockShape.size())
    return op->emitOpError() << what << " " << tensor
                             << " has a higher rank than the block " << block;
  size_t dropped = blockShape.size() - shape.size();
  for (size_t i = 0; i < dropped; ++i)
    if (blockShape[i] != 1)
      return op->emitOpError()
             << what << " " << tensor << " does not match the block " << block
             << ": only leading dimensions of size 1 may be left out";
  if (blockShape.drop_front(dropped) != shape)
    return op->emitOpError() << what << " shape " << tensor
                             << " does not match the block " << block;
  return verifyBlockElements(op, block, tensor, what);
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getIndices().size(),
                                cast<RankedTensorType>(getType()), "result");
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getIndices().size(),
                                cast<RankedTensorType>(getSrc().getType()),
                                "stored value");
}

LogicalResult DescriptorReduceOp::verify() {
  if (failed(verifyDescriptorAccess(
          *this, getDesc().getType(), getIndices().size(),
          cast<RankedTensorType>(getSrc().getType()), "stored value")))
    return failure();
  Type elt = getDesc().getType().getBlockType().getElementType();
  switch (getKind()) {
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
  case DescriptorReduceKind::AND:
  case DescriptorReduceKind::OR:
  case DescriptorReduceKind::XOR:
    if (!elt.isInteger())
      return emitOpError() << stringifyDescriptorReduceKind(getKind())
                           << " needs integer elements, not " << elt;
    break;
  default:
    break;
  }
  return success();
}

/// Checks a row gather/scatter: a 1 x W block, a 1-D list of rows and an
/// R x W tensor.
static LogicalResult verifyRowAccess(Operation *op, TensorDescType desc,
                                     RankedTensorType rows,
                                     RankedTensorType tensor, StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError() << "descriptor block must be one row (1 x W), "
                                "but is "
                             << block;
  if (rows.getRank() != 1)
    return op->emitOpError() << "x_offsets must be 1-D, but is " << rows;
  if (tensor.getRank() != 2 || tensor.getDimSize(0) != rows.getDimSize(0) ||
      tensor.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError()
           << what << " must be " << rows.getDimSize(0) << " x "
           << block.getDimSize(1) << " (rows x block width), but is " << tensor;
  return verifyBlockElements(op, block, tensor, what);
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getXOffsets().getType(),
                         cast<RankedTensorType>(getType()), "result");
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getXOffsets().getType(),
                         cast<RankedTensorType>(getSrc().getType()),
                         "stored value");
}

//===----------------------------------------------------------------------===//
// PrintOp / AssertOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError() << "isSigned needs one entry per printed value ("
                         << getArgs().size() << "), but has "
                         << getIsSigned().size();
  return success();
}

namespace {
/// An assert whose condition is constant true never fires.
struct EraseTrueAssert : public OpRewritePattern<AssertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssertOp op,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(op.getCondition(), m_One()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void AssertOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<EraseTrueAssert>(context);
}
