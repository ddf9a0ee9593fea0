//===- TritonToLinalg.cpp - lower TTIR to linalg on tensors -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The first step of the CPU backend (docs/cpu-backend.md). Every `tt`
// operation becomes linalg/tensor/arith/math/scf/func on builtin tensors;
// memory is reached through LLVM dialect loads and stores placed inside
// linalg bodies, one element at a time, under `scf.if` on the mask bit.
//
// Representation of pointers: a scalar `!tt.ptr<T>` is an `!llvm.ptr`; a
// tensor of pointers is a tensor of i64 byte addresses (memrefs cannot hold
// `!llvm.ptr`). The CPU stage turns `inttoptr(ptrtoint(p) + off)` back into
// `getelementptr` so that LLVM sees where addresses come from.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonToLinalg/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOLINALG
#include "tt/Conversion/TritonToLinalg/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
namespace tt = mlir::triton;

namespace {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool isBlockPointer(Type t) {
  auto p = dyn_cast<tt::PointerType>(t);
  return p && isa<RankedTensorType>(p.getPointeeType());
}

class TritonToLinalgTypeConverter : public TypeConverter {
public:
  explicit TritonToLinalgTypeConverter(MLIRContext *ctx) {
    addConversion([](Type t) { return t; });
    addConversion([ctx](tt::PointerType t) -> Type {
      if (isa<RankedTensorType>(t.getPointeeType()))
        return Type(); // block pointers are removed by an earlier pass
      return LLVM::LLVMPointerType::get(ctx);
    });
    addConversion([](tt::TensorDescType) -> Type { return Type(); });
    addConversion([this, ctx](RankedTensorType t) -> Type {
      Type elem = t.getElementType();
      Type converted;
      if (isa<tt::PointerType>(elem)) {
        if (isBlockPointer(elem))
          return Type();
        converted = IntegerType::get(ctx, 64);
      } else {
        converted = convertType(elem);
      }
      if (!converted)
        return Type();
      return RankedTensorType::get(t.getShape(), converted);
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, type, inputs)
          .getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

/// Bytes occupied by one element of `t` in memory (i1 occupies a byte, as
/// in Triton).
int64_t getByteSize(Type t) {
  if (isa<tt::PointerType, LLVM::LLVMPointerType>(t))
    return 8;
  if (auto i = dyn_cast<IntegerType>(t))
    return std::max<int64_t>(1, i.getWidth() / 8);
  if (auto f = dyn_cast<FloatType>(t))
    return std::max<int64_t>(1, f.getWidth() / 8);
  return 0;
}

bool isF8(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && f.getWidth() == 8;
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

Value makeEmpty(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                Type elem) {
  return tensor::EmptyOp::create(b, loc, shape, elem);
}

Value makeZero(OpBuilder &b, Location loc, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::ZeroOp::create(b, loc, t);
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(t));
}

Value makeIndexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Casts an integer `v` to `t` (sign-extending or truncating).
Value castInt(OpBuilder &b, Location loc, Value v, Type t) {
  unsigned from = v.getType().getIntOrFloatBitWidth();
  unsigned to = t.getIntOrFloatBitWidth();
  if (from == to)
    return v;
  if (from < to)
    return arith::ExtSIOp::create(b, loc, t, v);
  return arith::TruncIOp::create(b, loc, t, v);
}

using BodyFn =
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>;

/// Builds a `linalg.generic` with parallel iterators over `shape`. Tensor
/// inputs are read with the identity map, scalar inputs are broadcast to
/// every point. `body` gets the input elements and returns one value per
/// entry of `resultElemTypes`; each result is a fresh tensor of `shape`.
SmallVector<Value> buildElementwise(OpBuilder &b, Location loc,
                                    ArrayRef<int64_t> shape, ValueRange inputs,
                                    TypeRange resultElemTypes, BodyFn body) {
  unsigned rank = shape.size();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value v : inputs)
    maps.push_back(isa<RankedTensorType>(v.getType())
                       ? b.getMultiDimIdentityMap(rank)
                       : AffineMap::get(rank, 0, ctx));
  SmallVector<Value> outs;
  SmallVector<Type> resultTypes;
  for (Type t : resultElemTypes) {
    outs.push_back(makeEmpty(b, loc, shape, t));
    resultTypes.push_back(RankedTensorType::get(shape, t));
    maps.push_back(b.getMultiDimIdentityMap(rank));
  }
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  unsigned numInputs = inputs.size();
  auto generic = linalg::GenericOp::create(
      b, loc, resultTypes, inputs, outs, maps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        SmallVector<Value> results = body(nb, nl, args.take_front(numInputs));
        linalg::YieldOp::create(nb, nl, results);
      });
  return SmallVector<Value>(generic.getResults());
}

/// Loads one element of type `t` at `addr` (an i64 address or an
/// `!llvm.ptr`). Booleans are bytes in memory.
Value loadElement(OpBuilder &b, Location loc, Value addr, Type t,
                  bool isVolatile) {
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  Value p = addr;
  if (!isa<LLVM::LLVMPointerType>(addr.getType()))
    p = LLVM::IntToPtrOp::create(b, loc, ptrTy, addr);
  if (t.isInteger(1)) {
    Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), p, 1, isVolatile);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, byte,
                                 makeZero(b, loc, b.getI8Type()));
  }
  // 16-bit floats are moved as integers: LLVM treats vectors of half as
  // illegal on most x86 CPUs and would scalarize masked accesses to them.
  if (auto f = dyn_cast<FloatType>(t); f && f.getWidth() == 16) {
    Value bits = LLVM::LoadOp::create(b, loc, b.getI16Type(), p, 2, isVolatile);
    return arith::BitcastOp::create(b, loc, t, bits);
  }
  return LLVM::LoadOp::create(b, loc, t, p, getByteSize(t), isVolatile);
}

void storeElement(OpBuilder &b, Location loc, Value addr, Value v) {
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  Value p = addr;
  if (!isa<LLVM::LLVMPointerType>(addr.getType()))
    p = LLVM::IntToPtrOp::create(b, loc, ptrTy, addr);
  if (v.getType().isInteger(1))
    v = arith::ExtUIOp::create(b, loc, b.getI8Type(), v);
  if (auto f = dyn_cast<FloatType>(v.getType()); f && f.getWidth() == 16)
    v = arith::BitcastOp::create(b, loc, b.getI16Type(), v);
  LLVM::StoreOp::create(b, loc, v, p, getByteSize(v.getType()));
}

/// `mask ? then() : otherwise()`, evaluating only the taken side.
Value buildGuarded(OpBuilder &b, Location loc, Value mask,
                   function_ref<Value(OpBuilder &, Location)> then,
                   function_ref<Value(OpBuilder &, Location)> otherwise) {
  if (!mask)
    return then(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, mask,
      [&](OpBuilder &nb, Location nl) {
        scf::YieldOp::create(nb, nl, then(nb, nl));
      },
      [&](OpBuilder &nb, Location nl) {
        scf::YieldOp::create(nb, nl, otherwise(nb, nl));
      });
  return ifOp.getResult(0);
}

void buildGuardedEffect(OpBuilder &b, Location loc, Value mask,
                        function_ref<void(OpBuilder &, Location)> then) {
  if (!mask) {
    then(b, loc);
    return;
  }
  scf::IfOp::create(b, loc, mask, [&](OpBuilder &nb, Location nl) {
    then(nb, nl);
    scf::YieldOp::create(nb, nl);
  });
}

/// The enclosing converted function's grid argument `index` (0-2: program
/// id x/y/z, 3-5: number of programs x/y/z).
FailureOr<Value> getGridArg(Operation *op, unsigned index) {
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func || func.isDeclaration() ||
      func.getNumArguments() < tt::kNumGridArgs)
    return failure();
  return func.getArgument(func.getNumArguments() - tt::kNumGridArgs + index);
}

