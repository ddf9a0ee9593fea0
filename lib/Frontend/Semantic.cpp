//===- Semantic.cpp - Triton's typing rules ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the operators mean: Python-number folding for compile-time values;
// for tensors, upstream's rules of type promotion (a Python scalar does not
// widen a tensor of the same or a higher kind; mixed floats promote to the
// wider one, fp16/bf16 division to fp32; integers promote by width then
// signedness), NumPy-style broadcasting (missing leading axes, then axes of
// size 1), casts and pointer arithmetic. The triton.language builtins built
// on these rules live in Builtins/.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

VR CodeGen::broadcastTo(const Val &t, llvm::ArrayRef<int64_t> shape) {
  if (!t.ty.isBlock()) {
    if (shape.empty())
      return t;
    TType tt{t.ty.elt, SmallVector<int64_t, 4>(shape)};
    Value v = tr::SplatOp::create(b, loc, irType(tt), t.v);
    return Val::ofTensor(v, tt);
  }
  if (llvm::ArrayRef<int64_t>(t.ty.shape) == shape)
    return t;
  if (t.ty.shape.size() != shape.size())
    return error("cannot broadcast a tensor of shape " + shapeStr(t.ty.shape) +
                 " to shape " + shapeStr(shape) + ": the ranks differ");
  for (size_t k = 0; k < shape.size(); ++k)
    if (t.ty.shape[k] != shape[k] && t.ty.shape[k] != 1)
      return error("cannot broadcast a tensor of shape " +
                   shapeStr(t.ty.shape) + " to shape " + shapeStr(shape) +
                   ": dimension " + std::to_string(k) + " is " +
                   std::to_string(t.ty.shape[k]));
  TType tt{t.ty.elt, SmallVector<int64_t, 4>(shape)};
  Value v = tr::BroadcastOp::create(b, loc, irType(tt), t.v);
  return Val::ofTensor(v, tt);
}

VR CodeGen::expandDims(const Val &t, int axis) {
  if (!t.ty.isBlock())
    return broadcastTo(t, {1});
  int rank = t.ty.shape.size();
  if (axis < 0)
    axis += rank + 1;
  if (axis < 0 || axis > rank)
    return error("expand_dims axis " + std::to_string(axis) +
                 " is out of range for a tensor of rank " +
                 std::to_string(rank));
  TType tt = t.ty;
  tt.shape.insert(tt.shape.begin() + axis, 1);
  Value v = tr::ExpandDimsOp::create(b, loc, t.v, (uint32_t)axis);
  return Val::ofTensor(v, tt);
}

