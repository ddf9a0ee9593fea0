//===- ComputeOps.cpp - tt dot, reductions and mapped regions ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Verifiers, type inference and builders of tt.dot, tt.dot_scaled,
// tt.reduce, tt.scan, tt.map_elementwise, tt.extern_elementwise and
// tt.elementwise_inline_asm.
//
//===----------------------------------------------------------------------===//

#include "InferShape.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::triton;

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange,
                                      SmallVectorImpl<Type> &inferredReturnTypes) {
  // The result is the accumulator.
  inferredReturnTypes.push_back(operands[2].getType());
  return success();
}

LogicalResult DotOp::verify() {
  auto aType = cast<RankedTensorType>(getA().getType());
  auto bType = cast<RankedTensorType>(getB().getType());
  auto cType = cast<RankedTensorType>(getC().getType());
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "operands must be 2-D (M x K, K x N) or 3-D with "
                            "a leading batch dimension, but a has rank "
                         << rank;
  if (bType.getRank() != rank || cType.getRank() != rank)
    return emitOpError() << "a, b and c must have the same rank, but have "
                         << rank << ", " << bType.getRank() << " and "
                         << cType.getRank();
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape(),
                    c = cType.getShape();
  if (rank == 3 && (a[0] != b[0] || a[0] != c[0]))
    return emitOpError() << "batch dimensions differ: " << a[0] << ", " << b[0]
                         << " and " << c[0];
  int64_t m = a[rank - 2], k = a[rank - 1], kb = b[rank - 2], n = b[rank - 1];
  if (k != kb)
    return emitOpError() << "a is M x K = " << m << " x " << k
                         << " but b is K x N = " << kb << " x " << n
                         << ": the K dimensions must agree";
  if (c[rank - 2] != m || c[rank - 1] != n)
    return emitOpError() << "accumulator is " << c[rank - 2] << " x "
                         << c[rank - 1] << ", but a * b is " << m << " x " << n;
  Type aElt = aType.getElementType(), bElt = bType.getElementType();
  Type cElt = cType.getElementType();
  if (aElt.getIntOrFloatBitWidth() != bElt.getIntOrFloatBitWidth() ||
      aElt.isInteger() != bElt.isInteger())
    return emitOpError() << "a and b elements (" << aElt << ", " << bElt
                         << ") must be of the same kind and width";
  if (aElt.isInteger() != cElt.isInteger())
    return emitOpError() << "integer inputs need an integer accumulator and "
                            "float inputs a float one (got "
                         << aElt << " inputs, " << cElt << " accumulator)";
  Attribute aEnc = aType.getEncoding(), bEnc = bType.getEncoding(),
            cEnc = cType.getEncoding();
  if (bool(aEnc) != bool(bEnc) || bool(aEnc) != bool(cEnc))
    return emitOpError("a, b and c must all have encodings or none");
  if (const auto *iface = getLayoutInterface(cEnc))
    return iface->verifyDotOpEncodings(aEnc, bEnc, cEnc, getLoc());
  return success();
}

//===----------------------------------------------------------------------===//
// DotScaledOp
//===----------------------------------------------------------------------===//

/// The storage element type a dot_scaled operand of `format` must have
/// (i8 for the sub-byte formats, which are packed or padded into bytes).
static Type storageTypeOf(ScaleDotElemType format, MLIRContext *ctx) {
  Builder b(ctx);
  switch (format) {
  case ScaleDotElemType::E4M3:
    return b.getType<Float8E4M3FNType>();
  case ScaleDotElemType::E5M2:
    return b.getType<Float8E5M2Type>();
  case ScaleDotElemType::BF16:
    return b.getBF16Type();
  case ScaleDotElemType::FP16:
    return b.getF16Type();
  case ScaleDotElemType::E2M1:
  case ScaleDotElemType::E2M3:
  case ScaleDotElemType::E3M2:
    return b.getI8Type();
  }
  return Type();
}

