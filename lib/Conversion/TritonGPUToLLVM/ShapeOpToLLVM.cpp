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
  /// The op leaves the order of the elements free (reshape with
  /// allow_reorder).
  bool anyOrder = false;
};

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

/// The relabeling of trans, reshape, join, split and cat; std::nullopt for
/// other ops. The runtime offsets are built with `off` and left empty
/// without it (for sizing the scratch buffer).
std::optional<Relabel> describeRelabel(Operation *op,
                                       const OffsetBuilder *off) {
  auto srcShape = tensorTypeOf(op->getOperand(0)).getShape();
  auto dstShape = tensorTypeOf(op->getResult(0)).getShape();
  Relabel relabel;
  relabel.numSlots = tensorTypeOf(op->getResult(0)).getNumElements();
  // Operand k's element at `s` goes to the slot of its (row-major)
  // position in operand k; what differs is set below.
  std::function<Value(unsigned, ArrayRef<Value>)> storeOffset =
      [=](unsigned, ArrayRef<Value> s) { return (*off)(s, srcShape); };
  std::function<Value(unsigned, ArrayRef<Value>)> loadOffset =
      [=](unsigned, ArrayRef<Value> d) { return (*off)(d, dstShape); };
  if (auto trans = dyn_cast<TransOp>(op)) {
    SmallVector<int32_t> order(trans.getOrder());
    relabel.mapCoord = [order](unsigned, ArrayRef<int32_t> d) {
      Coord s(d.size());
      for (unsigned i = 0; i < d.size(); ++i)
        s[order[i]] = d[i];
      return OperandCoord{0, s};
    };
    storeOffset = [=](unsigned, ArrayRef<Value> s) {
      SmallVector<Value> d;
      for (unsigned i = 0; i < s.size(); ++i)
        d.push_back(s[order[i]]);
      return (*off)(d, dstShape);
    };
  } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    relabel.anyOrder = reshape.getAllowReorder();
    relabel.mapCoord = [=](unsigned, ArrayRef<int32_t> d) {
      return OperandCoord{0, unflatten(flatten(d, dstShape), srcShape)};
    };
  } else if (isa<JoinOp>(op)) {
    relabel.mapCoord = [](unsigned, ArrayRef<int32_t> d) {
      return OperandCoord{unsigned(d.back()), Coord(d.drop_back())};
    };
    storeOffset = [=](unsigned k, ArrayRef<Value> s) {
      SmallVector<Value> d(s);
      d.push_back(off->constant(k));
      return (*off)(d, dstShape);
    };
  } else if (isa<SplitOp>(op)) {
    relabel.numSlots = tensorTypeOf(op->getOperand(0)).getNumElements();
    relabel.mapCoord = [](unsigned res, ArrayRef<int32_t> d) {
      Coord s(d);
      s.push_back(int32_t(res));
      return OperandCoord{0, s};
    };
    loadOffset = [=](unsigned res, ArrayRef<Value> d) {
      SmallVector<Value> s(d);
      s.push_back(off->constant(res));
      return (*off)(s, srcShape);
    };
  } else if (isa<CatOp>(op)) {
    // rhs after lhs along dimension 0 (the op leaves the order free; this
    // one is what a reader expects).
    int32_t half = srcShape[0];
    int64_t lhsElems = tensorTypeOf(op->getOperand(0)).getNumElements();
    relabel.mapCoord = [half](unsigned, ArrayRef<int32_t> d) {
      Coord s(d);
      unsigned k = s[0] >= half;
      s[0] -= k * half;
      return OperandCoord{k, s};
    };
    storeOffset = [=](unsigned k, ArrayRef<Value> s) {
      return off->add((*off)(s, srcShape), k * lhsElems);
    };
  } else {
    return std::nullopt;
  }
  if (off) {
    relabel.storeOffset = std::move(storeOffset);
    relabel.loadOffset = std::move(loadOffset);
  }
  return relabel;
}