RankedTensorType getTensorTypeOf(Value v) {
  return dyn_cast<RankedTensorType>(v.getType());
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

struct FuncOpConversion : OpConversionPattern<tt::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type c = getTypeConverter()->convertType(t);
      if (!c)
        return rewriter.notifyMatchFailure(op, "unsupported argument type");
      sig.addInputs(i, c);
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    bool hasBody = !op.isDeclaration();
    if (hasBody)
      sig.addInputs(SmallVector<Type>(tt::kNumGridArgs, rewriter.getI32Type()));

    auto func = func::FuncOp::create(
        rewriter, op.getLoc(), op.getName(),
        rewriter.getFunctionType(sig.getConvertedTypes(), results));
    func.setVisibility(op.getVisibility());
    if (hasBody) {
      rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
      if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                             *getTypeConverter(), &sig)))
        return failure();
      if (op.isPublic())
        func->setAttr(tt::kCPUKernelAttrName, rewriter.getUnitAttr());
    } else {
      func.setPrivate();
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpConversion : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct CallOpConversion : OpConversionPattern<tt::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return failure();
    SmallVector<Value> operands(adaptor.getOperands());
    auto module = op->getParentOfType<ModuleOp>();
    Operation *callee = module.lookupSymbol(op.getCallee());
    bool calleeHasBody = true;
    if (auto f = dyn_cast_or_null<tt::FuncOp>(callee))
      calleeHasBody = !f.isDeclaration();
    else if (auto f = dyn_cast_or_null<func::FuncOp>(callee))
      calleeHasBody = !f.isDeclaration();
    if (calleeHasBody) {
      for (unsigned i = 0; i < tt::kNumGridArgs; ++i) {
        FailureOr<Value> arg = getGridArg(op, i);
        if (failed(arg))
          return failure();
        operands.push_back(*arg);
      }
    }
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getCallee(), results,
                                              operands);
    return success();
  }
};

template <typename OpTy, unsigned Offset>
struct GridQueryConversion : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> arg = getGridArg(op, Offset + op.getAxisAsInt());
    if (failed(arg))
      return rewriter.notifyMatchFailure(op, "not inside a converted function");
    rewriter.replaceOp(op, *arg);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tensor creation and shape manipulation
//===----------------------------------------------------------------------===//

struct MakeRangeConversion : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = op.getType();
    int32_t start = op.getStart();
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), type.getShape(), {}, {i32},
        [&](OpBuilder &b, Location loc, ValueRange) -> SmallVector<Value> {
          Value idx = linalg::IndexOp::create(b, loc, 0);
          Value v = arith::IndexCastOp::create(b, loc, i32, idx);
          if (start != 0)
            v = arith::AddIOp::create(
                b, loc, v, arith::ConstantIntOp::create(b, loc, i32, start));
          return {v};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct SplatConversion : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    Type elem = type.getElementType();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), type.getShape(), {adaptor.getSrc()}, {elem},
        [&](OpBuilder &b, Location loc, ValueRange args) -> SmallVector<Value> {
          Value v = args[0];
          if (isa<LLVM::LLVMPointerType>(v.getType()))
            v = LLVM::PtrToIntOp::create(b, loc, elem, v);
          return {v};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct UnsplatConversion : OpConversionPattern<tt::UnsplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    SmallVector<Value> zeros(srcTy.getRank(), makeIndexConst(rewriter, loc, 0));
    Value v = tensor::ExtractOp::create(rewriter, loc, adaptor.getSrc(), zeros);
    Type resTy = getTypeConverter()->convertType(op.getType());
    if (isa<LLVM::LLVMPointerType>(resTy))
      v = LLVM::IntToPtrOp::create(rewriter, loc, resTy, v);
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// Copies `src` into a tensor of `resultType` through a generic whose input
/// map is `srcMap` (used for broadcast, expand_dims and trans).
Value buildRemap(OpBuilder &b, Location loc, Value src,
                 RankedTensorType resultType, AffineMap srcMap) {
  unsigned rank = resultType.getRank();
  Value out = makeEmpty(b, loc, resultType.getShape(),
                        resultType.getElementType());
  SmallVector<AffineMap> maps{srcMap, b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{src}, ValueRange{out}, maps,
      iters, [](OpBuilder &nb, Location nl, ValueRange args) {
        linalg::YieldOp::create(nb, nl, args[0]);
      });
  return g.getResult(0);
}

struct BroadcastConversion : OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    SmallVector<AffineExpr> exprs;
    for (unsigned d = 0; d < srcTy.getRank(); ++d)
      exprs.push_back(srcTy.getDimSize(d) == 1 && resTy.getDimSize(d) != 1
                          ? rewriter.getAffineConstantExpr(0)
                          : rewriter.getAffineDimExpr(d));
    auto map = AffineMap::get(resTy.getRank(), 0, exprs, getContext());
    rewriter.replaceOp(op, buildRemap(rewriter, op.getLoc(), adaptor.getSrc(),
                                      resTy, map));
    return success();
  }
};

struct ExpandDimsConversion : OpConversionPattern<tt::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    unsigned axis = op.getAxis();
    SmallVector<AffineExpr> exprs;
    for (unsigned d = 0; d < resTy.getRank(); ++d)
      if (d != axis)
        exprs.push_back(rewriter.getAffineDimExpr(d));
    auto map = AffineMap::get(resTy.getRank(), 0, exprs, getContext());
    rewriter.replaceOp(op, buildRemap(rewriter, op.getLoc(), adaptor.getSrc(),
                                      resTy, map));
    return success();
  }
};

struct TransConversion : OpConversionPattern<tt::TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    ArrayRef<int32_t> order = op.getOrder();
    // Result dimension i is source dimension order[i]: source dimension
    // order[i] is indexed by loop i.
    SmallVector<AffineExpr> exprs(order.size());
    for (auto [i, o] : llvm::enumerate(order))
      exprs[o] = rewriter.getAffineDimExpr(i);
    auto map = AffineMap::get(resTy.getRank(), 0, exprs, getContext());
    rewriter.replaceOp(op, buildRemap(rewriter, op.getLoc(), adaptor.getSrc(),
                                      resTy, map));
    return success();
  }
};

struct ReshapeConversion : OpConversionPattern<tt::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    Value v = adaptor.getSrc();
    auto srcTy = cast<RankedTensorType>(v.getType());
    if (srcTy.getShape() == resTy.getShape()) {
      rewriter.replaceOp(op, v);
      return success();
    }
    // Row-major reshape: flatten, then split.
    if (srcTy.getRank() != 1) {
      SmallVector<ReassociationIndices> all(1);
      for (unsigned d = 0; d < srcTy.getRank(); ++d)
        all[0].push_back(d);
      v = tensor::CollapseShapeOp::create(rewriter, loc, v, all);
    }
    if (resTy.getRank() != 1) {
      SmallVector<ReassociationIndices> all(1);
      for (unsigned d = 0; d < resTy.getRank(); ++d)
        all[0].push_back(d);
      v = tensor::ExpandShapeOp::create(rewriter, loc, resTy, v, all);
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct CatConversion : OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto lhsTy = cast<RankedTensorType>(adaptor.getLhs().getType());
    Value out =
        makeEmpty(rewriter, loc, resTy.getShape(), resTy.getElementType());
    unsigned rank = resTy.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (int64_t s : lhsTy.getShape())
      sizes.push_back(rewriter.getIndexAttr(s));
    out = tensor::InsertSliceOp::create(rewriter, loc, adaptor.getLhs(), out,
                                        offsets, sizes, strides);
    offsets[0] = rewriter.getIndexAttr(lhsTy.getDimSize(0));
    out = tensor::InsertSliceOp::create(rewriter, loc, adaptor.getRhs(), out,
                                        offsets, sizes, strides);
    rewriter.replaceOp(op, out);
    return success();
  }
};

struct JoinConversion : OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    unsigned rank = resTy.getRank();
    Value out =
        makeEmpty(rewriter, loc, resTy.getShape(), resTy.getElementType());
    auto srcMap = AffineMap::getMultiDimIdentityMap(rank, getContext())
                      .getMajorSubMap(rank - 1);
    SmallVector<AffineMap> maps{srcMap, srcMap,
                                rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resTy},
        ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{out}, maps,
        iters, [&](OpBuilder &b, Location l, ValueRange args) {
          Value k = linalg::IndexOp::create(b, l, rank - 1);
          Value first = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::eq, k, makeIndexConst(b, l, 0));
          Value v = arith::SelectOp::create(b, l, first, args[0], args[1]);
          linalg::YieldOp::create(b, l, v);
        });
    rewriter.replaceOp(op, g.getResult(0));
    return success();
  }
};

struct SplitConversion : OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutLHS().getType()));
    unsigned rank = srcTy.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (int64_t s : srcTy.getShape().drop_back())
      sizes.push_back(rewriter.getIndexAttr(s));
    sizes.push_back(rewriter.getIndexAttr(1));
    SmallVector<Value> results;
    for (int64_t k = 0; k < 2; ++k) {
      offsets[rank - 1] = rewriter.getIndexAttr(k);
      results.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, resTy, adaptor.getSrc(), offsets, sizes, strides));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

