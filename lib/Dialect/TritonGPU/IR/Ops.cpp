//===- Ops.cpp - operations of the ttg dialect ------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Verifiers, folders and custom syntax of ttg ops.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/Triton/IR/CanonicalizePatterns.h"
#include "tt/Dialect/Triton/IR/TypeNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using mlir::triton::getShapeString;

//===----------------------------------------------------------------------===//
// custom<Offsets>: `[0, 32]` of ttg.memdesc_subslice
//===----------------------------------------------------------------------===//

static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        int32_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//


/// Checks that a tensor and a buffer hold the same elements.
static LogicalResult verifySameShapeAndElement(Operation *op,
                                               StringRef tensorName,
                                               RankedTensorType tensor,
                                               StringRef bufferName,
                                               MemDescType buffer) {
  if (tensor.getShape() != buffer.getShape())
    return op->emitOpError()
           << tensorName << " has shape " << getShapeString(tensor.getShape())
           << ", but " << bufferName << " has shape "
           << getShapeString(buffer.getShape());
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << tensorName << " has element type " << tensor.getElementType()
           << ", but " << bufferName << " has element type "
           << buffer.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(getType());
  if (srcType.getShape() != resultType.getShape())
    return emitOpError() << "changes the shape from "
                         << getShapeString(srcType.getShape()) << " to "
                         << getShapeString(resultType.getShape())
                         << "; only the layout may change";
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError() << "changes the element type from "
                         << srcType.getElementType() << " to "
                         << resultType.getElementType()
                         << "; only the layout may change";
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  // A conversion to the layout the value already has is the value.
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *context) {
  // convert_layout(convert_layout(x)) -> convert_layout(x): only the last
  // layout matters.
  patterns.add<triton::CollapseChain<ConvertLayoutOp>>(context);
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto dstType = getResult().getType();
  auto pointee = cast<RankedTensorType>(triton::getPointeeType(srcType));
  if (failed(verifySameShapeAndElement(*this, "the loaded tile", pointee,
                                       "the destination buffer", dstType)))
    return failure();
  if (!dstType.getMutableMemory())
    return emitOpError() << "writes into an immutable buffer; the destination "
                            "memdesc must be mutable";
  if (getContiguityAttr().getInt() < 1)
    return emitOpError() << "contiguity must be at least 1, got "
                         << getContiguityAttr().getInt();
  return success();
}

LogicalResult AsyncWaitOp::verify() {
  if (getNumAttr().getInt() < 0)
    return emitOpError() << "num must be non-negative, got "
                         << getNumAttr().getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// Shared-memory buffers
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!isa<SharedMemorySpaceAttr>(type.getMemorySpace()))
    return emitOpError() << "allocates in shared memory; the result's memory "
                            "space must be #ttg.shared_memory, got "
                         << type.getMemorySpace();
  if (type.getShape() != type.getAllocShape())
    return emitOpError() << "must return the whole buffer, but the result "
                            "has shape "
                         << getShapeString(type.getShape())
                         << " and allocation shape "
                         << getShapeString(type.getAllocShape());
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError() << "without an initializer must return a mutable "
                              "memdesc, or the buffer could never be written";
  } else if (failed(verifySameShapeAndElement(
                 *this, "the initializer",
                 cast<RankedTensorType>(getSrc().getType()), "the buffer",
                 type))) {
    return failure();
  }
  if (IntegerAttr alignment = getAlignmentAttr();
      alignment &&
      (alignment.getInt() <= 0 || !llvm::isPowerOf2_64(alignment.getInt())))
    return emitOpError() << "alignment must be a positive power of two, got "
                         << alignment.getInt();
  return success();
}

LogicalResult LocalLoadOp::verify() {
  return verifySameShapeAndElement(*this, "the result",
                                   cast<RankedTensorType>(getType()),
                                   "the source buffer", getSrc().getType());
}