/// Whether the relabeling is a choice of registers: every result element is
/// in the thread that holds it already (regResults, when given, receives
/// each result's (operand, register) pairs), or the op is free to keep the
/// elements where they are and both sides hold each exactly once, the same
/// number per thread.
bool relabelsInRegisters(
    ArrayRef<tt::LinearLayout> srcLayouts, ArrayRef<tt::LinearLayout> dstLayouts,
    const Relabel &relabel,
    SmallVector<SmallVector<std::pair<unsigned, unsigned>>> *regResults) {
  bool mapped = true;
  for (unsigned res = 0; res < dstLayouts.size() && mapped; ++res) {
    auto map = mapRegistersAcross(
        srcLayouts, dstLayouts[res],
        [&](ArrayRef<int32_t> c) { return relabel.mapCoord(res, c); });
    mapped = map.has_value();
    if (map && regResults)
      regResults->push_back(*map);
  }
  if (mapped)
    return true;
  if (!relabel.anyOrder || srcLayouts.size() != 1 || dstLayouts.size() != 1)
    return false;
  auto injective = [](const tt::LinearLayout &l) {
    for (auto &[dim, mask] : l.getFreeVariableMasks())
      if (mask)
        return false;
    return true;
  };
  return injective(srcLayouts[0]) && injective(dstLayouts[0]) &&
         srcLayouts[0].getInDimSize(tt::kRegister) ==
             dstLayouts[0].getInDimSize(tt::kRegister);
}

/// Lowers an op with operands `operands` (original values) and their
/// converted structs `converted` to its results, by registers when the
/// layouts allow it and through shared memory otherwise.
LogicalResult lowerRelabel(Operation *op, ValueRange operands,
                           ValueRange converted, const Relabel &relabel,
                           const TypeConverter *tc, LoweringContext &lc,
                           ConversionPatternRewriter &rewriter) {
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
  SmallVector<SmallVector<std::pair<unsigned, unsigned>>> maps;
  if (relabelsInRegisters(srcLayouts, dstLayouts, relabel, &maps)) {
    SmallVector<SmallVector<Value>> regResults;
    if (maps.size() != dstLayouts.size())
      regResults.assign(1, srcValues[0]); // kept in place (anyOrder)
    for (auto &map : maps) {
      SmallVector<Value> elems;
      for (auto [k, r] : map)
        elems.push_back(srcValues[k][r]);
      regResults.push_back(elems);
    }
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

/// trans, reshape, join, split and cat: the relabeling describeRelabel
/// gives, by registers or through shared memory.
template <typename OpTy>
struct RelabelOpConversion : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    OffsetBuilder off{rewriter, op.getLoc()};
    std::optional<Relabel> relabel = describeRelabel(op, &off);
    return lowerRelabel(op, op->getOperands(), adaptor.getOperands(),
                        *relabel, this->getTypeConverter(), this->lc,
                        rewriter);
  }
};

struct GatherOpConversion : public LoweringPattern<GatherOp> {
  using LoweringPattern::LoweringPattern;
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
};

} // namespace

int64_t mlir::triton::lowering::getShapeOpScratchBytes(Operation *op) {
  RankedTensorType srcType = tensorTypeOf(op->getOperand(0));
  int64_t elemBytes = sharedMemoryBytes(srcType.getElementType());
  if (isa<GatherOp>(op))
    return srcType.getNumElements() * elemBytes;

  // Shared memory only when the registers cannot be picked in place.
  std::optional<Relabel> relabel = describeRelabel(op, nullptr);
  if (!relabel)
    return 0;
  auto layoutsOf = [](ValueRange values,
                      SmallVectorImpl<tt::LinearLayout> &layouts) {
    for (Value v : values) {
      std::optional<tt::LinearLayout> layout =
          gpu::toLinearLayout(tensorTypeOf(v));
      if (!layout)
        return false;
      layouts.push_back(*layout);
    }
    return true;
  };
  SmallVector<tt::LinearLayout, 2> srcLayouts, dstLayouts;
  if (!layoutsOf(op->getOperands(), srcLayouts) ||
      !layoutsOf(op->getResults(), dstLayouts) ||
      relabelsInRegisters(srcLayouts, dstLayouts, *relabel, nullptr))
    return 0;
  return relabel->numSlots * elemBytes;
}

void mlir::triton::lowering::populateShapeOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<RelabelOpConversion<TransOp>, RelabelOpConversion<ReshapeOp>,
               RelabelOpConversion<JoinOp>, RelabelOpConversion<SplitOp>,
               RelabelOpConversion<CatOp>, GatherOpConversion>(tc, lc);
}
