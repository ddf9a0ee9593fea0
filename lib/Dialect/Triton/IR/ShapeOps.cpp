//===- ShapeOps.cpp - tt ops that rearrange tensors -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Type inference, verifiers, folders and canonicalization patterns of
// tt.unsplat, tt.expand_dims, tt.reshape, tt.broadcast, tt.cat, tt.join,
// tt.split, tt.trans, tt.gather and tt.histogram.
//
//===----------------------------------------------------------------------===//

#include "InferShape.h"
#include "tt/Dialect/Triton/IR/CanonicalizePatterns.h"
#include "tt/Dialect/Triton/IR/TypeNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;

/// Prints a shape as "AxBxC" ("rank-0" for rank 0) for diagnostics.
static std::string shapeString(ArrayRef<int64_t> shape) {
  return shape.empty() ? "rank-0" : getShapeString(shape);
}

/// The operand's ranked tensor type, or an error at `loc`: type inference
/// runs while parsing, before the operand constraints are verified.
static FailureOr<RankedTensorType> tensorOperand(Value operand,
                                                 std::optional<Location> loc,
                                                 StringRef opName) {
  if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
    return type;
  return emitOptionalError(loc, "'", opName, "' op operand must be a ranked "
                           "tensor, but is ", operand.getType());
}

/// op(splat(x)) -> splat(x), for the ops that only move elements around
/// (tt.expand_dims, tt.reshape, tt.broadcast, tt.trans): a splat stays a
/// splat of the same value, in the op's result type.
template <typename OpT>
static LogicalResult splatOperand(OpT op, PatternRewriter &rewriter) {
  auto splat = op.getSrc().template getDefiningOp<SplatOp>();
  if (!splat)
    return failure();
  rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
  return success();
}

FailureOr<RankedTensorType>
mlir::triton::inferShapedResult(RankedTensorType srcType,
                                ArrayRef<int64_t> shape,
                                std::optional<Location> loc,
                                InferEncodingFn infer) {
  Attribute srcEncoding = srcType.getEncoding();
  Attribute encoding;
  if (failed(inferResultEncoding(
          srcEncoding, loc,
          [&](const DialectInferLayoutInterface &iface, Attribute &result) {
            return infer(iface, srcEncoding, result);
          },
          encoding)))
    return failure();
  return RankedTensorType::get(shape, srcType.getElementType(), encoding);
}

//===----------------------------------------------------------------------===//
// UnsplatOp
//===----------------------------------------------------------------------===//

LogicalResult UnsplatOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  FailureOr<RankedTensorType> srcType =
      tensorOperand(operands[0], loc, "tt.unsplat");
  if (failed(srcType))
    return failure();
  inferredReturnTypes.push_back(srcType->getElementType());
  return success();
}

LogicalResult UnsplatOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  if (type.getNumElements() != 1)
    return emitOpError() << "operand must have exactly one element, but "
                         << type << " has " << type.getNumElements();
  return success();
}

OpFoldResult UnsplatOp::fold(FoldAdaptor adaptor) {
  // unsplat(splat(x)) -> x
  if (auto splat = getSrc().getDefiningOp<SplatOp>())
    return splat.getSrc();
  // unsplat(dense<c>) -> c
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc()))
    return dense.getSplatValue<Attribute>();
  return {};
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  FailureOr<RankedTensorType> maybeSrc =
      tensorOperand(operands[0], loc, "tt.expand_dims");
  if (failed(maybeSrc))
    return failure();
  RankedTensorType srcType = *maybeSrc;
  int64_t axis = static_cast<int32_t>(adaptor.getAxis());
  if (axis < 0 || axis > srcType.getRank())
    return emitOptionalError(loc, "'tt.expand_dims' op axis ", axis,
                             " is out of range [0, ", srcType.getRank(),
                             "] for a rank-", srcType.getRank(), " operand");
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  FailureOr<RankedTensorType> type = inferShapedResult(
      srcType, shape, loc,
      [&](const DialectInferLayoutInterface &iface, Attribute srcEncoding,
          Attribute &result) {
        return iface.inferExpandDimsOpEncoding(srcEncoding, axis, result, loc);
      });
  if (failed(type))
    return failure();
  inferredReturnTypes.push_back(*type);
  return success();
}