struct AddPtrConversion : OpConversionPattern<tt::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrTy = cast<tt::PointerType>(tt::getElementTypeOrSelf(op.getType()));
    Type pointee = getTypeConverter()->convertType(ptrTy.getPointeeType());
    if (!pointee)
      return failure();
    int64_t size = getByteSize(ptrTy.getPointeeType());
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
          op, adaptor.getPtr().getType(), pointee, adaptor.getPtr(),
          ValueRange{adaptor.getOffset()});
      return success();
    }
    auto resTy = cast<RankedTensorType>(adaptor.getPtr().getType());
    Type i64 = rewriter.getI64Type();
    SmallVector<Value> r = buildElementwise(
        rewriter, loc, resTy.getShape(),
        {adaptor.getPtr(), adaptor.getOffset()}, {i64},
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          Value off = castInt(b, l, args[1], i64);
          if (size != 1)
            off = arith::MulIOp::create(
                b, l, off, arith::ConstantIntOp::create(b, l, i64, size));
          return {arith::AddIOp::create(b, l, args[0], off)};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct IntToPtrConversion : OpConversionPattern<tt::IntToPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::IntToPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      rewriter.replaceOp(op, adaptor.getSrc()); // addresses stay i64
    else
      rewriter.replaceOpWithNewOp<LLVM::IntToPtrOp>(
          op, getTypeConverter()->convertType(op.getType()), adaptor.getSrc());
    return success();
  }
};

struct PtrToIntConversion : OpConversionPattern<tt::PtrToIntOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PtrToIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      rewriter.replaceOp(op, adaptor.getSrc());
    else
      rewriter.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, op.getType(),
                                                    adaptor.getSrc());
    return success();
  }
};

struct LoadConversion : OpConversionPattern<tt::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isVolatile = op.getIsVolatile();
    Type resTy = getTypeConverter()->convertType(op.getType());
    if (!resTy)
      return failure();
    Value mask = adaptor.getMask();
    Value other = adaptor.getOther();
    auto tensorTy = dyn_cast<RankedTensorType>(resTy);
    if (!tensorTy) {
      Value v = buildGuarded(
          rewriter, loc, mask,
          [&](OpBuilder &b, Location l) {
            return loadElement(b, l, adaptor.getPtr(), resTy, isVolatile);
          },
          [&](OpBuilder &b, Location l) {
            return other ? other : makeZero(b, l, resTy);
          });
      rewriter.replaceOp(op, v);
      return success();
    }
    Type elem = tensorTy.getElementType();
    SmallVector<Value> inputs{adaptor.getPtr()};
    if (mask)
      inputs.push_back(mask);
    if (other)
      inputs.push_back(other);
    SmallVector<Value> r = buildElementwise(
        rewriter, loc, tensorTy.getShape(), inputs, {elem},
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          Value m = mask ? args[1] : Value();
          Value o = other ? args[mask ? 2 : 1] : Value();
          return {buildGuarded(
              b, l, m,
              [&](OpBuilder &nb, Location nl) {
                return loadElement(nb, nl, args[0], elem, isVolatile);
              },
              [&](OpBuilder &nb, Location nl) {
                return o ? o : makeZero(nb, nl, elem);
              })};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct StoreConversion : OpConversionPattern<tt::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value mask = adaptor.getMask();
    auto tensorTy = getTensorTypeOf(adaptor.getValue());
    if (!tensorTy) {
      buildGuardedEffect(rewriter, loc, mask, [&](OpBuilder &b, Location l) {
        storeElement(b, l, adaptor.getPtr(), adaptor.getValue());
      });
      rewriter.eraseOp(op);
      return success();
    }
    unsigned rank = tensorTy.getRank();
    SmallVector<Value> inputs{adaptor.getPtr(), adaptor.getValue()};
    if (mask)
      inputs.push_back(mask);
    SmallVector<AffineMap> maps(inputs.size(),
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    linalg::GenericOp::create(
        rewriter, loc, TypeRange{}, inputs, ValueRange{}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          buildGuardedEffect(b, l, mask ? args[2] : Value(),
                             [&](OpBuilder &nb, Location nl) {
                               storeElement(nb, nl, args[0], args[1]);
                             });
          linalg::YieldOp::create(b, l);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

LLVM::AtomicOrdering getOrdering(tt::MemSemantic sem) {
  switch (sem) {
  case tt::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case tt::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case tt::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case tt::MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::seq_cst;
}

std::optional<LLVM::AtomicBinOp> getAtomicBinOp(tt::RMWOp op, Type elem) {
  bool isFloat = isa<FloatType>(elem);
  switch (op) {
  case tt::RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case tt::RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case tt::RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case tt::RMWOp::ADD:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case tt::RMWOp::FADD:
    return LLVM::AtomicBinOp::fadd;
  case tt::RMWOp::MAX:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case tt::RMWOp::MIN:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case tt::RMWOp::UMAX:
    return LLVM::AtomicBinOp::umax;
  case tt::RMWOp::UMIN:
    return LLVM::AtomicBinOp::umin;
  case tt::RMWOp::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  return std::nullopt;
}

/// Atomics are calls of helpers that tt-cpu-define-atomics fills in once
/// everything is in the LLVM dialect: LLVM's atomic operations declare no
/// memory effects, which buffer deallocation refuses, while calls are fine.
/// `__tt_cpu_atomicrmw.<op>.<ordering>.<type>(ptr, value) -> old` and
/// `__tt_cpu_cmpxchg.<ordering>.<type>(ptr, cmp, value) -> old`.
Value callAtomicHelper(OpBuilder &b, Location loc, ModuleOp module,
                       StringRef prefix, ValueRange operands) {
  Type type = operands.back().getType();
  std::string name;
  llvm::raw_string_ostream os(name);
  os << prefix << ".";
  type.print(os);
  auto fnType = b.getFunctionType(TypeRange(operands), {type});
  if (!module.lookupSymbol<func::FuncOp>(name)) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    func::FuncOp::create(b, loc, name, fnType).setPrivate();
  }
  return func::CallOp::create(b, loc, name, TypeRange{type}, operands)
      .getResult(0);
}

Value toPointer(OpBuilder &b, Location loc, Value addr) {
  if (isa<LLVM::LLVMPointerType>(addr.getType()))
    return addr;
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), addr);
}

Value buildAtomicRMW(OpBuilder &b, Location loc, ModuleOp module,
                     LLVM::AtomicBinOp kind, Value addr, Value val,
                     LLVM::AtomicOrdering ordering) {
  std::string prefix = ("__tt_cpu_atomicrmw." +
                        LLVM::stringifyAtomicBinOp(kind) + "." +
                        LLVM::stringifyAtomicOrdering(ordering))
                           .str();
  return callAtomicHelper(b, loc, module, prefix,
                          {toPointer(b, loc, addr), val});
}

Value buildAtomicCAS(OpBuilder &b, Location loc, ModuleOp module, Value addr,
                     Value cmp, Value val, LLVM::AtomicOrdering ordering) {
  std::string prefix =
      ("__tt_cpu_cmpxchg." + LLVM::stringifyAtomicOrdering(ordering)).str();
  return callAtomicHelper(b, loc, module, prefix,
                          {toPointer(b, loc, addr), cmp, val});
}

struct AtomicRMWConversion : OpConversionPattern<tt::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resTy = getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(resTy);
    std::optional<LLVM::AtomicBinOp> kind =
        getAtomicBinOp(op.getAtomicRmwOp(), elem);
    if (!kind)
      return failure();
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    auto module = op->getParentOfType<ModuleOp>();
    Value mask = adaptor.getMask();
    auto body = [&](OpBuilder &b, Location l, Value addr, Value val,
                    Value m) -> Value {
      return buildGuarded(
          b, l, m,
          [&](OpBuilder &nb, Location nl) {
            return buildAtomicRMW(nb, nl, module, *kind, addr, val,
                                  ordering);
          },
          [&](OpBuilder &nb, Location nl) { return makeZero(nb, nl, elem); });
    };
    auto tensorTy = dyn_cast<RankedTensorType>(resTy);
    if (!tensorTy) {
      rewriter.replaceOp(op, body(rewriter, loc, adaptor.getPtr(),
                                  adaptor.getVal(), mask));
      return success();
    }
    SmallVector<Value> inputs{adaptor.getPtr(), adaptor.getVal()};
    if (mask)
      inputs.push_back(mask);
    SmallVector<Value> r = buildElementwise(
        rewriter, loc, tensorTy.getShape(), inputs, {elem},
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          return {body(b, l, args[0], args[1], mask ? args[2] : Value())};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct AtomicCASConversion : OpConversionPattern<tt::AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resTy = getTypeConverter()->convertType(op.getType());
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    auto module = op->getParentOfType<ModuleOp>();
    auto tensorTy = dyn_cast<RankedTensorType>(resTy);
    if (!tensorTy) {
      rewriter.replaceOp(op, buildAtomicCAS(rewriter, loc, module,
                                            adaptor.getPtr(),
                                            adaptor.getCmp(), adaptor.getVal(),
                                            ordering));
      return success();
    }
    SmallVector<Value> r = buildElementwise(
        rewriter, loc, tensorTy.getShape(),
        {adaptor.getPtr(), adaptor.getCmp(), adaptor.getVal()},
        {tensorTy.getElementType()},
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          return {buildAtomicCAS(b, l, module, args[0], args[1], args[2],
                                 ordering)};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

/// Applies `scalarFn` elementwise when the op works on tensors, or directly
/// on scalars.
LogicalResult
replaceElementwise(Operation *op, ValueRange operands, Type resultType,
                   ConversionPatternRewriter &rewriter,
                   function_ref<Value(OpBuilder &, Location, ValueRange)> fn) {
  auto tensorTy = dyn_cast<RankedTensorType>(resultType);
  if (!tensorTy) {
    rewriter.replaceOp(op, fn(rewriter, op->getLoc(), operands));
    return success();
  }
  SmallVector<Value> r = buildElementwise(
      rewriter, op->getLoc(), tensorTy.getShape(), operands,
      {tensorTy.getElementType()},
      [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
        return {fn(b, l, args)};
      });
  rewriter.replaceOp(op, r);
  return success();
}

/// arith and math operations: on tensors they become a linalg.generic
/// applying the same operation to scalars; on scalars whose types change
/// (pointers) they are re-created with the converted types.
struct ElementwiseOpConversion : ConversionPattern {
  ElementwiseOpConversion(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp>(op) || op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    auto tensorTy = resultTypes.empty()
                        ? RankedTensorType()
                        : dyn_cast<RankedTensorType>(resultTypes.front());
    if (!tensorTy) {
      OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                           op->getAttrs());
      rewriter.replaceOp(op, rewriter.create(state)->getResults());
      return success();
    }
    if (!OpTrait::hasElementwiseMappableTraits(op))
      return rewriter.notifyMatchFailure(op, "not elementwise");
    SmallVector<Type> elemTypes;
    for (Type t : resultTypes)
      elemTypes.push_back(cast<RankedTensorType>(t).getElementType());
    SmallVector<Value> r = buildElementwise(
        rewriter, op->getLoc(), tensorTy.getShape(), operands, elemTypes,
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          OperationState state(l, op->getName(), args, elemTypes,
                               op->getAttrs());
          return SmallVector<Value>(b.create(state)->getResults());
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct BitcastConversion : OpConversionPattern<tt::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resTy = getTypeConverter()->convertType(op.getType());
    if (resTy == adaptor.getSrc().getType()) {
      rewriter.replaceOp(op, adaptor.getSrc()); // pointer to pointer
      return success();
    }
    Type elem = getElementTypeOrSelf(resTy);
    return replaceElementwise(
        op, adaptor.getOperands(), resTy, rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::BitcastOp::create(b, l, elem, args[0]);
        });
  }
};

struct FpToFpConversion : OpConversionPattern<tt::FpToFpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resTy = getTypeConverter()->convertType(op.getType());
    auto dst = cast<FloatType>(getElementTypeOrSelf(resTy));
    auto src = cast<FloatType>(getElementTypeOrSelf(adaptor.getSrc().getType()));
    std::optional<tt::RoundingMode> rounding = op.getRounding();
    return replaceElementwise(
        op, adaptor.getOperands(), resTy, rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          if (dst.getWidth() > src.getWidth())
            return arith::ExtFOp::create(b, l, dst, args[0]);
          if (dst.getWidth() == src.getWidth())
            return args[0];
          auto trunc = arith::TruncFOp::create(b, l, dst, args[0]);
          if (rounding && *rounding == tt::RoundingMode::RTZ)
            trunc.setRoundingmodeAttr(arith::RoundingModeAttr::get(
                b.getContext(), arith::RoundingMode::toward_zero));
          return trunc;
        });
  }
};

