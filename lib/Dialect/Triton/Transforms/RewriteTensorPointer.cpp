//===- RewriteTensorPointer.cpp - lower block pointers ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A block pointer (!tt.ptr<tensor<...>>) is a tuple in disguise: a base
// pointer and, per dimension, the extent of the parent tensor, the stride
// and the current offset. This pass makes the tuple explicit with a 1:N
// dialect conversion (one block pointer becomes 1 + 3 * rank values), which
// also carries it through scf.for / scf.if / scf.while, and turns the
// loads and stores into ordinary masked accesses through tensors of
// pointers.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The block type of a block pointer `!tt.ptr<tensor<...>>`, or null.
RankedTensorType getBlockType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr ? dyn_cast<RankedTensorType>(ptr.getPointeeType())
             : RankedTensorType();
}

bool isBlockPointer(Type type) { return bool(getBlockType(type)); }

//===----------------------------------------------------------------------===//
// The parts of a block pointer
//===----------------------------------------------------------------------===//

/// A block pointer taken apart. The flat order, which is also the order of
/// the converted values, is: base, shape[0..r), strides[0..r), offsets[0..r).
/// Shapes, strides and offsets are i64.
struct BlockPointer {
  Value base;
  SmallVector<Value> shape, strides, offsets;

  static BlockPointer unpack(ValueRange flat) {
    unsigned rank = (flat.size() - 1) / 3;
    BlockPointer bp;
    bp.base = flat.front();
    bp.shape.assign(flat.begin() + 1, flat.begin() + 1 + rank);
    bp.strides.assign(flat.begin() + 1 + rank, flat.begin() + 1 + 2 * rank);
    bp.offsets.assign(flat.begin() + 1 + 2 * rank, flat.end());
    return bp;
  }

  SmallVector<Value> pack() const {
    SmallVector<Value> flat{base};
    llvm::append_range(flat, shape);
    llvm::append_range(flat, strides);
    llvm::append_range(flat, offsets);
    return flat;
  }
};

/// Builds the addresses, mask and padding value of one access through a
/// block pointer of block type `block`.
class AccessBuilder {
public:
  AccessBuilder(OpBuilder &b, Location loc, const BlockPointer &bp,
                RankedTensorType block)
      : b(b), loc(loc), bp(bp), block(block),
        indices(block.getRank(), Value()) {}

  /// `base + sum_d index_d * stride_d`, a tensor of pointers.
  Value pointers() {
    auto i64Full = fullType(b.getI64Type());
    auto ptrType = block.clone(bp.base.getType());
    Value ptrs = SplatOp::create(b, loc, ptrType, bp.base);
    for (unsigned d = 0, e = block.getRank(); d < e; ++d) {
      Value index = getIndex(d);
      auto type = cast<RankedTensorType>(index.getType());
      Value stride = SplatOp::create(b, loc, type, bp.strides[d]);
      Value scaled = arith::MulIOp::create(b, loc, index, stride);
      ptrs =
          AddPtrOp::create(b, loc, ptrType, ptrs, broadcastTo(scaled, i64Full));
    }
    return ptrs;
  }

  /// `0 <= index_d < shape_d` for each checked dimension, or null.
  Value mask(ArrayRef<int32_t> checkedDims) {
    Value mask;
    auto i1Full = fullType(b.getI1Type());
    for (int32_t d : checkedDims) {
      Value index = getIndex(d);
      auto type = cast<RankedTensorType>(index.getType());
      Value zero = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(type, b.getI64IntegerAttr(0)));
      Value extent = SplatOp::create(b, loc, type, bp.shape[d]);
      Value inBounds = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index, zero),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index,
                                extent));
      inBounds = broadcastTo(inBounds, i1Full);
      mask = mask ? arith::AndIOp::create(b, loc, mask, inBounds).getResult()
                  : inBounds;
    }
    return mask;
  }

  /// The value of padded elements (zero or NaN), or null without padding.
  Value padding(std::optional<PaddingOption> padding) {
    if (!padding)
      return Value();
    Type elemType = block.getElementType();
    TypedAttr value = b.getZeroAttr(elemType);
    if (*padding == PaddingOption::PAD_NAN) {
      auto floatType = cast<FloatType>(elemType);
      value = b.getFloatAttr(floatType,
                             APFloat::getNaN(floatType.getFloatSemantics()));
    }
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(block, value));
  }