namespace {
/// The logical M/N and K extents of one dot_scaled operand.
struct ScaledOperandDims {
  int64_t outer; // M for a, N for b
  int64_t k;
};
} // namespace

static ScaledOperandDims scaledDims(RankedTensorType type,
                                    ScaleDotElemType format, bool kPack,
                                    bool isLhs) {
  int64_t rank = type.getRank();
  // a is [.., M, K], b is [.., K, N].
  int64_t outer = isLhs ? type.getDimSize(rank - 2) : type.getDimSize(rank - 1);
  int64_t k = isLhs ? type.getDimSize(rank - 1) : type.getDimSize(rank - 2);
  if (format == ScaleDotElemType::E2M1) {
    // Two fp4 values per byte, along K or along M/N.
    if (kPack)
      k *= 2;
    else
      outer *= 2;
  }
  return {outer, k};
}

/// Checks one operand's scale tensor: [.., outer, k / group] with a group
/// of 16 or 32 elements.
static LogicalResult verifyScale(Operation *op, StringRef name, Value scale,
                                 ScaledOperandDims dims) {
  if (!scale)
    return success();
  auto type = cast<RankedTensorType>(scale.getType());
  int64_t rank = type.getRank();
  if (rank < 2)
    return op->emitOpError() << name << " must be at least 2-D";
  int64_t outer = type.getDimSize(rank - 2), groups = type.getDimSize(rank - 1);
  if (outer != dims.outer)
    return op->emitOpError() << name << " has " << outer
                             << " rows, but the operand has " << dims.outer;
  if (groups <= 0 || dims.k % groups != 0 ||
      (dims.k / groups != 16 && dims.k / groups != 32))
    return op->emitOpError()
           << name << " has " << groups << " scales per row for K = " << dims.k
           << "; each scale must cover 16 or 32 elements";
  return success();
}

LogicalResult DotScaledOp::verify() {
  auto aType = getA().getType(), bType = getB().getType();
  auto cType = getC().getType();
  int64_t rank = aType.getRank();
  if (rank < 2 || rank > 3 || bType.getRank() != rank ||
      cType.getRank() != rank)
    return emitOpError("a, b and c must all be 2-D, or all 3-D (batched)");
  for (auto [name, value, format] :
       {std::tuple<StringRef, Value, ScaleDotElemType>{"a", getA(),
                                                       getAElemType()},
        {"b", getB(), getBElemType()}}) {
    Type want = storageTypeOf(format, getContext());
    Type have = cast<RankedTensorType>(value.getType()).getElementType();
    if (have != want)
      return emitOpError() << "operand " << name << " holds "
                           << stringifyScaleDotElemType(format)
                           << " values, so its elements must be " << want
                           << ", not " << have;
  }
  ScaledOperandDims a = scaledDims(aType, getAElemType(), getLhsKPack(), true);
  ScaledOperandDims b = scaledDims(bType, getBElemType(), getRhsKPack(), false);
  if (a.k != b.k)
    return emitOpError() << "K of a (" << a.k << ") and of b (" << b.k
                         << ") differ";
  if (cType.getDimSize(rank - 2) != a.outer ||
      cType.getDimSize(rank - 1) != b.outer)
    return emitOpError() << "accumulator is " << cType.getDimSize(rank - 2)
                         << " x " << cType.getDimSize(rank - 1)
                         << ", but a * b is " << a.outer << " x " << b.outer;
  if (failed(verifyScale(*this, "a_scale", getAScale(), a)) ||
      failed(verifyScale(*this, "b_scale", getBScale(), b)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

/// Checks a combining region: one block taking the accumulated then the new
/// value of each of the `elementTypes`, ended by `TerminatorOp` yielding
/// one value of each.
template <typename TerminatorOp>
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ArrayRef<Type> elementTypes) {
  Block &block = region.front();
  unsigned n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << "combining region must take " << 2 * n
                             << " arguments (two per operand), but takes "
                             << block.getNumArguments();
  for (unsigned i = 0; i < 2 * n; ++i) {
    Type want = elementTypes[i % n];
    Type have = block.getArgument(i).getType();
    if (have != want)
      return op->emitOpError()
             << "combining region argument #" << i << " has type " << have
             << ", but operand #" << i % n << " has elements of type " << want;
  }
  auto terminator = dyn_cast<TerminatorOp>(block.getTerminator());
  if (!terminator)
    return op->emitOpError() << "combining region must end with "
                             << TerminatorOp::getOperationName();
  if (terminator->getNumOperands() != n)
    return terminator->emitOpError()
           << "yields " << terminator->getNumOperands() << " values, but the "
           << op->getName() << " has " << n << " operands";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(terminator->getOperandTypes(), elementTypes))) {
    auto [have, want] = pair;
    if (have != want)
      return terminator->emitOpError()
             << "value #" << i << " has type " << have << ", but operand #"
             << i << " has elements of type " << want;
  }
  return success();
}

