//===- ShapeOpToLLVM.cpp - trans, reshape, join, split, cat, gather -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// trans, reshape, join, split and cat only relabel coordinates: a result
// coordinate names one operand element. When the result layout puts every
// element in the thread (and lane and warp) that already holds it — checked
// basis by basis on the linear layouts — the op is a choice of registers.
// Otherwise the operands go to shared memory at the row-major offset of the
// element they become, and each thread reads its result elements back.
// gather always goes through shared memory: the whole operand is written
// row-major, and each result element reads the entry its index names.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

using Coord = SmallVector<int32_t>;

RankedTensorType tensorTypeOf(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// Row-major index / coordinate conversions on static coordinates.
int64_t flatten(ArrayRef<int32_t> c, ArrayRef<int64_t> shape) {
  int64_t f = 0;
  for (unsigned d = 0; d < shape.size(); ++d)
    f = f * shape[d] + c[d];
  return f;
}
Coord unflatten(int64_t f, ArrayRef<int64_t> shape) {
  Coord c(shape.size());
  for (unsigned d = shape.size(); d-- > 0;) {
    c[d] = int32_t(f % shape[d]);
    f /= shape[d];
  }
  return c;
}

/// How an op relabels elements: operand k's elements and the result
/// elements of each result, in coordinates.
struct Relabel {
  /// Result `res` coordinate -> (operand, operand coordinate).
  std::function<OperandCoord(unsigned res, ArrayRef<int32_t>)> mapCoord;
  /// Shared-memory slot of operand k's element at `coord` (runtime).
  std::function<Value(unsigned k, ArrayRef<Value> coord)> storeOffset;
  /// Shared-memory slot of result `res`'s element at `coord` (runtime).
  std::function<Value(unsigned res, ArrayRef<Value> coord)> loadOffset;
  int64_t numSlots = 0;
};

/// Lowers an op with operands `operands` (original values) and their
/// converted structs `converted` to its results, by registers when the
/// layouts allow it and through shared memory otherwise.
LogicalResult lowerRelabel(Operation *op, ValueRange operands,
                           ValueRange converted, const Relabel &relabel,
                           const TypeConverter *tc, LoweringContext &lc,
                           ConversionPatternRewriter &rewriter,
                           bool anyOrder = false) {
  Location loc = op->getLoc();
  SmallVector<tt::LinearLayout, 2> srcLayouts;
  SmallVector<SmallVector<Value>> srcValues;
  for (auto [orig, conv] : llvm::zip(operands, converted)) {
    srcLayouts.push_back(getLayout(cast<RankedTensorType>(orig.getType())));
    srcValues.push_back(unpackLLElements(loc, conv, rewriter));
  }
  SmallVector<Value> results;
  SmallVector<RankedTensorType> resultTypes;
  SmallVector<tt::LinearLayout, 2> dstLayouts;
  for (Value r : op->getResults()) {
    resultTypes.push_back(cast<RankedTensorType>(r.getType()));
    dstLayouts.push_back(getLayout(resultTypes.back()));
  }

  // Registers only?
  SmallVector<SmallVector<Value>> regResults;
  for (unsigned res = 0; res < dstLayouts.size(); ++res) {
    auto map = mapRegistersAcross(
        srcLayouts, dstLayouts[res],
        [&](ArrayRef<int32_t> c) { return relabel.mapCoord(res, c); });
    if (!map)
      break;
    SmallVector<Value> elems;
    for (auto [k, r] : *map)
      elems.push_back(srcValues[k][r]);
    regResults.push_back(elems);
  }
  // An op free to order its elements may keep them where they are when
  // both sides hold each element exactly once, the same number per thread.
  if (regResults.size() != dstLayouts.size() && anyOrder &&
      srcLayouts.size() == 1 && dstLayouts.size() == 1) {
    auto injective = [](const tt::LinearLayout &l) {
      for (auto &[dim, mask] : l.getFreeVariableMasks())
        if (mask)
          return false;
      return true;
    };
    if (injective(srcLayouts[0]) && injective(dstLayouts[0]) &&
        srcValues[0].size() == size_t(dstLayouts[0].getInDimSize(tt::kRegister)))
      regResults.assign(1, srcValues[0]);
  }
  if (regResults.size() == dstLayouts.size()) {
    for (auto [elems, type] : llvm::zip(regResults, resultTypes))
      results.push_back(packLLElements(loc, tc, elems, rewriter, type));
    rewriter.replaceOp(op, results);
    return success();
  }

  // Through shared memory.
  SmallVector<std::pair<Value, Value>> stores;
  for (unsigned k = 0; k < srcLayouts.size(); ++k) {
    auto coords = emitIndices(rewriter, loc, srcLayouts[k], lc);
    int32_t freeRegs = srcLayouts[k].getFreeVariableMask(tt::kRegister);
    for (unsigned r = 0; r < coords.size(); ++r)
      if (!(r & freeRegs))
        stores.push_back({srcValues[k][r], relabel.storeOffset(k, coords[r])});
  }
  SmallVector<Value> loadOffsets;
  SmallVector<unsigned> counts;
  for (unsigned res = 0; res < dstLayouts.size(); ++res) {
    auto coords = emitIndices(rewriter, loc, dstLayouts[res], lc);
    for (auto &c : coords)
      loadOffsets.push_back(relabel.loadOffset(res, c));
    counts.push_back(coords.size());
  }
  Type elemType = srcValues[0][0].getType();
  FailureOr<SmallVector<Value>> exchanged = exchangeThroughScratch(
      rewriter, loc, op, elemType, relabel.numSlots, stores, loadOffsets, lc);
  if (failed(exchanged))
    return failure();
  SmallVector<Value> &loaded = *exchanged;
  unsigned next = 0;
  for (auto [count, type] : llvm::zip(counts, resultTypes)) {
    ArrayRef<Value> elems = ArrayRef<Value>(loaded).slice(next, count);
    next += count;
    results.push_back(packLLElements(loc, tc, elems, rewriter, type));
  }
  rewriter.replaceOp(op, results);
  return success();
}

/// Builds runtime row-major offsets.
struct OffsetBuilder {
  ConversionPatternRewriter &rewriter;
  Location loc;
  Value operator()(ArrayRef<Value> coord, ArrayRef<int64_t> shape) const {
    return linearize(rewriter, loc, coord, shape);
  }
  Value constant(int64_t v) const { return i32Const(rewriter, loc, v); }
  Value add(Value a, int64_t v) const {
    return v == 0 ? a
                  : (Value)LLVM::AddOp::create(rewriter, loc, a, constant(v));
  }
};

struct TransOpConversion : public ConvertOpToLLVMPattern<TransOp> {
  TransOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int32_t> order = op.getOrder();
    auto dstShape = tensorTypeOf(op->getResult(0)).getShape();
    OffsetBuilder off{rewriter, op.getLoc()};
    Relabel relabel;
    relabel.numSlots = tensorTypeOf(op->getResult(0)).getNumElements();
    relabel.mapCoord = [&](unsigned, ArrayRef<int32_t> d) {
      Coord s(d.size());
      for (unsigned i = 0; i < d.size(); ++i)
        s[order[i]] = d[i];
      return OperandCoord{0, s};
    };
    relabel.storeOffset = [&](unsigned, ArrayRef<Value> s) {
      SmallVector<Value> d;
      for (unsigned i = 0; i < s.size(); ++i)
        d.push_back(s[order[i]]);
      return off(d, dstShape);
    };
    relabel.loadOffset = [&](unsigned, ArrayRef<Value> d) {
      return off(d, dstShape);
    };
    return lowerRelabel(op, {op.getSrc()}, {adaptor.getSrc()}, relabel,
                        getTypeConverter(), lc, rewriter);
  }
  LoweringContext &lc;
};

