//===- Ops.cpp - operations of the ttng dialect -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Verifiers and type inference of ttng ops.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Dialect/Triton/IR/TypeNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

#define GET_OP_CLASSES
#include "tt/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//


/// An mbarrier is one i64 per CTA in mutable shared memory.
static LogicalResult verifyBarrier(Operation *op, MemDescType type,
                                   StringRef what = "the mbarrier") {
  if (!type.getElementType().isInteger(64) || type.getRank() != 1)
    return op->emitOpError() << what << " must be a 1-D buffer of i64 (such as "
                             << "!ttg.memdesc<1xi64, ...>), got " << type;
  int64_t n = type.getShape()[0];
  std::optional<int> numCTAs = maybeLookupNumCTAs(op);
  if (n != 1 && (!numCTAs || n != *numCTAs))
    return op->emitOpError()
           << what << " must hold one i64 per CTA, i.e. 1"
           << (numCTAs && *numCTAs != 1 ? " or " + std::to_string(*numCTAs)
                                        : std::string())
           << " elements, got " << n;
  if (!type.getMutableMemory())
    return op->emitOpError() << what << " must be mutable";
  return success();
}

/// Checks that a TMA transfer moves the descriptor's element type.
static LogicalResult verifyTMAElementType(Operation *op,
                                          RankedTensorType block,
                                          MemDescType buffer,
                                          StringRef bufferName) {
  if (!triton::isSameElementTypeIgnoringSignedness(block.getElementType(),
                                                   buffer.getElementType()))
    return op->emitOpError()
           << "descriptor element type " << block.getElementType()
           << " differs from the " << bufferName << " element type "
           << buffer.getElementType();
  return success();
}

/// Checks the coordinates and the element type of a TMA block transfer.
static LogicalResult verifyTMABlock(Operation *op, TensorDescType desc,
                                    size_t numCoords, MemDescType buffer,
                                    StringRef bufferName) {
  RankedTensorType block = desc.getBlockType();
  if (numCoords != static_cast<size_t>(block.getRank()))
    return op->emitOpError()
           << "has " << numCoords << " coordinates for a rank-"
           << block.getRank() << " tensor descriptor";
  if (failed(verifyTMAElementType(op, block, buffer, bufferName)))
    return failure();
  if (block.getNumElements() != buffer.getNumElements())
    return op->emitOpError()
           << "descriptor block " << getShapeString(block.getShape())
           << " and " << bufferName << " " << getShapeString(buffer.getShape())
           << " hold different numbers of elements";
  return success();
}

//===----------------------------------------------------------------------===//
// WarpGroupDotOp
//===----------------------------------------------------------------------===//

static bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType, Float8E4M3B11FNUZType>(type);
}

LogicalResult WarpGroupDotOp::verify() {
  auto dType = cast<RankedTensorType>(getD().getType());
  auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(dType.getEncoding());
  if (!mma || !mma.isHopper())
    return emitOpError() << "result must have a version 3 (Hopper) "
                            "#ttg.nvidia_mma layout, got "
                         << dType;
  Type aType = getA().getType();
  auto bType = getB().getType();
  ArrayRef<int64_t> aShape;
  Type aElement;
  if (auto aTensor = dyn_cast<RankedTensorType>(aType)) {
    auto dotOp =
        dyn_cast_or_null<DotOperandEncodingAttr>(aTensor.getEncoding());
    if (!dotOp || dotOp.getOpIdx() != 0 || dotOp.getParent() != mma)
      return emitOpError() << "operand A in registers must have the layout "
                              "#ttg.dot_op<{opIdx = 0, parent = <the result "
                              "layout>, ...}>, got "
                           << aTensor;
    aShape = aTensor.getShape();
    aElement = aTensor.getElementType();
  } else {
    auto aDesc = cast<MemDescType>(aType);
    aShape = aDesc.getShape();
    aElement = aDesc.getElementType();
  }
  ArrayRef<int64_t> bShape = bType.getShape(), dShape = dType.getShape();
  if (aShape.size() != 2 || bShape.size() != 2 || dShape.size() != 2)
    return emitOpError() << "operands and result must be 2-D";
  if (aShape[1] != bShape[0])
    return emitOpError() << "contracts A (" << getShapeString(aShape)
                         << ") with B (" << getShapeString(bShape)
                         << "), whose K sizes differ";
  if (dShape[0] != aShape[0] || dShape[1] != bShape[1])
    return emitOpError() << "result shape " << getShapeString(dShape)
                         << " is not " << aShape[0] << "x" << bShape[1]
                         << " (rows of A by columns of B)";
  if (aElement != bType.getElementType() &&
      !(isFp8(aElement) && isFp8(bType.getElementType())))
    return emitOpError() << "multiplies " << aElement << " by "
                         << bType.getElementType()
                         << "; the operand element types must match (or both "
                            "be fp8)";
  if (getMaxNumImpreciseAccAttr().getInt() < 0)
    return emitOpError() << "maxNumImpreciseAcc must be non-negative";
  return success();
}