struct ClampFConversion : OpConversionPattern<tt::ClampFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ClampFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool propagate = op.getPropagateNan() == tt::PropagateNan::ALL;
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          if (propagate) {
            Value v = arith::MaximumFOp::create(b, l, args[0], args[1]);
            return arith::MinimumFOp::create(b, l, v, args[2]);
          }
          Value v = arith::MaxNumFOp::create(b, l, args[0], args[1]);
          return arith::MinNumFOp::create(b, l, v, args[2]);
        });
  }
};

struct PreciseSqrtConversion : OpConversionPattern<tt::PreciseSqrtOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PreciseSqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return math::SqrtOp::create(b, l, args[0]);
        });
  }
};

struct PreciseDivFConversion : OpConversionPattern<tt::PreciseDivFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PreciseDivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::DivFOp::create(b, l, args[0], args[1]);
        });
  }
};

struct MulhiUIConversion : OpConversionPattern<tt::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MulhiUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceElementwise(
        op, adaptor.getOperands(), op.getType(), rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return arith::MulUIExtendedOp::create(b, l, args[0], args[1])
              .getHigh();
        });
  }
};

/// Calls a scalar function by symbol; libdevice names (`__nv_expf`) are
/// mapped to the C library's (`expf`).
struct ExternElementwiseConversion
    : OpConversionPattern<tt::ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef symbol = op.getSymbol();
    std::string name = symbol.str();
    if (symbol.consume_front("__nv_")) {
      symbol.consume_front("fast_");
      name = symbol.str();
    }
    Type resTy = getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(resTy);
    SmallVector<Type> argTypes;
    for (Value v : adaptor.getSrcs())
      argTypes.push_back(getElementTypeOrSelf(v.getType()));
    auto module = op->getParentOfType<ModuleOp>();
    auto fnType = rewriter.getFunctionType(argTypes, {elem});
    if (auto existing = module.lookupSymbol<func::FuncOp>(name)) {
      if (existing.getFunctionType() != fnType)
        return op.emitOpError("calls '")
               << name << "' with a signature that conflicts with another use";
    } else {
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto decl = func::FuncOp::create(rewriter, op.getLoc(), name, fnType);
      decl.setPrivate();
    }
    return replaceElementwise(
        op, adaptor.getOperands(), resTy, rewriter,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          return func::CallOp::create(b, l, name, TypeRange{elem}, args)
              .getResult(0);
        });
  }
};

/// Clones the single-block region `region` at the builder's insertion
/// point with its arguments bound to `args`, and returns the values given
/// to its terminator.
SmallVector<Value> inlineCombineRegion(OpBuilder &b, Region &region,
                                       ValueRange args, bool reassoc) {
  IRMapping map;
  Block &block = region.front();
  map.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator()) {
    Operation *clone = b.clone(op, map);
    if (reassoc && isa<arith::AddFOp, arith::MulFOp, arith::MaxNumFOp,
                       arith::MinNumFOp, arith::MaximumFOp,
                       arith::MinimumFOp>(clone))
      if (auto fm = dyn_cast<arith::ArithFastMathInterface>(clone)) {
        auto flags = fm.getFastMathFlagsAttr().getValue() |
                     arith::FastMathFlags::reassoc;
        clone->setAttr(fm.getFastMathAttrName(),
                       arith::FastMathFlagsAttr::get(b.getContext(), flags));
      }
  }
  SmallVector<Value> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(map.lookupOrDefault(v));
  return results;
}