bool CodeGen::broadcastPair(Val &a, Val &c) {
  if (!a.ty.isBlock() && !c.ty.isBlock())
    return true;
  using Pair = std::pair<Val *, Val *>;
  // A scalar takes the other operand's shape.
  for (auto [x, other] : {Pair{&c, &a}, Pair{&a, &c}})
    if (!x->ty.isBlock()) {
      VR r = broadcastTo(*x, other->ty.shape);
      if (!r)
        return false;
      *x = *r;
      return true;
    }
  // The operand of lower rank gets leading dimensions of 1.
  for (auto [x, other] : {Pair{&a, &c}, Pair{&c, &a}})
    while (x->ty.shape.size() < other->ty.shape.size()) {
      VR r = expandDims(*x, 0);
      if (!r)
        return false;
      *x = *r;
    }
  SmallVector<int64_t, 4> shape;
  for (size_t k = 0; k < a.ty.shape.size(); ++k) {
    int64_t l = a.ty.shape[k], r = c.ty.shape[k];
    if (l == r || r == 1)
      shape.push_back(l);
    else if (l == 1)
      shape.push_back(r);
    else
      return error("incompatible shapes" + opContext + ": " +
                   shapeStr(a.ty.shape) + " and " + shapeStr(c.ty.shape) +
                   " (dimension " + std::to_string(k) + " is " +
                   std::to_string(l) + " on the left and " + std::to_string(r) +
                   " on the right)"),
             false;
  }
  VR ra = broadcastTo(a, shape);
  if (!ra)
    return false;
  VR rc = broadcastTo(c, shape);
  if (!rc)
    return false;
  a = *ra;
  c = *rc;
  return true;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// A zero of `elt` with `shape` (a splat of a scalar constant).
Value tt::frontend::detail::zerosOf(CodeGen &cg, DType elt,
                                    llvm::ArrayRef<int64_t> shape) {
  Val z = cg.scalarConstant(Val::ofInt(0), elt);
  if (shape.empty())
    return z.v;
  return cg.broadcastTo(z, shape)->v;
}

VR CodeGen::cast(const Val &t, DType dst, bool bitcast,
                 std::optional<tr::RoundingMode> rounding) {
  if (!t.isTensor()) {
    VR tv = toTensor(t);
    if (!tv)
      return std::nullopt;
    return cast(*tv, dst, bitcast, rounding);
  }
  DType src = t.ty.elt;
  TType dstTT{dst, t.ty.shape};
  if (src == dst)
    return t;
  Type dstTy = irType(dstTT);
  auto make = [&](Value v) { return Val::ofTensor(v, dstTT); };
  if (bitcast) {
    if (src.bits() != dst.bits())
      return error("cannot bitcast " + src.name() + " to " + dst.name() +
                   ": their bit widths differ");
    if (irType(src) == irType(dst))
      return make(t.v);
    return make(tr::BitcastOp::create(b, loc, dstTy, t.v));
  }
  if (irType(src) == irType(dst))
    return make(t.v); // e.g. int32 <-> uint32: same IR type
  if (src.isPtr() || dst.isPtr()) {
    if (src.isPtr() && dst.isPtr())
      return make(tr::BitcastOp::create(b, loc, dstTy, t.v));
    if (src.isPtr() && dst.kind == SK::I64)
      return make(tr::PtrToIntOp::create(b, loc, dstTy, t.v));
    if (src.isPtr() && dst.isBool()) {
      VR i = cast(t, DType(SK::I64));
      if (!i)
        return std::nullopt;
      Value z = zerosOf(*this, DType(SK::I64), t.ty.shape);
      return make(
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, i->v, z));
    }
    if (dst.isPtr() && src.kind == SK::I64)
      return make(tr::IntToPtrOp::create(b, loc, dstTy, t.v));
    return error("cannot cast " + src.name() + " to " + dst.name());
  }
  if (dst.isBool()) { // x != 0
    Value z = zerosOf(*this, src, t.ty.shape);
    if (src.isFloat())
      return make(
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, t.v, z));
    return make(
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, t.v, z));
  }
  if (src.isFloat() && dst.isFloat()) {
    if (src.isFP8() || dst.isFP8()) {
      tr::RoundingModeAttr rm;
      if (dst.bits() < src.bits())
        rm = tr::RoundingModeAttr::get(
            &ctx, rounding.value_or(tr::RoundingMode::RTNE));
      return make(tr::FpToFpOp::create(b, loc, dstTy, t.v, rm));
    }
    if (src.bits() == dst.bits()) {
      // fp16 <-> bf16 goes through fp32.
      VR mid = cast(t, DType(SK::FP32));
      if (!mid)
        return std::nullopt;
      return cast(*mid, dst, false, rounding);
    }
    if (dst.bits() > src.bits())
      return make(arith::ExtFOp::create(b, loc, dstTy, t.v));
    if (rounding && *rounding == tr::RoundingMode::RTZ)
      return make(tr::FpToFpOp::create(
          b, loc, dstTy, t.v, tr::RoundingModeAttr::get(&ctx, *rounding)));
    return make(arith::TruncFOp::create(b, loc, dstTy, t.v));
  }
  if (src.isInt() && dst.isInt()) {
    if (src.bits() < dst.bits()) {
      if (src.isSigned())
        return make(arith::ExtSIOp::create(b, loc, dstTy, t.v));
      return make(arith::ExtUIOp::create(b, loc, dstTy, t.v));
    }
    return make(arith::TruncIOp::create(b, loc, dstTy, t.v));
  }
  if (src.isFloat() && dst.isInt()) {
    if (src.isFP8()) {
      VR mid = cast(t, DType(SK::FP32));
      return mid ? cast(*mid, dst) : std::nullopt;
    }
    if (dst.isSigned())
      return make(arith::FPToSIOp::create(b, loc, dstTy, t.v));
    return make(arith::FPToUIOp::create(b, loc, dstTy, t.v));
  }
  if (src.isInt() && dst.isFloat()) {
    if (dst.isFP8()) {
      VR mid = cast(t, DType(SK::FP32));
      return mid ? cast(*mid, dst, false, rounding) : std::nullopt;
    }
    if (src.isUnsigned())
      return make(arith::UIToFPOp::create(b, loc, dstTy, t.v));
    return make(arith::SIToFPOp::create(b, loc, dstTy, t.v));
  }
  return error("cannot cast " + src.name() + " to " + dst.name());
}