private:
  RankedTensorType fullType(Type elemType) {
    return RankedTensorType::get(block.getShape(), elemType);
  }

  /// `offset_d + [0, size_d)` as i64, expanded to rank r with size 1 in
  /// every other dimension. Shared between address and mask.
  Value getIndex(unsigned d) {
    if (indices[d])
      return indices[d];
    int64_t size = block.getDimSize(d);
    auto i32Row = RankedTensorType::get({size}, b.getI32Type());
    auto i64Row = RankedTensorType::get({size}, b.getI64Type());
    Value range = MakeRangeOp::create(b, loc, i32Row, 0, size);
    range = arith::ExtSIOp::create(b, loc, i64Row, range);
    Value offset = SplatOp::create(b, loc, i64Row, bp.offsets[d]);
    Value index = arith::AddIOp::create(b, loc, offset, range);
    SmallVector<int64_t> shape{size};
    for (unsigned axis = 0, e = block.getRank(); axis < e; ++axis) {
      if (axis == d)
        continue;
      shape.insert(shape.begin() + axis, 1);
      index = ExpandDimsOp::create(
          b, loc, RankedTensorType::get(shape, b.getI64Type()), index, axis);
    }
    return indices[d] = index;
  }

  Value broadcastTo(Value v, RankedTensorType type) {
    RankedTensorType from = cast<RankedTensorType>(v.getType());
    if (from.getShape() == type.getShape())
      return v;
    return BroadcastOp::create(b, loc, from.clone(type.getShape()), v);
  }

  OpBuilder &b;
  Location loc;
  const BlockPointer &bp;
  RankedTensorType block;
  SmallVector<Value> indices;
};

//===----------------------------------------------------------------------===//
// Conversion patterns
//===----------------------------------------------------------------------===//

struct LowerMakeTensorPtr : public OpConversionPattern<MakeTensorPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BlockPointer bp;
    bp.base = llvm::getSingleElement(adaptor.getBase());
    for (ValueRange v : adaptor.getShape())
      bp.shape.push_back(llvm::getSingleElement(v));
    for (ValueRange v : adaptor.getStrides())
      bp.strides.push_back(llvm::getSingleElement(v));
    for (ValueRange v : adaptor.getOffsets())
      bp.offsets.push_back(arith::ExtSIOp::create(rewriter, op.getLoc(),
                                                  rewriter.getI64Type(),
                                                  llvm::getSingleElement(v)));
    rewriter.replaceOpWithMultiple(op, {bp.pack()});
    return success();
  }
};

struct LowerAdvance : public OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BlockPointer bp = BlockPointer::unpack(adaptor.getPtr());
    for (auto [offset, delta] : llvm::zip(bp.offsets, adaptor.getOffsets())) {
      Value wide =
          arith::ExtSIOp::create(rewriter, op.getLoc(), rewriter.getI64Type(),
                                 llvm::getSingleElement(delta));
      offset = arith::AddIOp::create(rewriter, op.getLoc(), offset, wide);
    }
    rewriter.replaceOpWithMultiple(op, {bp.pack()});
    return success();
  }
};

struct LowerBlockLoad : public OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType block = getBlockType(op.getPtr().getType());
    if (!block)
      return failure();
    BlockPointer bp = BlockPointer::unpack(adaptor.getPtr());
    AccessBuilder access(rewriter, op.getLoc(), bp, block);
    Value ptrs = access.pointers();
    Value mask = access.mask(op.getBoundaryCheck());
    // Without a mask every element is read and padding never applies.
    Value other = mask ? access.padding(op.getPadding()) : Value();
    rewriter.replaceOpWithNewOp<LoadOp>(op, ptrs, mask, other, op.getCache(),
                                        op.getEvict(), op.getIsVolatile());
    return success();
  }
};

struct LowerBlockStore : public OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType block = getBlockType(op.getPtr().getType());
    if (!block)
      return failure();
    BlockPointer bp = BlockPointer::unpack(adaptor.getPtr());
    AccessBuilder access(rewriter, op.getLoc(), bp, block);
    Value ptrs = access.pointers();
    Value mask = access.mask(op.getBoundaryCheck());
    rewriter.replaceOpWithNewOp<StoreOp>(
        op, ptrs, llvm::getSingleElement(adaptor.getValue()), mask,
        /*boundaryCheck=*/ArrayRef<int32_t>{}, op.getCache(), op.getEvict());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// What the conversion supports
//===----------------------------------------------------------------------===//

/// Whether `use` is a use of a block pointer the conversion can rewrite.
bool isSupportedUse(OpOperand &use) {
  Operation *user = use.getOwner();
  unsigned idx = use.getOperandNumber();
  if (auto advance = dyn_cast<AdvanceOp>(user))
    return idx == 0;
  if (auto load = dyn_cast<LoadOp>(user))
    return idx == 0;
  if (auto store = dyn_cast<StoreOp>(user))
    return idx == 0;
  if (isa<scf::YieldOp>(user))
    return isa<scf::ForOp, scf::IfOp, scf::WhileOp>(user->getParentOp());
  if (isa<scf::ConditionOp, scf::WhileOp>(user))
    return true;
  if (auto loop = dyn_cast<scf::ForOp>(user))
    return idx >= loop.getNumControlOperands();
  return false;
}