struct MapElementwiseConversion : OpConversionPattern<tt::MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPack() != 1)
      return rewriter.notifyMatchFailure(op, "pack > 1");
    Region &region = op.getScalarOp();
    if (!region.hasOneBlock())
      return rewriter.notifyMatchFailure(op, "multi-block region");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    SmallVector<Type> elemTypes;
    for (Type t : resultTypes)
      elemTypes.push_back(cast<RankedTensorType>(t).getElementType());
    auto shape = cast<RankedTensorType>(resultTypes.front()).getShape();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), shape, adaptor.getSrcs(), elemTypes,
        [&](OpBuilder &b, Location, ValueRange args) -> SmallVector<Value> {
          return inlineCombineRegion(b, region, args, /*reassoc=*/false);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Dot, reduce, scan, histogram, gather
//===----------------------------------------------------------------------===//

Value extendTo(OpBuilder &b, Location loc, Value v, Type t) {
  Type from = v.getType();
  if (from == t)
    return v;
  if (isa<FloatType>(t)) {
    if (isa<IntegerType>(from))
      return arith::SIToFPOp::create(b, loc, t, v);
    if (from.getIntOrFloatBitWidth() < t.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, t, v);
    return arith::TruncFOp::create(b, loc, t, v);
  }
  return castInt(b, loc, v, t);
}

struct DotConversion : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto cTy = cast<RankedTensorType>(adaptor.getC().getType());
    unsigned rank = cTy.getRank();
    if (rank != 2 && rank != 3)
      return rewriter.notifyMatchFailure(op, "dot of rank other than 2 or 3");
    Type accTy = cTy.getElementType();
    MLIRContext *ctx = getContext();
    // Loops (batch,) i, k, j: the innermost loop walks a row of b and c.
    unsigned nb = rank - 2;
    auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    SmallVector<AffineExpr> aE, bE, cE;
    for (unsigned i = 0; i < nb; ++i) {
      aE.push_back(d(i));
      bE.push_back(d(i));
      cE.push_back(d(i));
    }
    aE.append({d(nb), d(nb + 1)});
    bE.append({d(nb + 1), d(nb + 2)});
    cE.append({d(nb), d(nb + 2)});
    unsigned numLoops = rank + 1;
    SmallVector<AffineMap> maps{AffineMap::get(numLoops, 0, aE, ctx),
                                AffineMap::get(numLoops, 0, bE, ctx),
                                AffineMap::get(numLoops, 0, cE, ctx)};
    SmallVector<utils::IteratorType> iters(numLoops,
                                           utils::IteratorType::parallel);
    iters[nb + 1] = utils::IteratorType::reduction;
    bool isFloat = isa<FloatType>(accTy);
    auto contract = arith::FastMathFlagsAttr::get(
        ctx, arith::FastMathFlags::contract);
    auto g = linalg::GenericOp::create(
        rewriter, loc, TypeRange{cTy},
        ValueRange{adaptor.getA(), adaptor.getB()}, ValueRange{adaptor.getC()},
        maps, iters, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = extendTo(b, l, args[0], accTy);
          Value y = extendTo(b, l, args[1], accTy);
          Value r;
          if (isFloat) {
            Value m = arith::MulFOp::create(b, l, x, y, contract);
            r = arith::AddFOp::create(b, l, args[2], m, contract);
          } else {
            Value m = arith::MulIOp::create(b, l, x, y);
            r = arith::AddIOp::create(b, l, args[2], m);
          }
          linalg::YieldOp::create(b, l, r);
        });
    g->setAttr("tt.dot", rewriter.getUnitAttr());
    rewriter.replaceOp(op, g.getResult(0));
    return success();
  }
};

/// The identity of a combine region made of one commutative arithmetic
/// operation on its two arguments, if it is one.
std::optional<TypedAttr> getCombineIdentity(Region &region) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return std::nullopt;
  Operation &op = block.front();
  Operation *term = block.getTerminator();
  if (term->getNumOperands() != 1 || term->getOperand(0) != op.getResult(0) ||
      op.getNumOperands() != 2)
    return std::nullopt;
  Value a = block.getArgument(0), b = block.getArgument(1);
  if (!((op.getOperand(0) == a && op.getOperand(1) == b) ||
        (op.getOperand(0) == b && op.getOperand(1) == a)))
    return std::nullopt;
  Type t = a.getType();
  Builder builder(t.getContext());
  if (auto ft = dyn_cast<FloatType>(t)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    auto f = [&](const APFloat &v) -> TypedAttr {
      return builder.getFloatAttr(t, v);
    };
    return llvm::TypeSwitch<Operation *, std::optional<TypedAttr>>(&op)
        .Case([&](arith::AddFOp) { return f(APFloat::getZero(sem, true)); })
        .Case([&](arith::MulFOp) { return f(APFloat::getOne(sem)); })
        .Case<arith::MaxNumFOp, arith::MinNumFOp>(
            [&](auto) { return f(APFloat::getQNaN(sem)); })
        .Case([&](arith::MaximumFOp) { return f(APFloat::getInf(sem, true)); })
        .Case([&](arith::MinimumFOp) { return f(APFloat::getInf(sem, false)); })
        .Default([](Operation *) { return std::nullopt; });
  }
  auto it = dyn_cast<IntegerType>(t);
  if (!it)
    return std::nullopt;
  unsigned w = it.getWidth();
  auto i = [&](const APInt &v) -> TypedAttr {
    return builder.getIntegerAttr(t, v);
  };
  return llvm::TypeSwitch<Operation *, std::optional<TypedAttr>>(&op)
      .Case<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(
          [&](auto) { return i(APInt::getZero(w)); })
      .Case([&](arith::MulIOp) { return i(APInt(w, 1)); })
      .Case<arith::AndIOp, arith::MinUIOp>(
          [&](auto) { return i(APInt::getAllOnes(w)); })
      .Case([&](arith::MaxSIOp) { return i(APInt::getSignedMinValue(w)); })
      .Case([&](arith::MinSIOp) { return i(APInt::getSignedMaxValue(w)); })
      .Default([](Operation *) { return std::nullopt; });
}

/// A slice of `src` of size 1 at `offset` along `axis`, with that
/// dimension dropped.
Value sliceAlong(OpBuilder &b, Location loc, Value src, unsigned axis,
                 OpFoldResult offset, int64_t size, bool dropAxis) {
  auto ty = cast<RankedTensorType>(src.getType());
  unsigned rank = ty.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes;
  SmallVector<int64_t> shape;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t s = d == axis ? size : ty.getDimSize(d);
    sizes.push_back(b.getIndexAttr(s));
    if (d != axis || !dropAxis)
      shape.push_back(s);
  }
  offsets[axis] = offset;
  auto resTy = RankedTensorType::get(shape, ty.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, resTy, src, offsets, sizes,
                                        strides);
}