struct ReshapeOpConversion : public ConvertOpToLLVMPattern<ReshapeOp> {
  ReshapeOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcShape = tensorTypeOf(op.getSrc()).getShape();
    auto dstShape = tensorTypeOf(op->getResult(0)).getShape();
    OffsetBuilder off{rewriter, op.getLoc()};
    Relabel relabel;
    relabel.numSlots = tensorTypeOf(op->getResult(0)).getNumElements();
    relabel.mapCoord = [&](unsigned, ArrayRef<int32_t> d) {
      return OperandCoord{0, unflatten(flatten(d, dstShape), srcShape)};
    };
    relabel.storeOffset = [&](unsigned, ArrayRef<Value> s) {
      return off(s, srcShape);
    };
    relabel.loadOffset = [&](unsigned, ArrayRef<Value> d) {
      return off(d, dstShape);
    };
    return lowerRelabel(op, {op.getSrc()}, {adaptor.getSrc()}, relabel,
                        getTypeConverter(), lc, rewriter,
                        /*anyOrder=*/op.getAllowReorder());
  }
  LoweringContext &lc;
};

struct JoinOpConversion : public ConvertOpToLLVMPattern<JoinOp> {
  JoinOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dstShape = tensorTypeOf(op->getResult(0)).getShape();
    OffsetBuilder off{rewriter, op.getLoc()};
    Relabel relabel;
    relabel.numSlots = tensorTypeOf(op->getResult(0)).getNumElements();
    relabel.mapCoord = [&](unsigned, ArrayRef<int32_t> d) {
      return OperandCoord{unsigned(d.back()), Coord(d.drop_back())};
    };
    relabel.storeOffset = [&](unsigned k, ArrayRef<Value> s) {
      SmallVector<Value> d(s);
      d.push_back(off.constant(k));
      return off(d, dstShape);
    };
    relabel.loadOffset = [&](unsigned, ArrayRef<Value> d) {
      return off(d, dstShape);
    };
    return lowerRelabel(op, {op.getLhs(), op.getRhs()},
                        {adaptor.getLhs(), adaptor.getRhs()}, relabel,
                        getTypeConverter(), lc, rewriter);
  }
  LoweringContext &lc;
};