static SmallVector<RankedTensorType> tensorTypesOf(ValueRange values) {
  SmallVector<RankedTensorType> types;
  for (Value v : values)
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

static SmallVector<Type> elementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(cast<RankedTensorType>(v.getType()).getElementType());
  return types;
}

/// Result types of reducing `operands` along `axis`.
static LogicalResult inferReduceTypes(ValueRange operands, int64_t axis,
                                      std::optional<Location> loc,
                                      SmallVectorImpl<Type> &results) {
  for (Value operand : operands) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      return emitOptionalError(loc, "'tt.reduce' op operands must be ranked "
                               "tensors, but one is ", operand.getType());
    int64_t rank = type.getRank();
    if (axis < 0 || axis >= rank)
      return emitOptionalError(loc, "'tt.reduce' op axis ", axis,
                               " is out of range [0, ", rank, ") for operand ",
                               type);
    if (rank == 1) {
      results.push_back(type.getElementType());
      continue;
    }
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + axis);
    FailureOr<RankedTensorType> result = inferShapedResult(
        type, shape, loc,
        [&](const DialectInferLayoutInterface &iface, Attribute srcEncoding,
            Attribute &encoding) {
          return iface.inferReduceOpEncoding(srcEncoding, axis, encoding, loc);
        });
    if (failed(result))
      return failure();
    results.push_back(*result);
  }
  return success();
}

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange srcs, int axis) {
  SmallVector<Type> types;
  (void)inferReduceTypes(srcs, axis, state.location, types);
  build(builder, state, types, srcs, axis);
}

LogicalResult ReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  return inferReduceTypes(operands, static_cast<int32_t>(adaptor.getAxis()),
                          loc, inferredReturnTypes);
}

bool ReduceOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return areTypesEquivalent(lhs, rhs);
}

LogicalResult ReduceOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getCombineOp(),
                                             getElementTypes());
}

SmallVector<RankedTensorType> ReduceOp::getInputTypes() {
  return tensorTypesOf(getSrcs());
}

SmallVector<Type> ReduceOp::getElementTypes() {
  return elementTypesOf(getSrcs());
}

Operation *ReduceOp::getSingleCombiner() {
  if (getNumOperands() != 1 || getNumResults() != 1)
    return nullptr;
  Block &block = getCombineOp().front();
  auto ret = dyn_cast<ReduceReturnOp>(block.getTerminator());
  if (!ret || ret->getNumOperands() != 1)
    return nullptr;
  // Exactly one op before the terminator, combining the two arguments.
  if (!llvm::hasSingleElement(block.without_terminator()))
    return nullptr;
  Operation *combiner = &block.front();
  if (ret->getOperand(0).getDefiningOp() != combiner ||
      combiner->getNumOperands() != 2)
    return nullptr;
  for (Value operand : combiner->getOperands())
    if (operand != block.getArgument(0) && operand != block.getArgument(1))
      return nullptr;
  return combiner;
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, srcs.getTypes(), srcs, axis, reverse);
}