//===----------------------------------------------------------------------===//
// Compile-time Python arithmetic
//===----------------------------------------------------------------------===//

std::optional<bool> CodeGen::constTruth(const Val &v) {
  switch (v.kind) {
  case Val::None:
    return false;
  case Val::Bool:
    return v.b;
  case Val::Int:
    return v.i != 0;
  case Val::Float:
    return v.f != 0;
  case Val::Str:
    return !v.s.empty();
  case Val::Tuple:
    return !v.elts->empty();
  case Val::Tensor:
    return std::nullopt;
  default:
    return true;
  }
}

static bool constEqual(const Val &a, const Val &c) {
  if (a.isNumber() && c.isNumber()) {
    if (a.kind == Val::Float || c.kind == Val::Float)
      return asDouble(a) == asDouble(c);
    int64_t x = a.kind == Val::Int ? a.i : a.b;
    int64_t y = c.kind == Val::Int ? c.i : c.b;
    return x == y;
  }
  if (a.kind != c.kind)
    return false;
  switch (a.kind) {
  case Val::None:
  case Val::Ellipsis:
    return true;
  case Val::Str:
  case Val::Module:
  case Val::Builtin:
    return a.s == c.s;
  case Val::DTypeV:
    return a.dt == c.dt;
  case Val::JitFn:
    return a.fn == c.fn;
  case Val::Tuple:
    if (a.elts->size() != c.elts->size())
      return false;
    for (size_t k = 0; k < a.elts->size(); ++k)
      if (!constEqual((*a.elts)[k], (*c.elts)[k]))
        return false;
    return true;
  default:
    return false;
  }
}

/// Python's name of the type of `v` (the kinds not listed are functions).
static const char *pyTypeName(const Val &v) {
  static const std::pair<Val::Kind, const char *> kNames[] = {
      {Val::None, "NoneType"}, {Val::Int, "int"},       {Val::Float, "float"},
      {Val::Bool, "bool"},     {Val::Str, "str"},       {Val::DTypeV, "dtype"},
      {Val::Tuple, "tuple"},   {Val::Tensor, "tensor"}, {Val::Module, "module"},
      {Val::Slice, "slice"}};
  for (const auto &[kind, name] : kNames)
    if (v.kind == kind)
      return name;
  return "function";
}