struct SplitOpConversion : public ConvertOpToLLVMPattern<SplitOp> {
  SplitOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcShape = tensorTypeOf(op.getSrc()).getShape();
    OffsetBuilder off{rewriter, op.getLoc()};
    Relabel relabel;
    relabel.numSlots = tensorTypeOf(op.getSrc()).getNumElements();
    relabel.mapCoord = [&](unsigned res, ArrayRef<int32_t> d) {
      Coord s(d);
      s.push_back(int32_t(res));
      return OperandCoord{0, s};
    };
    relabel.storeOffset = [&](unsigned, ArrayRef<Value> s) {
      return off(s, srcShape);
    };
    relabel.loadOffset = [&](unsigned res, ArrayRef<Value> d) {
      SmallVector<Value> s(d);
      s.push_back(off.constant(res));
      return off(s, srcShape);
    };
    return lowerRelabel(op, {op.getSrc()}, {adaptor.getSrc()}, relabel,
                        getTypeConverter(), lc, rewriter);
  }
  LoweringContext &lc;
};

/// cat places rhs after lhs along dimension 0 (the op leaves the order
/// free; this one is what a reader expects).
struct CatOpConversion : public ConvertOpToLLVMPattern<CatOp> {
  CatOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcShape = tensorTypeOf(op.getLhs()).getShape();
    auto dstShape = tensorTypeOf(op->getResult(0)).getShape();
    int32_t half = srcShape[0];
    OffsetBuilder off{rewriter, op.getLoc()};
    Relabel relabel;
    relabel.numSlots = tensorTypeOf(op->getResult(0)).getNumElements();
    relabel.mapCoord = [&](unsigned, ArrayRef<int32_t> d) {
      Coord s(d);
      unsigned k = s[0] >= half;
      s[0] -= k * half;
      return OperandCoord{k, s};
    };
    relabel.storeOffset = [&](unsigned k, ArrayRef<Value> s) {
      return off.add(off(s, srcShape), k * tensorTypeOf(op.getLhs()).getNumElements());
    };
    relabel.loadOffset = [&](unsigned, ArrayRef<Value> d) {
      return off(d, dstShape);
    };
    return lowerRelabel(op, {op.getLhs(), op.getRhs()},
                        {adaptor.getLhs(), adaptor.getRhs()}, relabel,
                        getTypeConverter(), lc, rewriter);
  }
  LoweringContext &lc;
};

struct GatherOpConversion : public ConvertOpToLLVMPattern<GatherOp> {
  GatherOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = tensorTypeOf(op.getSrc());
    auto idxType = tensorTypeOf(op.getIndices());
    unsigned axis = op.getAxis();
    auto srcShape = srcType.getShape();
    tt::LinearLayout srcLayout = getLayout(srcType);
    SmallVector<Value> src = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> idx = unpackLLElements(loc, adaptor.getIndices(), rewriter);

    SmallVector<std::pair<Value, Value>> stores;
    auto srcCoords = emitIndices(rewriter, loc, srcLayout, lc);
    int32_t freeRegs = srcLayout.getFreeVariableMask(tt::kRegister);
    for (unsigned r = 0; r < src.size(); ++r)
      if (!(r & freeRegs))
        stores.push_back({src[r], linearize(rewriter, loc, srcCoords[r], srcShape)});
    SmallVector<Value> loads;
    auto dstCoords = emitIndices(rewriter, loc, getLayout(idxType), lc);
    Type i32 = rewriter.getI32Type();
    for (auto [coord, index] : llvm::zip(dstCoords, idx)) {
      SmallVector<Value> c(coord);
      unsigned bits = index.getType().getIntOrFloatBitWidth();
      c[axis] = bits == 32 ? index
                : bits > 32 ? (Value)LLVM::TruncOp::create(rewriter, loc, i32, index)
                            : (Value)LLVM::SExtOp::create(rewriter, loc, i32, index);
      loads.push_back(linearize(rewriter, loc, c, srcShape));
    }
    FailureOr<SmallVector<Value>> out = exchangeThroughScratch(
        rewriter, loc, op, src[0].getType(), srcType.getNumElements(), stores,
        loads, lc);
    if (failed(out))
      return failure();
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *out,
                                          rewriter, op->getResult(0).getType()));
    return success();
  }
  LoweringContext &lc;
};

} // namespace

