//===- Ops.cpp - operations of the tt dialect -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The ODS-generated op definitions, and the hand-written parts of the
// function, program-id, make_range/splat, pointer arithmetic, load/store and
// cast ops. Shape ops live in ShapeOps.cpp; dot, reduce, scan and the
// elementwise escape hatches in ComputeOps.cpp; block pointers, atomics,
// descriptors and debugging ops in MemoryOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_OP_CLASSES
#include "tt/Dialect/Triton/IR/TritonOps.cpp.inc"

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult FuncOp::verifyRegions() {
  if (isExternal())
    return success();
  // Every tt.return must return what the signature promises.
  ArrayRef<Type> results = getFunctionType().getResults();
  WalkResult result = walk([&](ReturnOp ret) -> WalkResult {
    if (ret->getParentOp() != getOperation())
      return WalkResult::advance();
    if (ret.getNumOperands() != results.size()) {
      ret.emitOpError() << "has " << ret.getNumOperands()
                        << " operands, but the enclosing function @"
                        << getName() << " returns " << results.size();
      return WalkResult::interrupt();
    }
    for (auto [i, pair] : llvm::enumerate(
             llvm::zip(ret.getOperandTypes(), results))) {
      auto [have, want] = pair;
      if (have != want) {
        ret.emitOpError() << "operand #" << i << " has type " << have
                          << ", but the enclosing function @" << getName()
                          << " returns " << want;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// CallOp / ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto fnAttr = (*this)->getAttrOfType<FlatSymbolRefAttr>("callee");
  if (!fnAttr)
    return emitOpError("requires a 'callee' symbol reference attribute");
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, fnAttr);
  if (!fn)
    return emitOpError() << "'" << fnAttr.getValue()
                         << "' does not reference a valid tt.func";
  FunctionType fnType = fn.getFunctionType();
  if (fnType.getNumInputs() != getNumOperands())
    return emitOpError() << "passes " << getNumOperands()
                         << " operands, but @" << fnAttr.getValue()
                         << " takes " << fnType.getNumInputs();
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (getOperand(i).getType() != fnType.getInput(i))
      return emitOpError() << "operand #" << i << " has type "
                           << getOperand(i).getType() << ", but @"
                           << fnAttr.getValue() << " expects "
                           << fnType.getInput(i);
  if (fnType.getNumResults() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results, but @"
                         << fnAttr.getValue() << " returns "
                         << fnType.getNumResults();
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (getResult(i).getType() != fnType.getResult(i))
      return emitOpError() << "result #" << i << " has type "
                           << getResult(i).getType() << ", but @"
                           << fnAttr.getValue() << " returns "
                           << fnType.getResult(i);
  return success();
}

LogicalResult ReturnOp::verify() {
  // The signature check lives in FuncOp::verifyRegions so that it also runs
  // when the function's type changes; nothing op-local to check here.
  return success();
}

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStart(), end = getEnd();
  auto type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tensor");
  if (end <= start)
    return emitOpError() << "end (" << end << ") must be greater than start ("
                         << start << ")";
  int64_t count = end - start;
  if (!llvm::isPowerOf2_64(count))
    return emitOpError() << "number of elements (" << count
                         << ") must be a power of two";
  if (type.getShape()[0] != count)
    return emitOpError() << "result has " << type.getShape()[0]
                         << " elements, but the range [" << start << ", "
                         << end << ") has " << count;
  return success();
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  // A one-element range is the constant `start`.
  if (getEnd() - getStart() == 1)
    return SplatElementsAttr::get(getType(),
                                  IntegerAttr::get(getType().getElementType(),
                                                   getStart()));
  return {};
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  // splat(unsplat(t)) -> t when t already has the result type.
  if (auto unsplat = getSrc().getDefiningOp<UnsplatOp>())
    if (unsplat.getSrc().getType() == getType())
      return unsplat.getSrc();
  // splat(constant) -> dense constant.
  Attribute value = adaptor.getSrc();
  if (!value || !isa<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(getType()), value);
}

namespace {
/// splat of a poison scalar is a poison tensor. (splat(unsplat(t)) is
/// folded above.)
struct SplatOfPoison : public OpRewritePattern<SplatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplatOp op,
                                PatternRewriter &rewriter) const override {
    auto poison = op.getSrc().getDefiningOp<ub::PoisonOp>();
    if (!poison)
      return failure();
    rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, op.getType());
    return success();
  }
};
} // namespace

void SplatOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<SplatOfPoison>(context);
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  // addptr(p, 0) -> p
  if (matchPattern(adaptor.getOffset(), m_Zero()))
    return getPtr();
  return {};
}

LogicalResult AddPtrOp::verify() {
  auto ptrTensor = dyn_cast<RankedTensorType>(getPtr().getType());
  auto offTensor = dyn_cast<RankedTensorType>(getOffset().getType());
  if (bool(ptrTensor) != bool(offTensor))
    return emitOpError("ptr and offset must both be scalars or both tensors");
  if (ptrTensor && ptrTensor.getShape() != offTensor.getShape())
    return emitOpError("ptr and offset must have the same shape");
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, getPointeeType(ptr.getType()), ptr, mask, other,
        /*boundaryCheck=*/ArrayRef<int32_t>{}, /*padding=*/nullptr, cache,
        evict, isVolatile);
}

/// Checks boundaryCheck/padding against the pointer kind: only block
/// pointers take them, and each listed dimension must exist.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck) {
  auto ptr = dyn_cast<PointerType>(ptrType);
  auto block = ptr ? dyn_cast<RankedTensorType>(ptr.getPointeeType())
                   : RankedTensorType();
  if (!block) {
    if (!boundaryCheck.empty())
      return op->emitOpError(
          "boundaryCheck is only allowed with a block pointer (!tt.ptr<tensor<...>>)");
    return success();
  }
  for (int32_t dim : boundaryCheck)
    if (dim < 0 || dim >= block.getRank())
      return op->emitOpError() << "boundaryCheck dimension " << dim
                               << " is out of range for a rank-"
                               << block.getRank() << " block";
  return success();
}

LogicalResult LoadOp::verify() {
  if (failed(verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck())))
    return failure();
  bool isBlock = isa<PointerType>(getPtr().getType()) &&
                 isa<RankedTensorType>(
                     cast<PointerType>(getPtr().getType()).getPointeeType());
  if (getPadding() && !isBlock)
    return emitOpError("padding is only allowed with a block pointer");
  if (isBlock && getMask())
    return emitOpError("a block-pointer load takes boundaryCheck, not a mask");
  if (getOther() && !getMask())
    return emitOpError("'other' requires a mask");
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void StoreOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), &getPtrMutable(),
                       GlobalMemory::get());
}

namespace {
/// Returns 1 when `mask` is a constant all-true, 0 when all-false, -1 else.
int getConstantMask(Value mask) {
  if (!mask)
    return -1;
  DenseElementsAttr dense;
  if (matchPattern(mask, m_Constant(&dense)) && dense.isSplat())
    return dense.getSplatValue<bool>() ? 1 : 0;
  IntegerAttr scalar;
  if (matchPattern(mask, m_Constant(&scalar)))
    return scalar.getValue().isZero() ? 0 : 1;
  return -1;
}

/// A load whose mask is all true needs no mask (nor `other`); one whose mask
/// is all false reads nothing and becomes `other` (when given).
struct CanonicalizeMaskedLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    int mask = getConstantMask(op.getMask());
    if (mask == 1) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (mask == 0 && op.getOther() && !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  }
};