static VR constBinary(CodeGen &cg, BinOpKind op, const Val &a, const Val &c) {
  bool anyFloat = a.kind == Val::Float || c.kind == Val::Float;
  int64_t x = a.kind == Val::Int ? a.i : a.kind == Val::Bool ? a.b : 0;
  int64_t y = c.kind == Val::Int ? c.i : c.kind == Val::Bool ? c.b : 0;
  double fx = asDouble(a), fy = asDouble(c);
  auto overflow = [&]() {
    return cg.error("integer overflow in a compile-time expression");
  };
  int64_t r;
  switch (op) {
  case BinOpKind::Add:
    if (anyFloat)
      return Val::ofFloat(fx + fy);
    if (__builtin_add_overflow(x, y, &r))
      return overflow();
    return Val::ofInt(r);
  case BinOpKind::Sub:
    if (anyFloat)
      return Val::ofFloat(fx - fy);
    if (__builtin_sub_overflow(x, y, &r))
      return overflow();
    return Val::ofInt(r);
  case BinOpKind::Mul:
    if (anyFloat)
      return Val::ofFloat(fx * fy);
    if (__builtin_mul_overflow(x, y, &r))
      return overflow();
    return Val::ofInt(r);
  case BinOpKind::Div:
    if (fy == 0)
      return cg.error("division by zero");
    return Val::ofFloat(fx / fy);
  case BinOpKind::FloorDiv:
    if (anyFloat) {
      if (fy == 0)
        return cg.error("division by zero");
      return Val::ofFloat(std::floor(fx / fy));
    }
    if (y == 0)
      return cg.error("integer division by zero");
    r = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
      --r;
    return Val::ofInt(r);
  case BinOpKind::Mod:
    if (anyFloat) {
      if (fy == 0)
        return cg.error("modulo by zero");
      return Val::ofFloat(fx - std::floor(fx / fy) * fy);
    }
    if (y == 0)
      return cg.error("integer modulo by zero");
    r = x % y;
    if (r != 0 && ((r < 0) != (y < 0)))
      r += y;
    return Val::ofInt(r);
  case BinOpKind::Pow:
    if (anyFloat || y < 0)
      return Val::ofFloat(std::pow(fx, fy));
    r = 1;
    for (int64_t k = 0; k < y; ++k)
      if (__builtin_mul_overflow(r, x, &r))
        return overflow();
    return Val::ofInt(r);
  default:
    break;
  }
  if (anyFloat)
    return cg.error(std::string("unsupported operand types for ") +
                    spelling(op).str() + ": '" + pyTypeName(a) + "' and '" +
                    pyTypeName(c) + "'");
  bool bothBool = a.kind == Val::Bool && c.kind == Val::Bool;
  switch (op) {
  case BinOpKind::BitAnd:
    return bothBool ? Val::ofBool(a.b && c.b) : Val::ofInt(x & y);
  case BinOpKind::BitOr:
    return bothBool ? Val::ofBool(a.b || c.b) : Val::ofInt(x | y);
  case BinOpKind::BitXor:
    return bothBool ? Val::ofBool(a.b != c.b) : Val::ofInt(x ^ y);
  case BinOpKind::LShift:
    if (y < 0 || y > 63)
      return cg.error("shift count out of range in a compile-time expression");
    return Val::ofInt((int64_t)((uint64_t)x << y));
  case BinOpKind::RShift:
    if (y < 0)
      return cg.error("negative shift count");
    return Val::ofInt(y > 63 ? (x < 0 ? -1 : 0) : x >> y);
  default:
    return cg.error(std::string("unsupported operand types for ") +
                    spelling(op).str() + ": '" + pyTypeName(a) + "' and '" +
                    pyTypeName(c) + "'");
  }
}

//===----------------------------------------------------------------------===//
// Tensor operators
//===----------------------------------------------------------------------===//

DType tt::frontend::detail::integerPromote(DType a, DType c) {
  unsigned ab = a.bits(), cb = c.bits();
  if (a.isSigned() == c.isSigned())
    return ab > cb ? a : c;
  if (a.isUnsigned())
    return ab >= cb ? a : c;
  return cb >= ab ? c : a;
}

/// Upstream's computation type of an arithmetic operator.
static std::optional<DType> computationType(CodeGen &cg, DType a, bool aScalar,
                                            DType c, bool cScalar,
                                            bool divOrMod) {
  if (aScalar != cScalar) {
    DType scalar = aScalar ? a : c, tensor = aScalar ? c : a;
    if (scalar.kindOrder() <= tensor.kindOrder()) {
      if (divOrMod && (tensor.kind == SK::FP16 || tensor.kind == SK::BF16))
        return DType(SK::FP32);
      return tensor;
    }
  }
  if (a.kind == SK::FP64 || c.kind == SK::FP64)
    return DType(SK::FP64);
  if (a.kind == SK::FP32 || c.kind == SK::FP32)
    return DType(SK::FP32);
  if (a.kind == SK::FP16 || c.kind == SK::FP16)
    return DType(divOrMod ? SK::FP32 : SK::FP16);
  if (a.kind == SK::BF16 && c.kind == SK::BF16)
    return DType(divOrMod ? SK::FP32 : SK::BF16);
  if (a.kind == SK::BF16 || c.kind == SK::BF16)
    return DType(SK::FP32);
  if (a.isFP8() && c.isFP8())
    return a == c ? a : DType(SK::FP16);
  if (!a.isInt() || !c.isInt()) {
    cg.error("unexpected operand types " + a.name() + " and " + c.name());
    return std::nullopt;
  }
  if (divOrMod && a.isSigned() != c.isSigned()) {
    cg.error("cannot use /, // or % on " + a.name() + " and " + c.name() +
             ": they have different signedness (cast one of them first)");
    return std::nullopt;
  }
  return integerPromote(a, c);
}