bool ExpandDimsOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return areTypesEquivalent(lhs, rhs);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  // Inserting a unit dimension keeps the element order: reshape constants.
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc()))
    return dense.reshape(cast<ShapedType>(getType()));
  return {};
}

/// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)): moves the
/// broadcast later, where it may combine with other ops or disappear.
static LogicalResult expandDimsOfBroadcast(ExpandDimsOp op,
                                           PatternRewriter &rewriter) {
  auto bcast = op.getSrc().getDefiningOp<BroadcastOp>();
  if (!bcast)
    return failure();
  auto srcType = cast<RankedTensorType>(bcast.getSrc().getType());
  // Only in plain TTIR: with encodings the intermediate layout would need
  // inferring first.
  if (srcType.getEncoding())
    return failure();
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + op.getAxis(), 1);
  auto expandedType = RankedTensorType::get(shape, srcType.getElementType());
  auto expanded = ExpandDimsOp::create(rewriter, op.getLoc(), expandedType,
                                       bcast.getSrc(), op.getAxis());
  rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(),
                                           expanded.getResult());
  return success();
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                               MLIRContext *context) {
  patterns.add(splatOperand<ExpandDimsOp>);
  patterns.add(expandDimsOfBroadcast);
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

void ReshapeOp::build(OpBuilder &builder, OperationState &state,
                      ArrayRef<int64_t> shape, Value src, bool allowReorder) {
  auto srcType = cast<RankedTensorType>(src.getType());
  auto type = RankedTensorType::get(shape, srcType.getElementType());
  build(builder, state, type, src, allowReorder, /*efficient_layout=*/false);
}

LogicalResult ReshapeOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto dstType = cast<RankedTensorType>(getType());
  if (srcType.getNumElements() != dstType.getNumElements())
    return emitOpError() << "cannot reshape " << srcType << " ("
                         << srcType.getNumElements() << " elements) to "
                         << dstType << " (" << dstType.getNumElements()
                         << " elements): the number of elements must agree";
  if (bool(srcType.getEncoding()) != bool(dstType.getEncoding()))
    return emitOpError()
           << "operand and result must both have an encoding or neither";
  // With layouts, a reshape that keeps the row-major order moves no data:
  // the result layout must leave every element in the thread that holds it,
  // so that moving data stays a visible ttg.convert_layout. allow_reorder
  // lets the result be placed freely.
  if (!srcType.getEncoding() || getAllowReorder())
    return success();
  Attribute inferred;
  if (failed(inferResultEncoding(
          srcType.getEncoding(), getLoc(),
          [&](const DialectInferLayoutInterface &iface, Attribute &result) {
            return iface.inferReshapeOpEncoding(
                srcType.getShape(), srcType.getEncoding(), dstType.getShape(),
                result, getLoc());
          },
          inferred)))
    return failure();
  if (!areLayoutsEquivalent(dstType.getShape(), inferred,
                            dstType.getEncoding()))
    return emitOpError() << "result layout " << dstType.getEncoding()
                         << " moves elements between threads; without "
                            "allow_reorder the result needs the operand's "
                            "layout reshaped, "
                         << inferred;
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc()))
    return dense.reshape(cast<ShapedType>(getType()));
  return {};
}

/// reshape(reshape(x)) -> reshape(x). The element order is free if either
/// reshape allowed reordering.
static LogicalResult reshapeOfReshape(ReshapeOp op, PatternRewriter &rewriter) {
  auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
  if (!inner)
    return failure();
  bool allowReorder = op.getAllowReorder() || inner.getAllowReorder();
  rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc(),
                                         allowReorder, op.getEfficientLayout());
  return success();
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add(splatOperand<ReshapeOp>);
  patterns.add(reshapeOfReshape);
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto dstType = cast<RankedTensorType>(getType());
  if (srcType.getRank() != dstType.getRank())
    return emitOpError() << "operand rank (" << srcType.getRank()
                         << ") must equal result rank (" << dstType.getRank()
                         << ")";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(srcType.getShape(), dstType.getShape()))) {
    auto [src, dst] = pair;
    if (src != dst && src != 1)
      return emitOpError() << "dimension " << i << " has size " << src
                           << " in the operand and " << dst
                           << " in the result; only size-1 dimensions can "
                              "be broadcast";
  }
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getSrc()))
    return SplatElementsAttr::get(cast<ShapedType>(getType()),
                                  splat.getSplatValue<Attribute>());
  return {};
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  // broadcast(broadcast(x)) -> broadcast(x)
  patterns.add(splatOperand<BroadcastOp>);
  patterns.add<CollapseChain<BroadcastOp>>(context);
}