LogicalResult ScanOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  llvm::append_range(inferredReturnTypes, operands.getTypes());
  return success();
}

LogicalResult ScanOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  int64_t rank = getInputTypes().front().getRank();
  int64_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis << " is out of range [0, " << rank
                         << ")";
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getCombineOp(),
                                           getElementTypes());
}

SmallVector<RankedTensorType> ScanOp::getInputTypes() {
  return tensorTypesOf(getSrcs());
}

SmallVector<Type> ScanOp::getElementTypes() {
  return elementTypesOf(getSrcs());
}

//===----------------------------------------------------------------------===//
// MapElementwiseOp
//===----------------------------------------------------------------------===//

LogicalResult MapElementwiseOp::verify() {
  int64_t pack = static_cast<int32_t>(getPack());
  if (pack < 1)
    return emitOpError() << "pack must be at least 1, but is " << pack;
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  int64_t numElements =
      cast<RankedTensorType>(getSrcs().front().getType()).getNumElements();
  if (numElements % pack != 0)
    return emitOpError() << "pack (" << pack
                         << ") must divide the number of elements ("
                         << numElements << ")";
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Region &region = getScalarOp();
  if (region.empty())
    return emitOpError("region must not be empty");
  int64_t pack = static_cast<int32_t>(getPack());
  SmallVector<Type> argTypes, retTypes;
  for (Type t : elementTypesOf(getSrcs()))
    argTypes.append(pack, t);
  for (Type t : elementTypesOf(getResult()))
    retTypes.append(pack, t);
  Block &entry = region.front();
  if (entry.getNumArguments() != argTypes.size())
    return emitOpError() << "region must take " << argTypes.size()
                         << " scalars (pack = " << pack << " per operand), "
                         << "but takes " << entry.getNumArguments();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(entry.getArgumentTypes(), argTypes))) {
    auto [have, want] = pair;
    if (have != want)
      return emitOpError() << "region argument #" << i << " has type " << have
                           << ", but the operand has elements of type "
                           << want;
  }
  for (Block &block : region) {
    auto ret = dyn_cast<MapElementwiseReturnOp>(block.getTerminator());
    if (!ret)
      continue;
    if (ret->getOperandTypes() != TypeRange(retTypes))
      return ret.emitOpError()
             << "must yield " << retTypes.size() << " scalars ("
             << "pack = " << pack << " per result) of types "
             << TypeRange(retTypes) << ", but yields "
             << ret->getOperandTypes();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ExternElementwiseOp / ElementwiseInlineAsmOp
//===----------------------------------------------------------------------===//

/// Effects of an opaque elementwise op: none when pure, else it may read
/// and write any global memory.
static void getOpaqueEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getOpaqueEffects(getPure(), effects);
}

Speculation::Speculatability ExternElementwiseOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getOpaqueEffects(getPure(), effects);
}

Speculation::Speculatability ElementwiseInlineAsmOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t packed = static_cast<int32_t>(getPackedElement());
  if (packed < 1)
    return emitOpError() << "packed_element must be at least 1, but is "
                         << packed;
  std::optional<ArrayRef<int64_t>> shape;
  SmallVector<Type> types(getOperandTypes());
  llvm::append_range(types, getResultTypes());
  for (Type type : types) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (!shape) {
      shape = tensor.getShape();
      if (tensor.getNumElements() % packed != 0)
        return emitOpError() << "packed_element (" << packed
                             << ") must divide the number of elements ("
                             << tensor.getNumElements() << ")";
    } else if (tensor.getShape() != *shape) {
      return emitOpError("all tensor operands and results must have the "
                         "same shape");
    }
  }
  return success();
}