struct ReduceConversion : OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    SmallVector<Value> srcs(adaptor.getSrcs());
    auto srcTy = cast<RankedTensorType>(srcs.front().getType());
    unsigned rank = srcTy.getRank();
    int64_t n = srcTy.getDimSize(axis);
    SmallVector<int64_t> resShape;
    for (unsigned d = 0; d < rank; ++d)
      if (d != axis)
        resShape.push_back(srcTy.getDimSize(d));
    Region &combine = op.getCombineOp();
    unsigned numSrcs = srcs.size();

    // Accumulators: the identity when known, else the first slice.
    SmallVector<Value> inits;
    std::optional<TypedAttr> identity =
        numSrcs == 1 ? getCombineIdentity(combine) : std::nullopt;
    if (identity) {
      Value empty = makeEmpty(rewriter, loc, resShape, identity->getType());
      Value cst = arith::ConstantOp::create(rewriter, loc, *identity);
      inits.push_back(
          linalg::FillOp::create(rewriter, loc, cst, empty).getResult(0));
    } else {
      for (Value &s : srcs) {
        inits.push_back(sliceAlong(rewriter, loc, s, axis,
                                   rewriter.getIndexAttr(0), 1, true));
        if (n > 1)
          s = sliceAlong(rewriter, loc, s, axis, rewriter.getIndexAttr(1),
                         n - 1, false);
      }
    }

    SmallVector<Value> results = inits;
    if (identity || n > 1) {
      MLIRContext *ctx = getContext();
      SmallVector<AffineExpr> outExprs;
      for (unsigned d = 0; d < rank; ++d)
        if (d != axis)
          outExprs.push_back(getAffineDimExpr(d, ctx));
      SmallVector<AffineMap> maps(numSrcs,
                                  AffineMap::getMultiDimIdentityMap(rank, ctx));
      maps.append(numSrcs, AffineMap::get(rank, 0, outExprs, ctx));
      SmallVector<utils::IteratorType> iters(rank,
                                             utils::IteratorType::parallel);
      iters[axis] = utils::IteratorType::reduction;
      SmallVector<Type> resTypes;
      for (Value v : inits)
        resTypes.push_back(v.getType());
      auto g = linalg::GenericOp::create(
          rewriter, loc, resTypes, srcs, inits, maps, iters,
          [&](OpBuilder &b, Location l, ValueRange args) {
            // The region takes the accumulated values, then the new ones.
            SmallVector<Value> regionArgs(args.drop_front(numSrcs));
            regionArgs.append(args.begin(), args.begin() + numSrcs);
            SmallVector<Value> r =
                inlineCombineRegion(b, combine, regionArgs, /*reassoc=*/true);
            linalg::YieldOp::create(b, l, r);
          });
      results.assign(g.getResults().begin(), g.getResults().end());
    }
    if (rank == 1)
      for (Value &r : results)
        r = tensor::ExtractOp::create(rewriter, loc, r, ValueRange{});
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Inclusive scan along `axis`: a loop over the axis carrying the running
/// values (scalars for 1-D inputs, slices otherwise).
struct ScanConversion : OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    SmallVector<Value> srcs(adaptor.getSrcs());
    auto srcTy = cast<RankedTensorType>(srcs.front().getType());
    unsigned rank = srcTy.getRank();
    int64_t n = srcTy.getDimSize(axis);
    unsigned numSrcs = srcs.size();
    Region &combine = op.getCombineOp();

    // Position along the axis of step `i` of the walk.
    auto position = [&](OpBuilder &b, Location l, Value i) -> Value {
      if (!reverse)
        return i;
      return arith::SubIOp::create(b, l, makeIndexConst(b, l, n - 1), i);
    };
    Value first = makeIndexConst(rewriter, loc, reverse ? n - 1 : 0);

    SmallVector<Value> results, carries;
    for (Value s : srcs) {
      auto ty = cast<RankedTensorType>(s.getType());
      Value out = makeEmpty(rewriter, loc, ty.getShape(), ty.getElementType());
      if (rank == 1) {
        Value v = tensor::ExtractOp::create(rewriter, loc, s, first);
        carries.push_back(v);
        out = tensor::InsertOp::create(rewriter, loc, v, out, first);
      } else {
        Value v = sliceAlong(rewriter, loc, s, axis, first, 1, true);
        carries.push_back(v);
        out = insertAlong(rewriter, loc, v, out, axis, first);
      }
      results.push_back(out);
    }
    if (n == 1) {
      rewriter.replaceOp(op, results);
      return success();
    }
    SmallVector<Value> iterArgs(results);
    iterArgs.append(carries);
    auto loop = scf::ForOp::create(
        rewriter, loc, makeIndexConst(rewriter, loc, 1),
        makeIndexConst(rewriter, loc, n), makeIndexConst(rewriter, loc, 1),
        iterArgs,
        [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
          Value pos = position(b, l, iv);
          ValueRange outs = args.take_front(numSrcs);
          ValueRange prev = args.drop_front(numSrcs);
          SmallVector<Value> next, newOuts;
          if (rank == 1) {
            SmallVector<Value> regionArgs(prev);
            for (Value s : srcs)
              regionArgs.push_back(tensor::ExtractOp::create(b, l, s, pos));
            next = inlineCombineRegion(b, combine, regionArgs, false);
            for (auto [v, o] : llvm::zip(next, outs))
              newOuts.push_back(tensor::InsertOp::create(b, l, v, o, pos));
          } else {
            SmallVector<Value> inputs(prev);
            SmallVector<Type> elemTypes;
            for (Value s : srcs) {
              inputs.push_back(sliceAlong(b, l, s, axis, pos, 1, true));
              elemTypes.push_back(
                  cast<RankedTensorType>(s.getType()).getElementType());
            }
            auto sliceShape =
                cast<RankedTensorType>(prev.front().getType()).getShape();
            next = buildElementwise(
                b, l, sliceShape, inputs, elemTypes,
                [&](OpBuilder &nb, Location, ValueRange a) {
                  return inlineCombineRegion(nb, combine, a, false);
                });
            for (auto [v, o] : llvm::zip(next, outs))
              newOuts.push_back(insertAlong(b, l, v, o, axis, pos));
          }
          newOuts.append(next);
          scf::YieldOp::create(b, l, newOuts);
        });
    rewriter.replaceOp(op, loop.getResults().take_front(numSrcs));
    return success();
  }

  static Value insertAlong(OpBuilder &b, Location loc, Value slice, Value dest,
                           unsigned axis, OpFoldResult offset) {
    auto ty = cast<RankedTensorType>(dest.getType());
    unsigned rank = ty.getRank();
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (unsigned d = 0; d < rank; ++d)
      sizes.push_back(b.getIndexAttr(d == axis ? 1 : ty.getDimSize(d)));
    offsets[axis] = offset;
    return tensor::InsertSliceOp::create(b, loc, slice, dest, offsets, sizes,
                                         strides);
  }
};

struct HistogramConversion : OpConversionPattern<tt::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcTy = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto resTy = cast<RankedTensorType>(op.getType());
    if (srcTy.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "histogram of rank > 1");
    Type binTy = resTy.getElementType();
    Type valTy = srcTy.getElementType();
    int64_t bins = resTy.getDimSize(0);
    Value empty = makeEmpty(rewriter, loc, resTy.getShape(), binTy);
    Value zero = makeZero(rewriter, loc, binTy);
    Value init = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
    Value src = adaptor.getSrc(), mask = adaptor.getMask();
    auto loop = scf::ForOp::create(
        rewriter, loc, makeIndexConst(rewriter, loc, 0),
        makeIndexConst(rewriter, loc, srcTy.getDimSize(0)),
        makeIndexConst(rewriter, loc, 1), ValueRange{init},
        [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
          Value v = tensor::ExtractOp::create(b, l, src, iv);
          Value lo = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, v,
                                           makeZero(b, l, valTy));
          Value hi = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::slt, v,
              arith::ConstantOp::create(b, l, b.getIntegerAttr(valTy, bins)));
          Value ok = arith::AndIOp::create(b, l, lo, hi);
          if (mask)
            ok = arith::AndIOp::create(
                b, l, ok, tensor::ExtractOp::create(b, l, mask, iv));
          auto ifOp = scf::IfOp::create(
              b, l, ok,
              [&](OpBuilder &nb, Location nl) {
                Value idx = arith::IndexCastOp::create(nb, nl,
                                                       nb.getIndexType(), v);
                Value c = tensor::ExtractOp::create(nb, nl, args[0], idx);
                Value one = arith::ConstantOp::create(
                    nb, nl, nb.getIntegerAttr(binTy, 1));
                Value inc = arith::AddIOp::create(nb, nl, c, one);
                scf::YieldOp::create(
                    nb, nl,
                    ValueRange{tensor::InsertOp::create(nb, nl, inc, args[0],
                                                        idx)});
              },
              [&](OpBuilder &nb, Location nl) {
                scf::YieldOp::create(nb, nl, args[0]);
              });
          scf::YieldOp::create(b, l, ifOp.getResults());
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

struct GatherConversion : OpConversionPattern<tt::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resTy = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    unsigned axis = op.getAxis();
    unsigned rank = resTy.getRank();
    Value src = adaptor.getSrc();
    SmallVector<Value> r = buildElementwise(
        rewriter, op.getLoc(), resTy.getShape(), {adaptor.getIndices()},
        {resTy.getElementType()},
        [&](OpBuilder &b, Location l, ValueRange args) -> SmallVector<Value> {
          SmallVector<Value> coords;
          for (unsigned d = 0; d < rank; ++d)
            coords.push_back(
                d == axis
                    ? arith::IndexCastOp::create(b, l, b.getIndexType(),
                                                 args[0])
                          .getResult()
                    : linalg::IndexOp::create(b, l, d).getResult());
          return {tensor::ExtractOp::create(b, l, src, coords)};
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Print and assert
//===----------------------------------------------------------------------===//

/// Declares (once) a C library function in the LLVM dialect.
LLVM::LLVMFuncOp getOrDeclareLibcFunction(OpBuilder &b, ModuleOp module,
                                          StringRef name,
                                          LLVM::LLVMFunctionType type) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// The address of a NUL-terminated constant string (one global per string).
Value getStringConstant(OpBuilder &b, Location loc, ModuleOp module,
                        StringRef text) {
  std::string data = text.str();
  data.push_back('\0');
  std::string base = "__tt_cpu_str." + llvm::utohexstr(llvm::hash_value(text));
  std::string name = base;
  for (unsigned n = 1;; ++n) {
    auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!global)
      break;
    auto value = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
    if (value && value.getValue() == data)
      return LLVM::AddressOfOp::create(b, loc, global);
    name = base + "." + std::to_string(n);
  }
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(data));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// Calls printf(format, args...).
void callPrintf(OpBuilder &b, Location loc, ModuleOp module, StringRef format,
                ValueRange args) {
  MLIRContext *ctx = b.getContext();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  auto printf = getOrDeclareLibcFunction(
      b, module, "printf",
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrTy}, /*isVarArg=*/true));
  SmallVector<Value> operands{getStringConstant(b, loc, module, format)};
  operands.append(args.begin(), args.end());
  LLVM::CallOp::create(b, loc, printf, operands);
}