std::optional<Operands>
tt::frontend::detail::typeCheck(CodeGen &cg, const Val &l, const Val &r,
                                bool allowLhsPtr, bool allowRhsPtr,
                                bool arithmetic, bool divOrMod,
                                llvm::StringRef op) {
  bool ls = l.isNumber(), rs = r.isNumber();
  DType lt = ls ? cg.numberDType(l) : l.ty.elt;
  DType rt = rs ? cg.numberDType(r) : r.ty.elt;
  auto bad = [&]() {
    cg.error("unsupported operand types for '" + op.str() + "': " + lt.name() +
             " and " + rt.name());
    return std::nullopt;
  };
  for (int side = 0; side < 2; ++side) {
    DType a = side ? rt : lt, c = side ? lt : rt;
    bool allow = side ? allowRhsPtr : allowLhsPtr;
    if (a.isPtr() && (!allow || (c.isPtr() && a != c) || c.isFloat()))
      return bad();
  }
  Operands o;
  if (arithmetic && !lt.isPtr() && !rt.isPtr()) {
    std::optional<DType> ret = computationType(cg, lt, ls, rt, rs, divOrMod);
    if (!ret)
      return std::nullopt;
    if (ret->isUnsigned() && !ret->isBool() &&
        ((ls && l.kind == Val::Int && l.i < 0) ||
         (rs && r.kind == Val::Int && r.i < 0))) {
      cg.error("cannot combine an unsigned tensor with a negative scalar");
      return std::nullopt;
    }
    VR lv = ls ? cg.scalarConstant(l, *ret) : cg.cast(l, *ret);
    if (!lv)
      return std::nullopt;
    VR rv = rs ? cg.scalarConstant(r, *ret) : cg.cast(r, *ret);
    if (!rv)
      return std::nullopt;
    o.l = *lv;
    o.r = *rv;
  } else {
    VR lv = cg.toTensor(l);
    if (!lv)
      return std::nullopt;
    VR rv = cg.toTensor(r);
    if (!rv)
      return std::nullopt;
    o.l = *lv;
    o.r = *rv;
  }
  cg.opContext = " for '" + op.str() + "'";
  bool ok = cg.broadcastPair(o.l, o.r);
  cg.opContext.clear();
  if (!ok)
    return std::nullopt;
  return o;
}

/// The result type of an element-wise op on operands of type `t`.
static Val result(Value v, const TType &t) { return Val::ofTensor(v, t); }

using TensorArithFn = Value (*)(OpBuilder &, Location, Value, Value);
template <typename Op>
static Value buildArith(OpBuilder &b, Location loc, Value l, Value r) {
  return Op::create(b, loc, l, r);
}

/// A tensor operator: which operands may be pointers, whether it divides
/// (upstream promotes such operands differently), and the arith op on
/// floats (null: integers only), signed and unsigned integers. Pointers
/// (+ and -) and integer true division (in fp32) are handled before.
struct TensorArith {
  BinOpKind op;
  bool lhsPtr, rhsPtr, divOrMod;
  TensorArithFn onFloat, onSigned, onUnsigned;
};
static const TensorArith kTensorArith[] = {
    {BinOpKind::Add, true, true, false, buildArith<arith::AddFOp>,
     buildArith<arith::AddIOp>, buildArith<arith::AddIOp>},
    {BinOpKind::Sub, true, false, false, buildArith<arith::SubFOp>,
     buildArith<arith::SubIOp>, buildArith<arith::SubIOp>},
    {BinOpKind::Mul, false, false, false, buildArith<arith::MulFOp>,
     buildArith<arith::MulIOp>, buildArith<arith::MulIOp>},
    {BinOpKind::Div, false, false, true, buildArith<arith::DivFOp>, nullptr,
     nullptr},
    {BinOpKind::FloorDiv, false, false, true, nullptr,
     buildArith<arith::DivSIOp>, buildArith<arith::DivUIOp>},
    {BinOpKind::Mod, false, false, true, buildArith<arith::RemFOp>,
     buildArith<arith::RemSIOp>, buildArith<arith::RemUIOp>},
    {BinOpKind::BitAnd, false, false, false, nullptr, buildArith<arith::AndIOp>,
     buildArith<arith::AndIOp>},
    {BinOpKind::BitOr, false, false, false, nullptr, buildArith<arith::OrIOp>,
     buildArith<arith::OrIOp>},
    {BinOpKind::BitXor, false, false, false, nullptr, buildArith<arith::XOrIOp>,
     buildArith<arith::XOrIOp>},
    {BinOpKind::LShift, false, false, false, nullptr, buildArith<arith::ShLIOp>,
     buildArith<arith::ShLIOp>},
    {BinOpKind::RShift, false, false, false, nullptr,
     buildArith<arith::ShRSIOp>, buildArith<arith::ShRUIOp>},
};