//===----------------------------------------------------------------------===//
// WarpGroupDotWaitOp
//===----------------------------------------------------------------------===//

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  // The wait returns its operands unchanged.
  for (Value operand : operands)
    inferredReturnTypes.push_back(operand.getType());
  return success();
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError() << "pendings must be non-negative, got "
                         << getPendingsAttr().getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

/// verifyBarrier, then that the op's count (of arrivals, of bytes) is at
/// least `min`; `message` precedes the count in the error.
static LogicalResult verifyBarrierAndCount(Operation *op, MemDescType barrier,
                                           int64_t count, int64_t min,
                                           StringRef message) {
  if (failed(verifyBarrier(op, barrier)))
    return failure();
  if (count < min)
    return op->emitOpError() << message << count;
  return success();
}

LogicalResult InitBarrierOp::verify() {
  return verifyBarrierAndCount(*this, getAlloc().getType(),
                               getCountAttr().getInt(), 1,
                               "an mbarrier must expect at least one arrival, "
                               "got count = ");
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult BarrierExpectOp::verify() {
  return verifyBarrierAndCount(
      *this, getAlloc().getType(), getSizeAttr().getInt(), 0,
      "expected byte count must be non-negative, got ");
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult ArriveBarrierOp::verify() {
  return verifyBarrierAndCount(*this, getAlloc().getType(),
                               getCountAttr().getInt(), 1,
                               "arrival count must be at least 1, got ");
}

LogicalResult AsyncCopyMbarrierArriveOp::verify() {
  return verifyBarrier(*this, getBarrier().getType());
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  MemDescType result = getResult().getType();
  if (!result.getMutableMemory())
    return emitOpError() << "writes into an immutable buffer; the destination "
                            "memdesc must be mutable";
  return verifyTMABlock(*this, getDesc().getType(), getCoord().size(), result,
                        "destination buffer");
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMABlock(*this, getDesc().getType(), getCoord().size(),
                        getSrc().getType(), "source buffer");
}

LogicalResult AsyncTMAReduceOp::verify() {
  return verifyTMABlock(*this, getDesc().getType(), getCoord().size(),
                        getSrc().getType(), "source buffer");
}

/// Shared checks of the gather and scatter row transfers.
static LogicalResult verifyTMARows(Operation *op, TensorDescType desc,
                                   RankedTensorType xOffsets,
                                   MemDescType buffer, StringRef bufferName) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2)
    return op->emitOpError()
           << "needs a 2-D tensor descriptor, got rank " << block.getRank();
  if (xOffsets.getRank() != 1)
    return op->emitOpError() << "x_offsets must be a 1-D tensor of row "
                                "indices, got rank "
                             << xOffsets.getRank();
  if (buffer.getRank() != 2 || buffer.getShape()[0] != xOffsets.getShape()[0])
    return op->emitOpError()
           << "the " << bufferName << " must have one row per x offset ("
           << xOffsets.getShape()[0] << "), got "
           << getShapeString(buffer.getShape());
  return verifyTMAElementType(op, block, buffer, bufferName);
}

LogicalResult AsyncTMAGatherOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (!getResult().getType().getMutableMemory())
    return emitOpError() << "writes into an immutable buffer; the destination "
                            "memdesc must be mutable";
  return verifyTMARows(*this, getDesc().getType(), getXOffsets().getType(),
                       getResult().getType(), "destination buffer");
}

LogicalResult AsyncTMAScatterOp::verify() {
  return verifyTMARows(*this, getDesc().getType(), getXOffsets().getType(),
                       getSrc().getType(), "source buffer");
}

LogicalResult TMAStoreWaitOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError() << "pendings must be non-negative, got "
                         << getPendingsAttr().getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// TensormapCreateOp
//===----------------------------------------------------------------------===//

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (rank < 1 || rank > 5)
    return emitOpError() << "TMA descriptors have 1 to 5 dimensions, got "
                         << rank << " box dimensions";
  if (getGlobalDim().size() != rank)
    return emitOpError() << "has " << getGlobalDim().size()
                         << " global dimensions for " << rank
                         << " box dimensions";
  if (getElementStride().size() != rank)
    return emitOpError() << "has " << getElementStride().size()
                         << " element strides for " << rank
                         << " box dimensions";
  if (getGlobalStride().size() != rank - 1)
    return emitOpError() << "has " << getGlobalStride().size()
                         << " global strides, but a rank-" << rank
                         << " descriptor takes " << rank - 1
                         << " (the innermost stride is the element size)";
  return success();
}