int64_t mlir::triton::lowering::getShapeOpScratchBytes(Operation *op) {
  auto bytesOf = [](Type elem) -> int64_t {
    if (isa<PointerType>(elem))
      return 8;
    return std::max(1u, elem.getIntOrFloatBitWidth() / 8);
  };
  RankedTensorType srcType = tensorTypeOf(op->getOperand(0));
  int64_t elemBytes = bytesOf(srcType.getElementType());
  if (isa<GatherOp>(op))
    return srcType.getNumElements() * elemBytes;

  // The same relabelings as the patterns above: shared memory only when the
  // registers cannot be picked in place.
  std::function<OperandCoord(unsigned, ArrayRef<int32_t>)> mapCoord;
  int64_t numSlots = tensorTypeOf(op->getResult(0)).getNumElements();
  bool anyOrder = false;
  auto dstShape = tensorTypeOf(op->getResult(0)).getShape();
  auto srcShape = srcType.getShape();
  if (auto trans = dyn_cast<TransOp>(op)) {
    SmallVector<int32_t> order(trans.getOrder());
    mapCoord = [order](unsigned, ArrayRef<int32_t> d) {
      Coord c(d.size());
      for (unsigned i = 0; i < d.size(); ++i)
        c[order[i]] = d[i];
      return OperandCoord{0, c};
    };
  } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    anyOrder = reshape.getAllowReorder();
    mapCoord = [=](unsigned, ArrayRef<int32_t> d) {
      return OperandCoord{0, unflatten(flatten(d, dstShape), srcShape)};
    };
  } else if (isa<JoinOp>(op)) {
    mapCoord = [](unsigned, ArrayRef<int32_t> d) {
      return OperandCoord{unsigned(d.back()), Coord(d.drop_back())};
    };
  } else if (isa<SplitOp>(op)) {
    numSlots = srcType.getNumElements();
    mapCoord = [](unsigned res, ArrayRef<int32_t> d) {
      Coord c(d);
      c.push_back(int32_t(res));
      return OperandCoord{0, c};
    };
  } else if (isa<CatOp>(op)) {
    int32_t half = srcShape[0];
    mapCoord = [half](unsigned, ArrayRef<int32_t> d) {
      Coord c(d);
      unsigned k = c[0] >= half;
      c[0] -= k * half;
      return OperandCoord{k, c};
    };
  } else {
    return 0;
  }
  SmallVector<tt::LinearLayout, 2> srcLayouts;
  for (Value v : op->getOperands()) {
    auto layout = gpu::toLinearLayout(tensorTypeOf(v));
    if (!layout)
      return 0;
    srcLayouts.push_back(*layout);
  }
  SmallVector<tt::LinearLayout, 2> dstLayouts;
  for (Value r : op->getResults()) {
    auto layout = gpu::toLinearLayout(tensorTypeOf(r));
    if (!layout)
      return 0;
    dstLayouts.push_back(*layout);
  }
  bool inRegisters = true;
  for (unsigned res = 0; res < dstLayouts.size() && inRegisters; ++res)
    inRegisters = mapRegistersAcross(srcLayouts, dstLayouts[res],
                                     [&](ArrayRef<int32_t> c) {
                                       return mapCoord(res, c);
                                     })
                      .has_value();
  if (!inRegisters && anyOrder && srcLayouts.size() == 1 &&
      dstLayouts.size() == 1) {
    auto injective = [](const tt::LinearLayout &l) {
      for (auto &[dim, mask] : l.getFreeVariableMasks())
        if (mask)
          return false;
      return true;
    };
    inRegisters = injective(srcLayouts[0]) && injective(dstLayouts[0]) &&
                  srcLayouts[0].getInDimSize(tt::kRegister) ==
                      dstLayouts[0].getInDimSize(tt::kRegister);
  }
  return inRegisters ? 0 : numSlots * elemBytes;
}

void mlir::triton::lowering::populateShapeOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<TransOpConversion, ReshapeOpConversion, JoinOpConversion,
               SplitOpConversion, CatOpConversion, GatherOpConversion>(tc, lc);
}