VR CodeGen::binary(BinOpKind op, const Val &lhs, const Val &rhs) {
  if (!lhs.isTensor() && !rhs.isTensor()) {
    if (lhs.isNumber() && rhs.isNumber())
      return constBinary(*this, op, lhs, rhs);
    if (op == BinOpKind::Add && lhs.kind == Val::Tuple &&
        rhs.kind == Val::Tuple) {
      std::vector<Val> out = lhs.tuple();
      out.insert(out.end(), rhs.tuple().begin(), rhs.tuple().end());
      return Val::ofTuple(std::move(out));
    }
    if (op == BinOpKind::Mul && lhs.kind == Val::Tuple &&
        rhs.kind == Val::Int) {
      std::vector<Val> out;
      for (int64_t k = 0; k < rhs.i; ++k)
        out.insert(out.end(), lhs.tuple().begin(), lhs.tuple().end());
      return Val::ofTuple(std::move(out));
    }
    if (op == BinOpKind::Add && lhs.kind == Val::Str && rhs.kind == Val::Str)
      return Val::ofStr(lhs.s + rhs.s);
    return error(std::string("unsupported operand types for ") +
                 spelling(op).str() + ": '" + pyTypeName(lhs) + "' and '" +
                 pyTypeName(rhs) + "'");
  }
  for (const Val *v : {&lhs, &rhs})
    if (!v->isTensor() && !v->isNumber())
      return error(std::string("unsupported operand types for ") +
                   spelling(op).str() + ": '" + pyTypeName(lhs) + "' and '" +
                   pyTypeName(rhs) + "'");
  if (op == BinOpKind::Pow)
    return error("'**' is not supported on tensors");
  if (op == BinOpKind::MatMul)
    return error("'@' is not supported on tensors; use tl.dot");
  const TensorArith *a = &kTensorArith[0];
  while (a->op != op)
    ++a;
  auto o = typeCheck(*this, lhs, rhs, a->lhsPtr, a->rhsPtr, true, a->divOrMod,
                     spelling(op));
  if (!o)
    return std::nullopt;
  Val l = o->l, r = o->r;
  if (op == BinOpKind::Add && r.ty.elt.isPtr() && !l.ty.elt.isPtr())
    std::swap(l, r);
  if (l.ty.elt.isPtr()) { // pointer + offset, pointer - offset
    if (r.ty.elt.isPtr())
      return error("cannot add two pointers");
    Value offset = r.v;
    if (op == BinOpKind::Sub)
      offset = arith::SubIOp::create(b, loc,
                                     zerosOf(*this, r.ty.elt, r.ty.shape), r.v);
    return result(tr::AddPtrOp::create(b, loc, irType(l.ty), l.v, offset),
                  l.ty);
  }
  if (op == BinOpKind::Div && l.ty.elt.isInt()) { // true division in fp32
    VR lf = cast(l, DType(SK::FP32));
    VR rf = lf ? cast(r, DType(SK::FP32)) : std::nullopt;
    if (!rf)
      return std::nullopt;
    l = *lf;
    r = *rf;
  }
  DType et = l.ty.elt;
  if (!et.isInt() && !a->onFloat)
    return error(std::string("'") + spelling(op).str() +
                 "' needs integer operands, got " + et.name() +
                 (op == BinOpKind::FloorDiv ? " (use / for floats)" : ""));
  TensorArithFn build = et.isFloat()    ? a->onFloat
                        : et.isSigned() ? a->onSigned
                                        : a->onUnsigned;
  return result(build(b, loc, l.v, r.v), l.ty);
}