/// The printf conversion and the promoted argument for a scalar.
std::pair<std::string, Value> formatScalar(OpBuilder &b, Location loc, Value v,
                                           bool hex, bool isSigned) {
  Type t = v.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return {"%p", v};
  if (auto f = dyn_cast<FloatType>(t)) {
    if (f.getWidth() < 64)
      v = arith::ExtFOp::create(b, loc, b.getF64Type(), v);
    return {hex ? "%a" : "%f", v};
  }
  auto it = cast<IntegerType>(t);
  if (it.getWidth() > 32)
    return {hex ? "0x%llx" : (isSigned ? "%lld" : "%llu"), v};
  if (it.getWidth() < 32)
    v = isSigned && it.getWidth() > 1
            ? arith::ExtSIOp::create(b, loc, b.getI32Type(), v).getResult()
            : arith::ExtUIOp::create(b, loc, b.getI32Type(), v).getResult();
  return {hex ? "0x%x" : (isSigned ? "%d" : "%u"), v};
}

/// Runs `body` with the indices of every element of a tensor of `shape`,
/// in row-major order.
void forEachElement(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                    function_ref<void(OpBuilder &, Location, ValueRange)> body,
                    SmallVector<Value> indices = {}) {
  if (indices.size() == shape.size()) {
    body(b, loc, indices);
    return;
  }
  int64_t extent = shape[indices.size()];
  scf::ForOp::create(
      b, loc, makeIndexConst(b, loc, 0), makeIndexConst(b, loc, extent),
      makeIndexConst(b, loc, 1), ValueRange{},
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange) {
        SmallVector<Value> next = indices;
        next.push_back(iv);
        forEachElement(nb, nl, shape, body, next);
        scf::YieldOp::create(nb, nl);
      });
}

/// One line per scalar, or per tensor element:
/// `pid (x, y, z) idx (i, j) <prefix><value>`; with several operands the
/// prefix is followed by `(operand N) `.
struct PrintConversion : OpConversionPattern<tt::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    SmallVector<Value> pids;
    for (unsigned i = 0; i < 3; ++i) {
      FailureOr<Value> pid = getGridArg(op, i);
      if (failed(pid))
        return failure();
      pids.push_back(*pid);
    }
    // `%` in the prefix must not be taken as a conversion.
    std::string prefix;
    for (char c : op.getPrefix()) {
      prefix.push_back(c);
      if (c == '%')
        prefix.push_back('%');
    }
    ArrayRef<int32_t> isSigned = op.getIsSigned();
    bool hex = op.getHex();
    unsigned numArgs = adaptor.getArgs().size();
    if (numArgs == 0) {
      callPrintf(rewriter, loc, module, "pid (%d, %d, %d) " + prefix + "\n",
                 pids);
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [index, value] : llvm::enumerate(adaptor.getArgs())) {
      unsigned n = index;
      Value arg = value;
      bool sign = n < isSigned.size() ? isSigned[n] != 0 : true;
      std::string head = "pid (%d, %d, %d) ";
      std::string tail = prefix;
      if (numArgs > 1)
        tail += " (operand " + std::to_string(n) + ") ";
      auto tensorTy = dyn_cast<RankedTensorType>(arg.getType());
      if (!tensorTy) {
        auto [conv, promoted] = formatScalar(rewriter, loc, arg, hex, sign);
        SmallVector<Value> args(pids);
        args.push_back(promoted);
        callPrintf(rewriter, loc, module, head + tail + conv + "\n", args);
        continue;
      }
      std::string idx = "idx (";
      for (unsigned d = 0; d < tensorTy.getRank(); ++d)
        idx += d ? ", %3lld" : "%3lld";
      idx += ") ";
      forEachElement(
          rewriter, loc, tensorTy.getShape(),
          [&](OpBuilder &b, Location l, ValueRange indices) {
            Value v = tensor::ExtractOp::create(b, l, arg, indices);
            auto [conv, promoted] = formatScalar(b, l, v, hex, sign);
            SmallVector<Value> args(pids);
            for (Value i : indices)
              args.push_back(
                  arith::IndexCastOp::create(b, l, b.getI64Type(), i));
            args.push_back(promoted);
            callPrintf(b, l, module, head + idx + tail + conv + "\n", args);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// When a condition bit is false: print the message with the program id
/// and the source location, flush, and abort().
struct AssertConversion : OpConversionPattern<tt::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    SmallVector<Value> pids;
    for (unsigned i = 0; i < 3; ++i) {
      FailureOr<Value> pid = getGridArg(op, i);
      if (failed(pid))
        return failure();
      pids.push_back(*pid);
    }
    std::string where;
    if (auto fl = dyn_cast<FileLineColLoc>(loc))
      where = (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ": ")
                  .str();
    std::string message;
    for (char c : (where + op.getMessage()).str()) {
      message.push_back(c);
      if (c == '%')
        message.push_back('%');
    }
    MLIRContext *ctx = getContext();
    auto ptrTy = LLVM::LLVMPointerType::get(ctx);
    auto voidTy = LLVM::LLVMVoidType::get(ctx);
    auto fail = [&](OpBuilder &b, Location l) {
      callPrintf(b, l, module,
                 "pid (%d, %d, %d) Assertion failed: " + message + "\n", pids);
      auto fflush = getOrDeclareLibcFunction(
          b, module, "fflush",
          LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrTy}));
      Value null = LLVM::ZeroOp::create(b, l, ptrTy);
      LLVM::CallOp::create(b, l, fflush, ValueRange{null});
      auto abort = getOrDeclareLibcFunction(
          b, module, "abort", LLVM::LLVMFunctionType::get(voidTy, {}));
      LLVM::CallOp::create(b, l, abort, ValueRange{});
    };
    auto check = [&](OpBuilder &b, Location l, Value bit) {
      Value one = arith::ConstantIntOp::create(b, l, b.getI1Type(), 1);
      Value failed = arith::XOrIOp::create(b, l, bit, one);
      scf::IfOp::create(b, l, failed, [&](OpBuilder &nb, Location nl) {
        fail(nb, nl);
        scf::YieldOp::create(nb, nl);
      });
    };
    Value cond = adaptor.getCondition();
    if (auto tensorTy = dyn_cast<RankedTensorType>(cond.getType()))
      forEachElement(rewriter, loc, tensorTy.getShape(),
                     [&](OpBuilder &b, Location l, ValueRange indices) {
                       check(b, l,
                             tensor::ExtractOp::create(b, l, cond, indices));
                     });
    else
      check(rewriter, loc, cond);
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Miscellaneous
//===----------------------------------------------------------------------===//

/// `ub.poison` of a tensor type has no bufferization: any tensor will do.
struct PoisonConversion : OpConversionPattern<ub::PoisonOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ub::PoisonOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type t = getTypeConverter()->convertType(op.getType());
    if (!t)
      return failure();
    if (auto tensorTy = dyn_cast<RankedTensorType>(t))
      rewriter.replaceOp(op, makeEmpty(rewriter, op.getLoc(),
                                       tensorTy.getShape(),
                                       tensorTy.getElementType()));
    else
      rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, t);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Loop-carried tensors of pointers
//===----------------------------------------------------------------------===//

/// The loop-invariant scalar `s` when `offset` is `splat(s)` or a splat
/// constant (materialized before `loop`), else null.
Value getUniformOffset(Value offset, scf::ForOp loop, OpBuilder &b) {
  if (auto splat = offset.getDefiningOp<tt::SplatOp>()) {
    Value s = splat.getSrc();
    if (!loop.isDefinedOutsideOfLoop(s))
      return Value();
    return s;
  }
  DenseIntElementsAttr dense;
  if (matchPattern(offset, m_Constant(&dense)) && dense.isSplat()) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(loop);
    return arith::ConstantOp::create(b, offset.getLoc(),
                                     dense.getSplatValue<TypedAttr>());
  }
  return Value();
}