LogicalResult LocalStoreOp::verify() {
  MemDescType dst = getDst().getType();
  if (!dst.getMutableMemory())
    return emitOpError() << "cannot store into an immutable buffer";
  return verifySameShapeAndElement(*this, "the stored tensor",
                                   cast<RankedTensorType>(getSrc().getType()),
                                   "the destination buffer", dst);
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// Checks what every view keeps from its source.
static LogicalResult verifyViewKeeps(Operation *op, MemDescType src,
                                     MemDescType result, bool sameEncoding,
                                     bool sameElement = true) {
  if (sameElement && src.getElementType() != result.getElementType())
    return op->emitOpError()
           << "changes the element type from " << src.getElementType() << " to "
           << result.getElementType();
  if (src.getMemorySpace() != result.getMemorySpace())
    return op->emitOpError()
           << "changes the memory space from " << src.getMemorySpace() << " to "
           << result.getMemorySpace();
  if (src.getMutableMemory() != result.getMutableMemory())
    return op->emitOpError() << "changes the mutability of the buffer";
  if (sameEncoding && src.getEncoding() != result.getEncoding())
    return op->emitOpError()
           << "changes the encoding from " << src.getEncoding() << " to "
           << result.getEncoding();
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (src.getRank() < 2)
    return emitOpError() << "needs a source of rank 2 or more to drop its "
                            "first dimension, got rank "
                         << src.getRank();
  ArrayRef<int64_t> expected = src.getShape().drop_front();
  if (result.getShape() != expected)
    return emitOpError() << "result shape " << getShapeString(result.getShape())
                         << " is not the source shape without its first "
                            "dimension ("
                         << getShapeString(expected) << ")";
  ArrayRef<int64_t> expectedAlloc = src.getAllocShape().drop_front();
  if (result.getAllocShape() != expectedAlloc)
    return emitOpError() << "result allocation shape "
                         << getShapeString(result.getAllocShape())
                         << " is not the source allocation shape without its "
                            "first dimension ("
                         << getShapeString(expectedAlloc) << ")";
  if (std::optional<int64_t> index = getConstantIntValue(getIndex());
      index && (*index < 0 || *index >= src.getShape()[0]))
    return emitOpError() << "index " << *index << " is out of range [0, "
                         << src.getShape()[0] << ")";
  return verifyViewKeeps(*this, src, result, /*sameEncoding=*/true);
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  ArrayRef<int32_t> offsets = getOffsets();
  if (result.getRank() != src.getRank())
    return emitOpError() << "result rank " << result.getRank()
                         << " differs from the source rank " << src.getRank();
  if (offsets.size() != static_cast<size_t>(src.getRank()))
    return emitOpError() << "has " << offsets.size() << " offsets for a rank-"
                         << src.getRank() << " source";
  for (auto [d, offset] : llvm::enumerate(offsets)) {
    int64_t size = result.getShape()[d], limit = src.getShape()[d];
    if (offset < 0 || offset + size > limit)
      return emitOpError() << "slice [" << offset << ", " << offset + size
                           << ") of dimension " << d << " is out of range [0, "
                           << limit << ")";
    if (offset % size != 0)
      return emitOpError() << "offset " << offset << " of dimension " << d
                           << " is not a multiple of the slice size " << size;
  }
  if (result.getAllocShape() != src.getAllocShape())
    return emitOpError() << "result allocation shape "
                         << getShapeString(result.getAllocShape())
                         << " differs from the source allocation shape "
                         << getShapeString(src.getAllocShape());
  return verifyViewKeeps(*this, src, result, /*sameEncoding=*/true);
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  ArrayRef<int32_t> order = getOrder();
  if (order.size() != static_cast<size_t>(src.getRank()))
    return emitOpError() << "order has " << order.size()
                         << " entries for a rank-" << src.getRank()
                         << " source";
  SmallVector<unsigned> unsignedOrder(order.begin(), order.end());
  if (llvm::any_of(order, [](int32_t d) { return d < 0; }) ||
      !isPermutationOfIota(unsignedOrder))
    return emitOpError() << "order is not a permutation of the source "
                            "dimensions";
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(src.getShape()[d]);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << getShapeString(result.getShape())
                         << " is not the permuted source shape "
                         << getShapeString(expected);
  return verifyViewKeeps(*this, src, result, /*sameEncoding=*/false);
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (src.getNumElements() != result.getNumElements())
    return emitOpError() << "reshapes " << getShapeString(src.getShape())
                         << " (" << src.getNumElements() << " elements) to "
                         << getShapeString(result.getShape()) << " ("
                         << result.getNumElements() << " elements)";
  return verifyViewKeeps(*this, src, result, /*sameEncoding=*/false);
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (src.getMemorySpace() != result.getMemorySpace())
    return emitOpError() << "changes the memory space from "
                         << src.getMemorySpace() << " to "
                         << result.getMemorySpace();
  return success();
}

//===----------------------------------------------------------------------===//
// BarrierOp: `ttg.barrier local|global_read`
//===----------------------------------------------------------------------===//

static constexpr std::pair<StringLiteral, int32_t> kAddrSpaces[] = {
    {"local", BarrierOp::kLocal},
    {"global_read", BarrierOp::kGlobalRead},
    {"global_write", BarrierOp::kGlobalWrite},
    {"tensor_read", BarrierOp::kTensorRead},
    {"tensor_write", BarrierOp::kTensorWrite}};

ParseResult BarrierOp::parse(OpAsmParser &parser, OperationState &result) {
  int32_t mask = 0;
  bool sawNone = false, sawOther = false;
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "none") {
      sawNone = true;
    } else if (keyword == "all") {
      sawOther = true;
      mask |= kAll;
    } else {
      auto it = llvm::find_if(
          kAddrSpaces, [&](const auto &p) { return p.first == keyword; });
      if (it == std::end(kAddrSpaces))
        return parser.emitError(loc)
               << "unknown address space '" << keyword
               << "'; expected none, local, global_read, global_write, "
                  "tensor_read, tensor_write or all";
      sawOther = true;
      mask |= it->second;
    }
    if (sawNone && sawOther)
      return parser.emitError(loc) << "'none' cannot be combined with other "
                                      "address spaces";
  } while (succeeded(parser.parseOptionalVerticalBar()));
  result.addAttribute(getAddrSpaceAttrName(result.name),
                      parser.getBuilder().getI32IntegerAttr(mask));
  return parser.parseOptionalAttrDict(result.attributes);
}