VR CodeGen::compare(CmpOpKind op, const Val &lhs, const Val &rhs) {
  if (op == CmpOpKind::Is || op == CmpOpKind::IsNot) {
    bool same = !lhs.isTensor() && !rhs.isTensor()
                    ? lhs.kind == rhs.kind && constEqual(lhs, rhs)
                    : lhs.isTensor() && rhs.isTensor() && lhs.v == rhs.v;
    return Val::ofBool(op == CmpOpKind::Is ? same : !same);
  }
  if (op == CmpOpKind::In || op == CmpOpKind::NotIn) {
    if (rhs.kind != Val::Tuple || !lhs.isConstexpr())
      return error("'in' is only supported on compile-time tuples");
    bool found = llvm::any_of(rhs.tuple(),
                              [&](const Val &x) { return constEqual(lhs, x); });
    return Val::ofBool(op == CmpOpKind::In ? found : !found);
  }
  if (!lhs.isTensor() && !rhs.isTensor()) {
    if (op == CmpOpKind::Eq)
      return Val::ofBool(constEqual(lhs, rhs));
    if (op == CmpOpKind::Ne)
      return Val::ofBool(!constEqual(lhs, rhs));
    if (!lhs.isNumber() || !rhs.isNumber())
      return error(std::string("'") + spelling(op).str() +
                   "' is not supported between '" + pyTypeName(lhs) +
                   "' and '" + pyTypeName(rhs) + "'");
    double x = asDouble(lhs), y = asDouble(rhs);
    bool ints = lhs.kind != Val::Float && rhs.kind != Val::Float;
    int64_t xi = lhs.kind == Val::Int ? lhs.i : lhs.b;
    int64_t yi = rhs.kind == Val::Int ? rhs.i : rhs.b;
    bool r;
    switch (op) {
    case CmpOpKind::Lt:
      r = ints ? xi < yi : x < y;
      break;
    case CmpOpKind::Le:
      r = ints ? xi <= yi : x <= y;
      break;
    case CmpOpKind::Gt:
      r = ints ? xi > yi : x > y;
      break;
    default:
      r = ints ? xi >= yi : x >= y;
      break;
    }
    return Val::ofBool(r);
  }
  for (const Val *v : {&lhs, &rhs})
    if (!v->isTensor() && !v->isNumber())
      return error(std::string("'") + spelling(op).str() +
                   "' is not supported between '" + pyTypeName(lhs) +
                   "' and '" + pyTypeName(rhs) + "'");
  auto o = typeCheck(*this, lhs, rhs, false, false, true, false, spelling(op));
  if (!o)
    return std::nullopt;
  TType rt{DType(SK::I1), o->l.ty.shape};
  DType et = o->l.ty.elt;
  // The predicates of each comparison: for floats (ordered, but != is true
  // for NaN), signed and unsigned integers. Anything else compares as !=.
  struct Predicates {
    CmpOpKind op;
    arith::CmpFPredicate f;
    arith::CmpIPredicate s, u;
  };
  using F = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  static const Predicates kPredicates[] = {
      {CmpOpKind::Lt, F::OLT, I::slt, I::ult},
      {CmpOpKind::Le, F::OLE, I::sle, I::ule},
      {CmpOpKind::Gt, F::OGT, I::sgt, I::ugt},
      {CmpOpKind::Ge, F::OGE, I::sge, I::uge},
      {CmpOpKind::Eq, F::OEQ, I::eq, I::eq},
      {CmpOpKind::Ne, F::UNE, I::ne, I::ne}};
  const Predicates *p = &kPredicates[std::size(kPredicates) - 1];
  for (const Predicates &entry : kPredicates)
    if (entry.op == op)
      p = &entry;
  if (et.isFloat())
    return result(arith::CmpFOp::create(b, loc, p->f, o->l.v, o->r.v), rt);
  return result(arith::CmpIOp::create(b, loc, et.isSigned() ? p->s : p->u,
                                      o->l.v, o->r.v),
                rt);
}