/// A store whose mask is all true needs no mask; one whose mask is all false
/// writes nothing and is erased.
struct CanonicalizeMaskedStore : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    int mask = getConstantMask(op.getMask());
    if (mask == 1) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (mask == 0) {
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<CanonicalizeMaskedLoad>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<CanonicalizeMaskedStore>(context);
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

OpFoldResult IntToPtrOp::fold(FoldAdaptor) {
  // int_to_ptr(ptr_to_int(p)) -> p
  if (auto toInt = getSrc().getDefiningOp<PtrToIntOp>())
    if (toInt.getSrc().getType() == getType())
      return toInt.getSrc();
  return {};
}

OpFoldResult PtrToIntOp::fold(FoldAdaptor) {
  // ptr_to_int(int_to_ptr(i)) -> i
  if (auto toPtr = getSrc().getDefiningOp<IntToPtrOp>())
    if (toPtr.getSrc().getType() == getType())
      return toPtr.getSrc();
  return {};
}

LogicalResult BitcastOp::verify() {
  Type srcElt = triton::getElementTypeOrSelf(getSrc().getType());
  Type dstElt = triton::getElementTypeOrSelf(getType());
  bool srcPtr = isa<PointerType>(srcElt), dstPtr = isa<PointerType>(dstElt);
  if (srcPtr != dstPtr)
    return emitOpError() << "cannot bitcast between a pointer and a "
                            "non-pointer type ("
                         << srcElt << " to " << dstElt << ")";
  if (srcPtr)
    return success();
  if (!srcElt.isIntOrFloat() || !dstElt.isIntOrFloat())
    return emitOpError() << "can only bitcast integers, floats and pointers";
  unsigned srcBits = srcElt.getIntOrFloatBitWidth();
  unsigned dstBits = dstElt.getIntOrFloatBitWidth();
  if (srcBits != dstBits)
    return emitOpError() << "cannot bitcast " << srcElt << " (" << srcBits
                         << " bits) to " << dstElt << " (" << dstBits
                         << " bits): the widths must be equal";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // bitcast(bitcast(x)) -> bitcast(x), or x when the types round-trip.
  if (auto inner = getSrc().getDefiningOp<BitcastOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

LogicalResult FpToFpOp::verify() {
  auto srcElt = cast<FloatType>(triton::getElementTypeOrSelf(getSrc().getType()));
  auto dstElt = cast<FloatType>(triton::getElementTypeOrSelf(getType()));
  unsigned srcBits = srcElt.getWidth(), dstBits = dstElt.getWidth();
  if (dstBits < srcBits && !getRounding())
    return emitOpError() << "narrowing conversion from " << srcElt << " to "
                         << dstElt << " requires a rounding mode";
  if (dstBits > srcBits && getRounding())
    return emitOpError() << "widening conversion from " << srcElt << " to "
                         << dstElt << " is exact and takes no rounding mode";
  return success();
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // Convert constant operands when the value is finite and stays in range;
  // out-of-range values are left to the hardware's saturation rules.
  auto dstElt = cast<FloatType>(triton::getElementTypeOrSelf(getType()));
  llvm::RoundingMode mode = getRounding() == RoundingMode::RTZ
                                ? llvm::RoundingMode::TowardZero
                                : llvm::RoundingMode::NearestTiesToEven;
  auto convert = [&](APFloat value) -> std::optional<APFloat> {
    if (!value.isFinite())
      return std::nullopt;
    bool losesInfo = false;
    APFloat::opStatus status =
        value.convert(dstElt.getFloatSemantics(), mode, &losesInfo);
    if (status & (APFloat::opOverflow | APFloat::opInvalidOp) ||
        !value.isFinite())
      return std::nullopt;
    return value;
  };
  Attribute src = adaptor.getSrc();
  if (auto scalar = dyn_cast_or_null<FloatAttr>(src)) {
    if (auto v = convert(scalar.getValue()))
      return FloatAttr::get(dstElt, *v);
    return {};
  }
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(src)) {
    if (auto v = convert(splat.getSplatValue<APFloat>()))
      return SplatElementsAttr::get(cast<ShapedType>(getType()), *v);
  }
  return {};
}