/// Whether `value` of block-pointer type comes from something the conversion
/// can rewrite.
bool isSupportedDef(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner))
      return arg != loop.getInductionVar();
    return isa<scf::WhileOp>(owner);
  }
  return isa<MakeTensorPtrOp, AdvanceOp, scf::ForOp, scf::IfOp, scf::WhileOp>(
      value.getDefiningOp());
}

/// Emits an error at every op that makes or uses block pointers in a way the
/// conversion cannot handle (one error per op and kind).
LogicalResult checkSupported(ModuleOp module) {
  bool ok = true;
  auto isUnsupportedDef = [](Value v) {
    return isBlockPointer(v.getType()) && !isSupportedDef(v);
  };
  module.walk([&](Operation *op) {
    Value badDef;
    for (Value result : op->getResults())
      if (isUnsupportedDef(result))
        badDef = result;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (isUnsupportedDef(arg))
            badDef = arg;
    if (badDef) {
      op->emitError() << "block pointer of type " << badDef.getType()
                      << " is not produced by tt.make_tensor_ptr, tt.advance "
                         "or an scf loop/if; triton-rewrite-tensor-pointer "
                         "cannot lower it";
      ok = false;
    }
    if (llvm::any_of(op->getOpOperands(), [](OpOperand &use) {
          return isBlockPointer(use.get().getType()) && !isSupportedUse(use);
        })) {
      op->emitError()
          << "'" << op->getName()
          << "' uses a block pointer; triton-rewrite-tensor-pointer "
             "only lowers block pointers used by tt.advance, "
             "tt.load, tt.store and scf.for/if/while";
      ok = false;
    }
    if (auto load = dyn_cast<LoadOp>(op)) {
      RankedTensorType block = getBlockType(load.getPtr().getType());
      if (block && load.getPadding() == PaddingOption::PAD_NAN &&
          !isa<FloatType>(block.getElementType())) {
        load.emitError() << "NaN padding requires a floating-point block, "
                            "got "
                         << block.getElementType();
        ok = false;
      }
    }
  });
  return success(ok);
}

struct RewriteTensorPointerPass
    : public triton::impl::TritonRewriteTensorPointerBase<
          RewriteTensorPointerPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (failed(checkSupported(module)))
      return signalPassFailure();

    // Functions that contain block pointers; only these are touched.
    SmallVector<Operation *> touched;
    module.walk([&](MakeTensorPtrOp op) {
      Operation *fn =
          op->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>();
      if (!llvm::is_contained(touched, fn))
        touched.push_back(fn);
    });
    if (touched.empty())
      return;

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](PointerType type,
           SmallVectorImpl<Type> &parts) -> std::optional<LogicalResult> {
          auto block = dyn_cast<RankedTensorType>(type.getPointeeType());
          if (!block)
            return std::nullopt;
          parts.push_back(
              PointerType::get(block.getElementType(), type.getAddressSpace()));
          auto i64 = IntegerType::get(type.getContext(), 64);
          parts.append(3 * block.getRank(), i64);
          return success();
        });

    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<MakeTensorPtrOp, AdvanceOp>();
    target.addDynamicallyLegalOp<LoadOp>(
        [](LoadOp op) { return !isBlockPointer(op.getPtr().getType()); });
    target.addDynamicallyLegalOp<StoreOp>(
        [](StoreOp op) { return !isBlockPointer(op.getPtr().getType()); });

    RewritePatternSet patterns(ctx);
    patterns
        .add<LowerMakeTensorPtr, LowerAdvance, LowerBlockLoad, LowerBlockStore>(
            converter, ctx);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Loops and ifs now carry every part of a block pointer, though usually
    // only the offsets change. Let the scf canonicalizations drop the rest
    // (only in the functions rewritten above).
    RewritePatternSet cleanup(ctx);
    scf::ForOp::getCanonicalizationPatterns(cleanup, ctx);
    scf::IfOp::getCanonicalizationPatterns(cleanup, ctx);
    scf::WhileOp::getCanonicalizationPatterns(cleanup, ctx);
    FrozenRewritePatternSet frozen(std::move(cleanup));
    GreedyRewriteConfig config;
    config.enableFolding(false)
        .enableConstantCSE(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    for (Operation *fn : touched)
      if (failed(
              applyPatternsGreedily(fn->getRegions().front(), frozen, config)))
        return signalPassFailure();
  }
};

} // namespace