VR CodeGen::unary(UnaryOpKind op, const Val &v) {
  if (!v.isTensor()) {
    if (op == UnaryOpKind::Not) {
      std::optional<bool> t = constTruth(v);
      if (!t)
        return error("cannot negate " + v.describe());
      return Val::ofBool(!*t);
    }
    if (!v.isNumber())
      return error(std::string("bad operand type for unary ") +
                   spelling(op).str() + ": '" + pyTypeName(v) + "'");
    int64_t x = v.kind == Val::Int ? v.i : v.b;
    switch (op) {
    case UnaryOpKind::Neg:
      if (v.kind == Val::Float)
        return Val::ofFloat(-v.f);
      if (x == INT64_MIN)
        return error("integer overflow in a compile-time expression");
      return Val::ofInt(-x);
    case UnaryOpKind::Pos:
      return v.kind == Val::Bool ? Val::ofInt(x) : v;
    case UnaryOpKind::Invert:
      if (v.kind == Val::Float)
        return error("bad operand type for unary ~: 'float'");
      return Val::ofInt(~x);
    default:
      break;
    }
    return std::nullopt;
  }
  DType et = v.ty.elt;
  switch (op) {
  case UnaryOpKind::Pos:
    return v;
  case UnaryOpKind::Neg: {
    if (et.isPtr())
      return error("cannot negate a pointer");
    Value zero = zerosOf(*this, et, v.ty.shape);
    if (et.isFloat())
      return result(arith::SubFOp::create(b, loc, zero, v.v), v.ty);
    return result(arith::SubIOp::create(b, loc, zero, v.v), v.ty);
  }
  case UnaryOpKind::Invert: {
    if (!et.isInt())
      return error("'~' needs an integer tensor, got " + et.name());
    Val ones = scalarConstant(Val::ofInt(-1), et);
    VR full = broadcastTo(ones, v.ty.shape);
    if (!full)
      return std::nullopt;
    return result(arith::XOrIOp::create(b, loc, v.v, full->v), v.ty);
  }
  case UnaryOpKind::Not: {
    VR c = cast(v, DType(SK::I1));
    if (!c)
      return std::nullopt;
    Val t = scalarConstant(Val::ofBool(true), DType(SK::I1));
    VR full = broadcastTo(t, v.ty.shape);
    if (!full)
      return std::nullopt;
    return result(arith::XOrIOp::create(b, loc, c->v, full->v), c->ty);
  }
  }
  return std::nullopt;
}

VR CodeGen::logical(bool isAnd, const Val &lhs, const Val &rhs) {
  VR l = cast(lhs, DType(SK::I1));
  if (!l)
    return std::nullopt;
  VR r = cast(rhs, DType(SK::I1));
  if (!r)
    return std::nullopt;
  Val a = *l, c = *r;
  opContext = isAnd ? " for 'and'" : " for 'or'";
  bool ok = broadcastPair(a, c);
  opContext.clear();
  if (!ok)
    return std::nullopt;
  if (isAnd)
    return result(arith::AndIOp::create(b, loc, a.v, c.v), a.ty);
  return result(arith::OrIOp::create(b, loc, a.v, c.v), a.ty);
}

VR CodeGen::minMax(bool isMax, const Val &lhs, const Val &rhs,
                   bool propagateNan) {
  if (lhs.isNumber() && rhs.isNumber()) {
    VR gt = compare(CmpOpKind::Gt, lhs, rhs);
    if (!gt)
      return std::nullopt;
    return (gt->b == isMax) ? lhs : rhs;
  }
  auto o = typeCheck(*this, lhs, rhs, false, false, true, false,
                     isMax ? "maximum" : "minimum");
  if (!o)
    return std::nullopt;
  DType et = o->l.ty.elt;
  Value l = o->l.v, r = o->r.v, v;
  if (et.isFloat()) {
    if (propagateNan)
      v = isMax ? arith::MaximumFOp::create(b, loc, l, r).getResult()
                : arith::MinimumFOp::create(b, loc, l, r).getResult();
    else
      v = isMax ? arith::MaxNumFOp::create(b, loc, l, r).getResult()
                : arith::MinNumFOp::create(b, loc, l, r).getResult();
  } else if (et.isSigned()) {
    v = isMax ? arith::MaxSIOp::create(b, loc, l, r).getResult()
              : arith::MinSIOp::create(b, loc, l, r).getResult();
  } else if (et.isInt()) {
    v = isMax ? arith::MaxUIOp::create(b, loc, l, r).getResult()
              : arith::MinUIOp::create(b, loc, l, r).getResult();
  } else {
    return error("minimum/maximum need numbers, got " + et.name());
  }
  return result(v, o->l.ty);
}

VR CodeGen::where(const Val &cond, const Val &x, const Val &y) {
  VR c = cast(cond, DType(SK::I1));
  if (!c)
    return std::nullopt;
  auto o = typeCheck(*this, x, y, true, true, true, false, "tl.where");
  if (!o)
    return std::nullopt;
  Val cv = *c, xv = o->l, yv = o->r;
  opContext = " for tl.where";
  bool ok =
      broadcastPair(cv, xv) && broadcastPair(xv, yv) && broadcastPair(cv, xv);
  opContext.clear();
  if (!ok)
    return std::nullopt;
  return result(arith::SelectOp::create(b, loc, cv.v, xv.v, yv.v), xv.ty);
}