/// `p = addptr(p, splat(s))` inside an scf.for makes every later address an
/// opaque value loaded from the previous iteration's tensor. Instead, carry
/// the scalar element offset `o` and recompute `p = addptr(p0, splat(o))`
/// from the initial tensor at the top of each iteration: after fusion the
/// addresses are again affine functions of the tile indices, so loads and
/// stores through them are contiguous and vectorize.
void rewriteLoopCarriedPointers(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  IRRewriter rewriter(module.getContext());
  for (scf::ForOp loop : loops) {
    // Hoist invariant scalar computations first (upstream computes the
    // `BK * stride` increment inside the loop).
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<unsigned> indices;
    SmallVector<Value> steps;
    for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
      BlockArgument arg = loop.getRegionIterArg(i);
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type || !isa<tt::PointerType>(type.getElementType()) ||
          isBlockPointer(type.getElementType()))
        continue;
      auto add = yield.getOperand(i).getDefiningOp<tt::AddPtrOp>();
      if (!add || add.getPtr() != arg)
        continue;
      Value step = getUniformOffset(add.getOffset(), loop, rewriter);
      if (!step)
        continue;
      indices.push_back(i);
      steps.push_back(step);
    }
    if (indices.empty())
      continue;
    Location loc = loop.getLoc();
    Type i64 = rewriter.getI64Type();
    rewriter.setInsertionPoint(loop);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, i64, 0);
    SmallVector<Value> inits(indices.size(), zero);
    SmallVector<Value> initPtrs;
    for (unsigned i : indices)
      initPtrs.push_back(loop.getInitArgs()[i]);
    auto newLoop = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> offsets) {
          SmallVector<Value> next;
          for (auto [o, step] : llvm::zip(offsets, steps))
            next.push_back(arith::AddIOp::create(b, l, o,
                                                 castInt(b, l, step, i64)));
          return next;
        });
    if (failed(newLoop))
      continue;
    auto forOp = cast<scf::ForOp>(newLoop->getOperation());
    unsigned numOld = forOp.getNumRegionIterArgs() - indices.size();
    auto newYield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    for (auto [position, iterIndex] : llvm::enumerate(indices)) {
      unsigned n = position, i = iterIndex;
      BlockArgument arg = forOp.getRegionIterArg(i);
      Value offset = forOp.getRegionIterArg(numOld + n);
      auto type = cast<RankedTensorType>(arg.getType());
      auto offType = RankedTensorType::get(type.getShape(), i64);
      // In the loop: p = p0 + o.
      rewriter.setInsertionPointToStart(forOp.getBody());
      Value splat = tt::SplatOp::create(rewriter, loc, offType, offset);
      Value current =
          tt::AddPtrOp::create(rewriter, loc, type, initPtrs[n], splat);
      Value oldNext = newYield.getOperand(i);
      rewriter.replaceAllUsesExcept(arg, current,
                                    current.getDefiningOp());
      // The old iteration argument no longer changes.
      rewriter.modifyOpInPlace(newYield,
                               [&] { newYield.setOperand(i, arg); });
      if (Operation *def = oldNext.getDefiningOp())
        if (def->use_empty())
          rewriter.eraseOp(def);
      // After the loop: p0 + final offset.
      Value result = forOp.getResult(i);
      if (!result.use_empty()) {
        rewriter.setInsertionPointAfter(forOp);
        Value finalSplat = tt::SplatOp::create(rewriter, loc, offType,
                                               forOp.getResult(numOld + n));
        Value final =
            tt::AddPtrOp::create(rewriter, loc, type, initPtrs[n], finalSplat);
        rewriter.replaceAllUsesExcept(result, final, final.getDefiningOp());
      }
    }
  }
}

/// Why the CPU backend cannot handle `op`, or an empty string when it can.
std::string whyUnsupported(Operation *op) {
  if (isa<tt::ElementwiseInlineAsmOp>(op))
    return "inline assembly is target specific and cannot run on the CPU";
  if (isa<tt::DotScaledOp>(op))
    return "block-scaled dot products are not implemented by the CPU backend";
  if (isa<tt::MakeTensorPtrOp, tt::AdvanceOp>(op))
    return "block pointers must be rewritten to tensors of pointers first "
           "(triton-rewrite-tensor-pointer, part of the tt-ttir pipeline)";
  if (isa<tt::MakeTensorDescOp, tt::DescriptorLoadOp, tt::DescriptorStoreOp,
          tt::DescriptorReduceOp, tt::DescriptorGatherOp,
          tt::DescriptorScatterOp>(op))
    return "tensor descriptors (TMA) are not implemented by the CPU backend";
  if (auto m = dyn_cast<tt::MapElementwiseOp>(op))
    if (m.getPack() != 1 || !m.getScalarOp().hasOneBlock())
      return "map_elementwise with pack > 1 or several blocks is not "
             "implemented by the CPU backend";
  if (auto d = dyn_cast<tt::DotOp>(op)) {
    unsigned rank = cast<RankedTensorType>(d.getType()).getRank();
    if (rank != 2 && rank != 3)
      return "dot operands must be of rank 2 or 3";
  }
  Dialect *d = op->getDialect();
  if (!d || !isa<tt::TritonDialect, arith::ArithDialect, math::MathDialect,
                 scf::SCFDialect, cf::ControlFlowDialect, ub::UBDialect,
                 BuiltinDialect>(d))
    return "the CPU backend expects TTIR (tt, arith, math, scf, cf and ub "
           "operations only)";
  auto badType = [](Type t) {
    Type e = getElementTypeOrSelf(t);
    return isF8(e) || isBlockPointer(e) || isa<tt::TensorDescType>(e);
  };
  for (Type t : op->getOperandTypes())
    if (badType(t))
      return "fp8 element types, block pointers and tensor descriptors are "
             "not supported by the CPU backend";
  for (Type t : op->getResultTypes())
    if (badType(t))
      return "fp8 element types, block pointers and tensor descriptors are "
             "not supported by the CPU backend";
  return "";
}

struct ConvertTritonToLinalgPass
    : tt::impl::ConvertTritonToLinalgBase<ConvertTritonToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    bool ok = true;
    module.walk([&](Operation *op) {
      if (op == module.getOperation())
        return;
      std::string why = whyUnsupported(op);
      if (!why.empty()) {
        op->emitOpError("is not supported by the CPU backend: ") << why;
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();

    rewriteLoopCarriedPointers(module);

    TritonToLinalgTypeConverter converter(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect,
                           func::FuncDialect, LLVM::LLVMDialect,
                           bufferization::BufferizationDialect>();
    target.addIllegalDialect<tt::TritonDialect>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    auto scalarAndLegal = [&](Operation *op) {
      auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
      if (!isa<arith::ConstantOp>(op) &&
          (llvm::any_of(op->getOperandTypes(), isTensor) ||
           llvm::any_of(op->getResultTypes(), isTensor)))
        return false;
      return converter.isLegal(op);
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect,
                                      ub::UBDialect>(scalarAndLegal);
    target.addDynamicallyLegalDialect<cf::ControlFlowDialect>(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(ctx);
    patterns.add<
        FuncOpConversion, ReturnOpConversion, CallOpConversion,
        GridQueryConversion<tt::GetProgramIdOp, 0>,
        GridQueryConversion<tt::GetNumProgramsOp, 3>, MakeRangeConversion,
        SplatConversion, UnsplatConversion, BroadcastConversion,
        ExpandDimsConversion, TransConversion, ReshapeConversion,
        CatConversion, JoinConversion, SplitConversion, AddPtrConversion,
        IntToPtrConversion, PtrToIntConversion, LoadConversion,
        StoreConversion, AtomicRMWConversion, AtomicCASConversion,
        ElementwiseOpConversion, BitcastConversion, FpToFpConversion,
        ClampFConversion, PreciseSqrtConversion, PreciseDivFConversion,
        MulhiUIConversion, ExternElementwiseConversion,
        MapElementwiseConversion, DotConversion, ReduceConversion,
        ScanConversion, HistogramConversion, GatherConversion,
        PrintConversion, AssertConversion, PoisonConversion>(converter, ctx);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateBranchOpInterfaceTypeConversionPattern(patterns, converter);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