void BarrierOp::print(OpAsmPrinter &printer) {
  int32_t mask = getAddrSpaceAttr().getInt();
  printer << " ";
  if (mask == kNone) {
    printer << "none";
  } else if (mask == kAll) {
    printer << "all";
  } else {
    bool first = true;
    for (const auto &[name, bit] : kAddrSpaces)
      if (mask & bit) {
        printer << (first ? "" : "|") << name;
        first = false;
      }
  }
  printer.printOptionalAttrDict((*this)->getAttrs(), {getAddrSpaceAttrName()});
}

LogicalResult BarrierOp::verify() {
  if (getAddrSpaceAttr().getInt() < 0 || getAddrSpaceAttr().getInt() > kAll)
    return emitOpError() << "address-space mask " << getAddrSpaceAttr().getInt()
                         << " has bits outside local|global_read|"
                            "global_write|tensor_read|tensor_write";
  return success();
}

//===----------------------------------------------------------------------===//
// Miscellaneous
//===----------------------------------------------------------------------===//

LogicalResult GlobalScratchAllocOp::verify() {
  if (getNbytesAttr().getInt() < 0)
    return emitOpError() << "nbytes must be non-negative, got "
                         << getNbytesAttr().getInt();
  if (getAlignmentAttr().getInt() <= 0 ||
      !llvm::isPowerOf2_32(getAlignmentAttr().getInt()))
    return emitOpError() << "alignment must be a positive power of two, got "
                         << getAlignmentAttr().getInt();
  return success();
}

LogicalResult Fp4ToFpOp::verify() {
  auto srcType = getSrc().getType();
  auto resultType = getType();
  int32_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError() << "axis " << axis << " is out of range for a rank-"
                         << srcType.getRank() << " tensor";
  if (resultType.getRank() != srcType.getRank())
    return emitOpError() << "changes the rank from " << srcType.getRank()
                         << " to " << resultType.getRank();
  for (int64_t d = 0; d < srcType.getRank(); ++d) {
    int64_t expected = srcType.getShape()[d] * (d == axis ? 2 : 1);
    if (resultType.getShape()[d] != expected)
      return emitOpError() << "result dimension " << d << " must be "
                           << expected << " (two fp4 values per i8 along axis "
                           << axis << "), got " << resultType.getShape()[d];
  }
  return success();
}