//===----------------------------------------------------------------------===//
// CatOp
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  auto srcType = cast<RankedTensorType>(getLhs().getType());
  auto dstType = cast<RankedTensorType>(getType());
  if (srcType.getRank() == 0)
    return emitOpError("operands must have rank 1 or more");
  if (srcType.getRank() != dstType.getRank())
    return emitOpError() << "result rank (" << dstType.getRank()
                         << ") must equal operand rank (" << srcType.getRank()
                         << ")";
  if (dstType.getNumElements() != 2 * srcType.getNumElements())
    return emitOpError() << "result has " << dstType.getNumElements()
                         << " elements, but the operands have "
                         << srcType.getNumElements() << " each (expected "
                         << 2 * srcType.getNumElements() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// JoinOp / SplitOp
//===----------------------------------------------------------------------===//

/// The type of tt.join's result for operands of type `srcType`.
static FailureOr<RankedTensorType> inferJoinType(RankedTensorType srcType,
                                                 std::optional<Location> loc) {
  SmallVector<int64_t> shape(srcType.getShape());
  shape.push_back(2);
  return inferShapedResult(
      srcType, shape, loc,
      [&](const DialectInferLayoutInterface &iface, Attribute srcEncoding,
          Attribute &result) {
        return iface.inferJoinOpEncoding(srcEncoding, srcType.getShape(),
                                         result, loc);
      });
}

void JoinOp::build(OpBuilder &builder, OperationState &state, Value lhs,
                   Value rhs) {
  auto srcType = cast<RankedTensorType>(lhs.getType());
  FailureOr<RankedTensorType> type = inferJoinType(srcType, state.location);
  build(builder, state, succeeded(type) ? *type : srcType, lhs, rhs);
}

LogicalResult JoinOp::verify() {
  auto srcType = cast<RankedTensorType>(getLhs().getType());
  auto dstType = cast<RankedTensorType>(getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.push_back(2);
  if (dstType.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError() << "result shape must be " << shapeString(shape)
                         << " (the operand shape with a new minor dimension "
                            "of 2), but got "
                         << shapeString(dstType.getShape());
  if (dstType.getElementType() != srcType.getElementType())
    return emitOpError("result element type must be the operands'");
  if (srcType.getEncoding() && !dstType.getEncoding())
    return emitOpError("operands have an encoding, so the result needs one");
  FailureOr<RankedTensorType> inferred = inferJoinType(srcType, getLoc());
  if (failed(inferred))
    return failure();
  if (!areLayoutsEquivalent(shape, inferred->getEncoding(),
                            dstType.getEncoding()))
    return emitOpError() << "result encoding " << dstType.getEncoding()
                         << " is not the join of the operands' layout ("
                         << inferred->getEncoding() << ")";
  return success();
}

LogicalResult SplitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  FailureOr<RankedTensorType> maybeSrc =
      tensorOperand(operands[0], loc, "tt.split");
  if (failed(maybeSrc))
    return failure();
  RankedTensorType srcType = *maybeSrc;
  ArrayRef<int64_t> shape = srcType.getShape();
  if (shape.empty() || shape.back() != 2)
    return emitOptionalError(loc, "'tt.split' op the last dimension of the "
                                  "operand must have size 2, but the "
                                  "operand is ",
                             srcType);
  FailureOr<RankedTensorType> half = inferShapedResult(
      srcType, shape.drop_back(), loc,
      [&](const DialectInferLayoutInterface &iface, Attribute srcEncoding,
          Attribute &result) {
        return iface.inferSplitOpEncoding(srcEncoding, shape, result, loc);
      });
  if (failed(half))
    return failure();
  inferredReturnTypes.assign({*half, *half});
  return success();
}

bool SplitOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return areTypesEquivalent(lhs, rhs);
}

LogicalResult SplitOp::fold(FoldAdaptor,
                            SmallVectorImpl<OpFoldResult> &results) {
  // split(join(a, b)) -> a, b
  auto join = getSrc().getDefiningOp<JoinOp>();
  if (!join || join.getLhs().getType() != getOutLHS().getType())
    return failure();
  results.push_back(join.getLhs());
  results.push_back(join.getRhs());
  return success();
}

