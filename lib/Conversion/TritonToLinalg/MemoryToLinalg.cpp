//===- MemoryToLinalg.cpp - pointers, loads, stores, atomics ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Addresses are i64 tensors (or `!llvm.ptr` scalars); tt.addptr scales the
// offset by the pointee size. tt.load, tt.store and the atomics become
// linalg.generic ops whose body accesses one element through the LLVM
// dialect under an `scf.if` on its mask bit, so that masked-off elements
// are never touched. Atomics call helpers that tritoncpu-define-atomics
// defines once everything is in the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

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

RankedTensorType getTensorTypeOf(Value v) {
  return dyn_cast<RankedTensorType>(v.getType());
}

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
  using O = LLVM::AtomicOrdering;
  using S = tt::MemSemantic;
  static const std::pair<S, O> kOrderings[] = {
      {S::RELAXED, O::monotonic},
      {S::ACQUIRE, O::acquire},
      {S::RELEASE, O::release},
      {S::ACQUIRE_RELEASE, O::acq_rel}};
  for (auto [semantic, ordering] : kOrderings)
    if (semantic == sem)
      return ordering;
  return O::seq_cst;
}

std::optional<LLVM::AtomicBinOp> getAtomicBinOp(tt::RMWOp op, Type elem) {
  using B = LLVM::AtomicBinOp;
  using R = tt::RMWOp;
  // The LLVM operation of each RMW operation on integers and on floats.
  static const std::tuple<R, B, B> kBinOps[] = {
      {R::AND, B::_and, B::_and},  {R::OR, B::_or, B::_or},
      {R::XOR, B::_xor, B::_xor},  {R::ADD, B::add, B::fadd},
      {R::FADD, B::fadd, B::fadd}, {R::MAX, B::max, B::fmax},
      {R::MIN, B::min, B::fmin},   {R::UMAX, B::umax, B::umax},
      {R::UMIN, B::umin, B::umin}, {R::XCHG, B::xchg, B::xchg}};
  for (auto [rmw, onInt, onFloat] : kBinOps)
    if (rmw == op)
      return isa<FloatType>(elem) ? onFloat : onInt;
  return std::nullopt;
}

/// Atomics are calls of helpers that tritoncpu-define-atomics fills in once
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
    auto fn = func::FuncOp::create(b, loc, name, fnType);
    fn.setPrivate();
    // Says to tritoncpu-fuse-elementwise that a call writes memory (a call
    // of a pure extern function may be copied into its users; these not).
    fn->setAttr("tt.writes_memory", b.getUnitAttr());
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

} // namespace

void tt::tolinalg::populateMemoryToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AddPtrConversion, IntToPtrConversion, PtrToIntConversion,
               LoadConversion, StoreConversion, AtomicRMWConversion,
               AtomicCASConversion>(converter, patterns.getContext());
}