//===----------------------------------------------------------------------===//
// TransOp
//===----------------------------------------------------------------------===//

/// Checks that `order` is a permutation of [0, rank).
static LogicalResult verifyPermutation(std::optional<Location> loc,
                                       StringRef opName,
                                       ArrayRef<int32_t> order, int64_t rank) {
  if (static_cast<int64_t>(order.size()) != rank)
    return emitOptionalError(loc, "'", opName, "' op order has ", order.size(),
                             " entries, but the operand has rank ", rank);
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return emitOptionalError(loc, "'", opName, "' op order [",
                               llvm::make_range(order.begin(), order.end()),
                               "] must be a permutation of 0..", rank - 1);
    seen[d] = true;
  }
  return success();
}

LogicalResult TransOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  FailureOr<RankedTensorType> maybeSrc =
      tensorOperand(operands[0], loc, "tt.trans");
  if (failed(maybeSrc))
    return failure();
  RankedTensorType srcType = *maybeSrc;
  ArrayRef<int32_t> order = adaptor.getOrder();
  if (failed(verifyPermutation(loc, "tt.trans", order, srcType.getRank())))
    return failure();
  SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(srcType.getDimSize(d));
  FailureOr<RankedTensorType> type = inferShapedResult(
      srcType, shape, loc,
      [&](const DialectInferLayoutInterface &iface, Attribute srcEncoding,
          Attribute &result) {
        return iface.inferTransOpEncoding(srcEncoding, srcType.getShape(),
                                          order, result, loc);
      });
  if (failed(type))
    return failure();
  inferredReturnTypes.push_back(*type);
  return success();
}

bool TransOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return areTypesEquivalent(lhs, rhs);
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  // trans(x, identity) -> x
  bool identity = true;
  for (auto [i, d] : llvm::enumerate(order))
    identity &= static_cast<int64_t>(i) == d;
  if (identity && getSrc().getType() == getType())
    return getSrc();
  // trans(trans(x, inner), outer) -> trans(x, inner o outer)
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    SmallVector<int32_t> composed;
    for (int32_t d : order)
      composed.push_back(innerOrder[d]);
    setOrder(composed);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  // A transposed splat constant is a splat constant.
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getSrc()))
    return SplatElementsAttr::get(cast<ShapedType>(getType()),
                                  splat.getSplatValue<Attribute>());
  return {};
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add(splatOperand<TransOp>);
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  FailureOr<RankedTensorType> srcType =
      tensorOperand(operands[0], loc, "tt.gather");
  if (failed(srcType))
    return failure();
  FailureOr<RankedTensorType> indicesType =
      tensorOperand(operands[1], loc, "tt.gather");
  if (failed(indicesType))
    return failure();
  inferredReturnTypes.push_back(RankedTensorType::get(
      indicesType->getShape(), srcType->getElementType(),
      indicesType->getEncoding()));
  return success();
}

bool GatherOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return areTypesEquivalent(lhs, rhs);
}

LogicalResult GatherOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto indicesType = cast<RankedTensorType>(getIndices().getType());
  int64_t rank = srcType.getRank();
  if (indicesType.getRank() != rank)
    return emitOpError() << "operand and indices must have the same rank, "
                            "but have ranks "
                         << rank << " and " << indicesType.getRank();
  int64_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis << " is out of range [0, " << rank
                         << ")";
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && indicesType.getDimSize(d) != srcType.getDimSize(d))
      return emitOpError() << "indices dimension " << d << " has size "
                           << indicesType.getDimSize(d)
                           << ", but the operand's has "
                           << srcType.getDimSize(d)
                           << " (only the gather axis may differ)";
  return success();
}

//===----------------------------------------------------------------------===//
// HistogramOp
//===----------------------------------------------------------------------===//

LogicalResult HistogramOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto dstType = cast<RankedTensorType>(getType());
  if (srcType.getRank() != 1)
    return emitOpError() << "operand must be 1-D, but is " << srcType;
  if (dstType.getRank() != 1)
    return emitOpError() << "result (one count per bin) must be 1-D, but is "
                         << dstType;
  return success();
}
