//===- Semantic.cpp - Triton's typing rules and builtins --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the operators and the triton.language functions mean: Python-number
// folding for compile-time values; for tensors, upstream's rules of type
// promotion (a Python scalar does not widen a tensor of the same or a
// higher kind; mixed floats promote to the wider one, fp16/bf16 division
// to fp32; integers promote by width then signedness), NumPy-style
// broadcasting (missing leading axes, then axes of size 1), casts, pointer
// arithmetic, and the builtins (memory, reductions, math, dot, shapes).
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tt/Support/TypeNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

//===----------------------------------------------------------------------===//
// DType and TType
//===----------------------------------------------------------------------===//

/// The entry of a scalar kind in tt::support's table of Triton's type
/// names, which lists them in SK's order; nullptr for Void and Ptr.
static const tt::support::TypeName *getTypeName(SK k) {
  if (k == SK::Void || k == SK::Ptr)
    return nullptr;
  return &tt::support::getTypeName(
      tt::support::ScalarType(int(k) - int(SK::I1)));
}

static SK getSK(const tt::support::TypeName &t) {
  return SK(int(SK::I1) + int(t.type));
}

static_assert(int(SK::U8) - int(SK::I1) == int(tt::support::ScalarType::U8) &&
                  int(SK::FP8E4NV) - int(SK::I1) ==
                      int(tt::support::ScalarType::FP8E4NV) &&
                  int(SK::FP64) - int(SK::I1) ==
                      int(tt::support::ScalarType::FP64),
              "SK lists the scalar types in tt::support::ScalarType's order");

unsigned DType::bits() const {
  if (kind == SK::Ptr)
    return 64;
  const tt::support::TypeName *t = getTypeName(kind);
  return t ? t->bits : 0;
}

/// Upstream's dtype names: "int32", "uint8", but "fp16", "bf16", "fp8e4nv".
static const char *skName(SK k) {
  if (k == SK::Void)
    return "void";
  if (k == SK::Ptr)
    return "pointer";
  const tt::support::TypeName *t = getTypeName(k);
  return t->kind == tt::support::TypeKind::Float ? t->name : t->languageName;
}

/// The signature names: "i32", "u8", "fp16".
static const char *skMangle(SK k) {
  const tt::support::TypeName *t = getTypeName(k);
  return t ? t->name : skName(k);
}

std::string DType::name() const {
  if (isPtr())
    return std::string("pointer<") + skName(pointee) + ">";
  return skName(kind);
}

std::string DType::mangle() const {
  if (isPtr())
    return std::string("P") + skMangle(pointee);
  return skMangle(kind);
}

std::optional<DType>
tt::frontend::detail::dtypeFromSignature(llvm::StringRef name) {
  bool ptr = name.consume_front("*");
  const tt::support::TypeName *t = tt::support::lookupTypeName(name);
  if (!t)
    return std::nullopt;
  return ptr ? DType::ptrTo(getSK(*t)) : DType(getSK(*t));
}

std::optional<DType>
tt::frontend::detail::dtypeFromLanguageName(llvm::StringRef name) {
  const tt::support::TypeName *t = tt::support::lookupLanguageTypeName(name);
  if (!t)
    return std::nullopt;
  return DType(getSK(*t));
}

std::string TType::str() const {
  std::string s = elt.name();
  if (!isBlock())
    return s;
  s += "[";
  for (size_t k = 0; k < shape.size(); ++k)
    s += (k ? ", " : "") + std::to_string(shape[k]);
  return s + "]";
}

static std::string shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t k = 0; k < shape.size(); ++k)
    s += (k ? ", " : "") + std::to_string(shape[k]);
  return s + "]";
}

//===----------------------------------------------------------------------===//
// IR types and constants
//===----------------------------------------------------------------------===//

Type CodeGen::irType(const DType &d) {
  switch (d.kind) {
  case SK::I1:
    return b.getI1Type();
  case SK::I8:
  case SK::U8:
    return b.getI8Type();
  case SK::I16:
  case SK::U16:
    return b.getI16Type();
  case SK::I32:
  case SK::U32:
    return b.getI32Type();
  case SK::I64:
  case SK::U64:
    return b.getI64Type();
  case SK::FP8E4NV:
    return b.getType<Float8E4M3FNType>();
  case SK::FP8E5:
    return b.getType<Float8E5M2Type>();
  case SK::FP8E4B15:
    return b.getType<Float8E4M3B11FNUZType>();
  case SK::FP16:
    return b.getF16Type();
  case SK::BF16:
    return b.getBF16Type();
  case SK::FP32:
    return b.getF32Type();
  case SK::FP64:
    return b.getF64Type();
  case SK::Ptr:
    return tr::PointerType::get(irType(DType(d.pointee)), 1);
  case SK::Void:
    break;
  }
  return b.getNoneType();
}

Type CodeGen::irType(const TType &t) {
  Type elt = irType(t.elt);
  if (!t.isBlock())
    return elt;
  return RankedTensorType::get(t.shape, elt);
}

DType CodeGen::numberDType(const Val &v) {
  if (v.kind == Val::Bool)
    return DType(SK::I1);
  if (v.kind == Val::Int)
    return v.i >= INT32_MIN && v.i <= INT32_MAX ? DType(SK::I32)
                                                : DType(SK::I64);
  double a = std::fabs(v.f);
  bool fits = std::isinf(a) || std::isnan(a) || a == 0.0 ||
              (a >= 0x1p-126 && a <= (double)FLT_MAX);
  return DType(fits ? SK::FP32 : SK::FP64);
}

static double asDouble(const Val &v) {
  return v.kind == Val::Float ? v.f : v.kind == Val::Int ? (double)v.i : v.b;
}

Val CodeGen::scalarConstant(const Val &v, DType dt) {
  Type t = irType(dt);
  TypedAttr attr;
  if (dt.isFloat()) {
    attr = FloatAttr::get(t, asDouble(v));
  } else {
    int64_t x = v.kind == Val::Int    ? v.i
                : v.kind == Val::Bool ? (int64_t)v.b
                                      : (int64_t)v.f;
    if (dt.isBool())
      x = x != 0;
    attr = IntegerAttr::get(t, APInt(dt.bits(), (uint64_t)x,
                                     /*isSigned=*/false,
                                     /*implicitTrunc=*/true));
  }
  Value c = arith::ConstantOp::create(b, loc, attr);
  return Val::ofTensor(c, TType{dt, {}});
}

VR CodeGen::toTensor(const Val &v) {
  if (v.isTensor())
    return v;
  if (v.isNumber())
    return scalarConstant(v, numberDType(v));
  return error("cannot use " + v.describe() + " as a tensor");
}

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
  if (!c.ty.isBlock()) {
    VR r = broadcastTo(c, a.ty.shape);
    if (!r)
      return false;
    c = *r;
    return true;
  }
  if (!a.ty.isBlock()) {
    VR r = broadcastTo(a, c.ty.shape);
    if (!r)
      return false;
    a = *r;
    return true;
  }
  while (a.ty.shape.size() < c.ty.shape.size()) {
    VR r = expandDims(a, 0);
    if (!r)
      return false;
    a = *r;
  }
  while (c.ty.shape.size() < a.ty.shape.size()) {
    VR r = expandDims(c, 0);
    if (!r)
      return false;
    c = *r;
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
static Value zerosOf(CodeGen &cg, DType elt, llvm::ArrayRef<int64_t> shape) {
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
    if (dst.isBool()) {
      Value z = zerosOf(*this, src, t.ty.shape);
      return make(
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, t.v, z));
    }
    if (src.bits() < dst.bits()) {
      if (src.isSigned())
        return make(arith::ExtSIOp::create(b, loc, dstTy, t.v));
      return make(arith::ExtUIOp::create(b, loc, dstTy, t.v));
    }
    return make(arith::TruncIOp::create(b, loc, dstTy, t.v));
  }
  if (src.isFloat() && dst.isInt()) {
    if (dst.isBool()) {
      Value z = zerosOf(*this, src, t.ty.shape);
      return make(
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, t.v, z));
    }
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

static const char *pyTypeName(const Val &v) {
  switch (v.kind) {
  case Val::None:
    return "NoneType";
  case Val::Int:
    return "int";
  case Val::Float:
    return "float";
  case Val::Bool:
    return "bool";
  case Val::Str:
    return "str";
  case Val::DTypeV:
    return "dtype";
  case Val::Tuple:
    return "tuple";
  case Val::Tensor:
    return "tensor";
  case Val::Module:
    return "module";
  case Val::Slice:
    return "slice";
  default:
    return "function";
  }
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

static DType integerPromote(DType a, DType c) {
  unsigned ab = a.bits(), cb = c.bits();
  if (a.isSigned() == c.isSigned())
    return ab > cb ? a : c;
  if (a.isUnsigned())
    return ab >= cb ? a : c;
  return cb >= ab ? c : a;
}

namespace {
/// The two operands of a tensor operator after promotion and broadcasting.
struct Operands {
  Val l, r;
};
} // namespace

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

static std::optional<Operands> typeCheck(CodeGen &cg, const Val &l,
                                         const Val &r, bool allowLhsPtr,
                                         bool allowRhsPtr, bool arithmetic,
                                         bool divOrMod, llvm::StringRef op) {
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
  switch (op) {
  case BinOpKind::Add: {
    auto o = typeCheck(*this, lhs, rhs, true, true, true, false, spelling(op));
    if (!o)
      return std::nullopt;
    Val l = o->l, r = o->r;
    if (r.ty.elt.isPtr() && !l.ty.elt.isPtr())
      std::swap(l, r);
    if (l.ty.elt.isPtr()) {
      if (r.ty.elt.isPtr())
        return error("cannot add two pointers");
      return result(tr::AddPtrOp::create(b, loc, irType(l.ty), l.v, r.v), l.ty);
    }
    if (l.ty.elt.isFloat())
      return result(arith::AddFOp::create(b, loc, l.v, r.v), l.ty);
    return result(arith::AddIOp::create(b, loc, l.v, r.v), l.ty);
  }
  case BinOpKind::Sub: {
    auto o = typeCheck(*this, lhs, rhs, true, false, true, false, spelling(op));
    if (!o)
      return std::nullopt;
    Val &l = o->l, &r = o->r;
    if (l.ty.elt.isPtr()) {
      Value zero = zerosOf(*this, r.ty.elt, r.ty.shape);
      Value neg = arith::SubIOp::create(b, loc, zero, r.v);
      return result(tr::AddPtrOp::create(b, loc, irType(l.ty), l.v, neg), l.ty);
    }
    if (l.ty.elt.isFloat())
      return result(arith::SubFOp::create(b, loc, l.v, r.v), l.ty);
    return result(arith::SubIOp::create(b, loc, l.v, r.v), l.ty);
  }
  case BinOpKind::Mul: {
    auto o =
        typeCheck(*this, lhs, rhs, false, false, true, false, spelling(op));
    if (!o)
      return std::nullopt;
    if (o->l.ty.elt.isFloat())
      return result(arith::MulFOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
    return result(arith::MulIOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
  }
  case BinOpKind::Div: {
    auto o = typeCheck(*this, lhs, rhs, false, false, true, true, spelling(op));
    if (!o)
      return std::nullopt;
    Val l = o->l, r = o->r;
    if (l.ty.elt.isInt()) {
      VR lf = cast(l, DType(SK::FP32));
      VR rf = lf ? cast(r, DType(SK::FP32)) : std::nullopt;
      if (!rf)
        return std::nullopt;
      l = *lf;
      r = *rf;
    }
    return result(arith::DivFOp::create(b, loc, l.v, r.v), l.ty);
  }
  case BinOpKind::FloorDiv: {
    auto o = typeCheck(*this, lhs, rhs, false, false, true, true, spelling(op));
    if (!o)
      return std::nullopt;
    if (!o->l.ty.elt.isInt())
      return error("'//' needs integer operands, got " + o->l.ty.elt.name() +
                   " (use / for floats)");
    if (o->l.ty.elt.isSigned())
      return result(arith::DivSIOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
    return result(arith::DivUIOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
  }
  case BinOpKind::Mod: {
    auto o = typeCheck(*this, lhs, rhs, false, false, true, true, spelling(op));
    if (!o)
      return std::nullopt;
    if (o->l.ty.elt.isFloat())
      return result(arith::RemFOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
    if (o->l.ty.elt.isSigned())
      return result(arith::RemSIOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
    return result(arith::RemUIOp::create(b, loc, o->l.v, o->r.v), o->l.ty);
  }
  case BinOpKind::BitAnd:
  case BinOpKind::BitOr:
  case BinOpKind::BitXor:
  case BinOpKind::LShift:
  case BinOpKind::RShift: {
    auto o =
        typeCheck(*this, lhs, rhs, false, false, true, false, spelling(op));
    if (!o)
      return std::nullopt;
    if (!o->l.ty.elt.isInt())
      return error(std::string("'") + spelling(op).str() +
                   "' needs integer operands, got " + o->l.ty.elt.name());
    Value l = o->l.v, r = o->r.v;
    Value v;
    switch (op) {
    case BinOpKind::BitAnd:
      v = arith::AndIOp::create(b, loc, l, r);
      break;
    case BinOpKind::BitOr:
      v = arith::OrIOp::create(b, loc, l, r);
      break;
    case BinOpKind::BitXor:
      v = arith::XOrIOp::create(b, loc, l, r);
      break;
    case BinOpKind::LShift:
      v = arith::ShLIOp::create(b, loc, l, r);
      break;
    default:
      v = o->l.ty.elt.isSigned()
              ? arith::ShRSIOp::create(b, loc, l, r).getResult()
              : arith::ShRUIOp::create(b, loc, l, r).getResult();
    }
    return result(v, o->l.ty);
  }
  case BinOpKind::Pow:
    return error("'**' is not supported on tensors");
  case BinOpKind::MatMul:
    return error("'@' is not supported on tensors; use tl.dot");
  }
  return std::nullopt;
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
  if (et.isFloat()) {
    arith::CmpFPredicate p;
    switch (op) {
    case CmpOpKind::Lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CmpOpKind::Le:
      p = arith::CmpFPredicate::OLE;
      break;
    case CmpOpKind::Gt:
      p = arith::CmpFPredicate::OGT;
      break;
    case CmpOpKind::Ge:
      p = arith::CmpFPredicate::OGE;
      break;
    case CmpOpKind::Eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    default:
      p = arith::CmpFPredicate::UNE;
      break;
    }
    return result(arith::CmpFOp::create(b, loc, p, o->l.v, o->r.v), rt);
  }
  bool s = et.isSigned();
  arith::CmpIPredicate p;
  switch (op) {
  case CmpOpKind::Lt:
    p = s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
    break;
  case CmpOpKind::Le:
    p = s ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
    break;
  case CmpOpKind::Gt:
    p = s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
    break;
  case CmpOpKind::Ge:
    p = s ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
    break;
  case CmpOpKind::Eq:
    p = arith::CmpIPredicate::eq;
    break;
  default:
    p = arith::CmpIPredicate::ne;
    break;
  }
  return result(arith::CmpIOp::create(b, loc, p, o->l.v, o->r.v), rt);
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

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

VR CodeGen::reduce(std::vector<Val> inputs, std::optional<int> axisOpt,
                   bool keepDims, const Combine &combine) {
  for (Val &in : inputs) {
    if (!in.isTensor() || !in.ty.isBlock())
      return error("reductions need tensor inputs, got " + in.describe());
    if (in.ty.shape != inputs[0].ty.shape)
      return error("all inputs of a reduction must have the same shape");
  }
  SmallVector<int64_t, 4> origShape = inputs[0].ty.shape;
  int axis;
  if (!axisOpt) {
    for (Val &in : inputs) {
      TType flat{in.ty.elt, {in.ty.numel()}};
      if (in.ty.shape.size() != 1) {
        Value r = tr::ReshapeOp::create(b, loc, flat.shape, in.v,
                                        /*allowReorder=*/true);
        in = Val::ofTensor(r, flat);
      }
    }
    axis = 0;
  } else {
    int rank = inputs[0].ty.shape.size();
    axis = *axisOpt < 0 ? *axisOpt + rank : *axisOpt;
    if (axis < 0 || axis >= rank)
      return error("reduction axis " + std::to_string(*axisOpt) +
                   " is out of range for a tensor of rank " +
                   std::to_string(rank));
  }
  SmallVector<Value> srcs;
  SmallVector<Type> eltTypes;
  SmallVector<Location> locs;
  for (const Val &in : inputs) {
    srcs.push_back(in.v);
    eltTypes.push_back(irType(in.ty.elt));
    locs.push_back(loc);
  }
  for (const Val &in : inputs) {
    eltTypes.push_back(irType(in.ty.elt));
    locs.push_back(loc);
  }
  auto red = tr::ReduceOp::create(b, loc, srcs, axis);
  {
    OpBuilder::InsertionGuard g(b);
    Block *blk = b.createBlock(&red.getCombineOp(), {}, eltTypes, locs);
    std::vector<Val> lhs, rhs;
    size_t n = inputs.size();
    for (size_t k = 0; k < n; ++k) {
      lhs.push_back(
          Val::ofTensor(blk->getArgument(k), TType{inputs[k].ty.elt, {}}));
      rhs.push_back(
          Val::ofTensor(blk->getArgument(n + k), TType{inputs[k].ty.elt, {}}));
    }
    auto results = combine(lhs, rhs);
    if (!results)
      return std::nullopt;
    tr::ReduceReturnOp::create(b, loc, *results);
  }
  std::vector<Val> outs;
  for (size_t k = 0; k < inputs.size(); ++k) {
    TType t{inputs[k].ty.elt, inputs[k].ty.shape};
    t.shape.erase(t.shape.begin() + axis);
    Val out = Val::ofTensor(red->getResult(k), t);
    if (keepDims) {
      if (axisOpt) {
        VR e = expandDims(out, axis);
        if (!e)
          return std::nullopt;
        out = *e;
      } else {
        SmallVector<int64_t, 4> ones(origShape.size(), 1);
        VR e = broadcastTo(out, ones);
        if (!e)
          return std::nullopt;
        out = *e;
      }
    }
    outs.push_back(out);
  }
  if (outs.size() == 1)
    return outs[0];
  return Val::ofTuple(std::move(outs));
}

VR CodeGen::scan(std::vector<Val> inputs, int axis, bool reverse,
                 const Combine &combine) {
  for (Val &in : inputs) {
    if (!in.isTensor() || !in.ty.isBlock())
      return error("scans need tensor inputs, got " + in.describe());
    if (in.ty.shape != inputs[0].ty.shape)
      return error("all inputs of a scan must have the same shape");
  }
  int rank = inputs[0].ty.shape.size();
  int ax = axis < 0 ? axis + rank : axis;
  if (ax < 0 || ax >= rank)
    return error("scan axis " + std::to_string(axis) +
                 " is out of range for a tensor of rank " +
                 std::to_string(rank));
  SmallVector<Value> srcs;
  SmallVector<Type> eltTypes;
  SmallVector<Location> locs;
  for (int pass = 0; pass < 2; ++pass)
    for (const Val &in : inputs) {
      if (!pass)
        srcs.push_back(in.v);
      eltTypes.push_back(irType(in.ty.elt));
      locs.push_back(loc);
    }
  auto op = tr::ScanOp::create(b, loc, srcs, ax, reverse);
  {
    OpBuilder::InsertionGuard g(b);
    Block *blk = b.createBlock(&op.getCombineOp(), {}, eltTypes, locs);
    std::vector<Val> lhs, rhs;
    size_t n = inputs.size();
    for (size_t k = 0; k < n; ++k) {
      lhs.push_back(
          Val::ofTensor(blk->getArgument(k), TType{inputs[k].ty.elt, {}}));
      rhs.push_back(
          Val::ofTensor(blk->getArgument(n + k), TType{inputs[k].ty.elt, {}}));
    }
    auto results = combine(lhs, rhs);
    if (!results)
      return std::nullopt;
    tr::ScanReturnOp::create(b, loc, *results);
  }
  std::vector<Val> outs;
  for (size_t k = 0; k < inputs.size(); ++k)
    outs.push_back(Val::ofTensor(op->getResult(k), inputs[k].ty));
  if (outs.size() == 1)
    return outs[0];
  return Val::ofTuple(std::move(outs));
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

static const char *const kTensorMethods[] = {
    "to",           "reshape", "view",        "expand_dims",
    "broadcast_to", "trans",   "permute",     "sum",
    "max",          "min",     "argmax",      "argmin",
    "exp",          "exp2",    "log",         "log2",
    "sqrt",         "rsqrt",   "sigmoid",     "abs",
    "cumsum",       "cumprod", "reduce",      "associative_scan",
    "floor",        "ceil",    "sin",         "cos",
    "cast",         "sqrt_rn", "multiple_of", "max_contiguous",
    "max_constancy"};

static const char *const kDTypeMethods[] = {
    "is_floating", "is_int",   "is_int_signed", "is_int_unsigned",
    "is_ptr",      "is_bool",  "is_fp16",       "is_bf16",
    "is_fp32",     "is_fp64",  "is_fp8",        "is_integer_type",
    "is_int1",     "is_int8",  "is_int16",      "is_int32",
    "is_int64",    "is_uint8", "is_uint16",     "is_uint32",
    "is_uint64",   "is_block"};

static Val method(const Val &self, const std::string &name) {
  Val m;
  m.kind = Val::Method;
  m.s = name;
  m.elts = std::make_shared<std::vector<Val>>(std::vector<Val>{self});
  return m;
}

VR CodeGen::attribute(const Val &obj, const std::string &name) {
  if (obj.isTensor()) {
    if (name == "dtype")
      return Val::ofDType(obj.ty.elt);
    if (name == "shape") {
      std::vector<Val> dims;
      for (int64_t d : obj.ty.shape)
        dims.push_back(Val::ofInt(d));
      return Val::ofTuple(std::move(dims));
    }
    if (name == "numel")
      return Val::ofInt(obj.ty.numel());
    if (name == "T") {
      if (obj.ty.shape.size() != 2)
        return error(".T needs a 2-D tensor");
      TType t{obj.ty.elt, {obj.ty.shape[1], obj.ty.shape[0]}};
      Value v = tr::TransOp::create(b, loc, obj.v, ArrayRef<int32_t>{1, 0});
      return Val::ofTensor(v, t);
    }
    if (llvm::is_contained(kTensorMethods, name))
      return method(obj, name);
    return error("tensor has no attribute '" + name + "'");
  }
  if (obj.kind == Val::DTypeV) {
    if (name == "element_ty") {
      if (!obj.dt.isPtr())
        return error("'" + obj.dt.name() +
                     "' is not a pointer type and has "
                     "no element_ty");
      return Val::ofDType(obj.dt.element());
    }
    if (name == "primitive_bitwidth" || name == "int_bitwidth")
      return Val::ofInt(obj.dt.bits());
    if (name == "name")
      return Val::ofStr(obj.dt.name());
    if (name == "scalar")
      return obj;
    if (llvm::is_contained(kDTypeMethods, name))
      return method(obj, name);
    return error("dtype has no attribute '" + name + "'");
  }
  if (obj.kind == Val::Desc) {
    if (name == "dtype")
      return Val::ofDType(obj.ty.elt);
    if (name == "block_shape") {
      std::vector<Val> dims;
      for (int64_t d : obj.ty.shape)
        dims.push_back(Val::ofInt(d));
      return Val::ofTuple(std::move(dims));
    }
    size_t rank = obj.ty.shape.size();
    if (name == "shape" || name == "strides") {
      auto first = obj.tuple().begin() + (name == "shape" ? 0 : rank);
      return Val::ofTuple(std::vector<Val>(first, first + rank));
    }
    if (name == "load" || name == "store")
      return method(obj, name);
    return error("tensor descriptor has no attribute '" + name +
                 "' (tt's frontend has dtype, block_shape, shape, strides, "
                 "load and store)");
  }
  if (obj.isNumber() && name == "value")
    return obj;
  return error(obj.describe() + " has no attribute '" + name + "'");
}


static const char *const kLanguageFunctions[] = {"make_tensor_descriptor",
                                                 "load_tensor_descriptor",
                                                 "store_tensor_descriptor",
                                                 "program_id",
                                                 "num_programs",
                                                 "arange",
                                                 "zeros",
                                                 "zeros_like",
                                                 "full",
                                                 "load",
                                                 "store",
                                                 "where",
                                                 "dot",
                                                 "sum",
                                                 "max",
                                                 "min",
                                                 "argmax",
                                                 "argmin",
                                                 "reduce",
                                                 "associative_scan",
                                                 "cumsum",
                                                 "cumprod",
                                                 "exp",
                                                 "exp2",
                                                 "log",
                                                 "log2",
                                                 "sqrt",
                                                 "sqrt_rn",
                                                 "rsqrt",
                                                 "sigmoid",
                                                 "abs",
                                                 "maximum",
                                                 "minimum",
                                                 "cdiv",
                                                 "multiple_of",
                                                 "max_contiguous",
                                                 "max_constancy",
                                                 "static_assert",
                                                 "static_print",
                                                 "static_range",
                                                 "range",
                                                 "cast",
                                                 "reshape",
                                                 "view",
                                                 "expand_dims",
                                                 "broadcast_to",
                                                 "broadcast",
                                                 "trans",
                                                 "permute",
                                                 "fdiv",
                                                 "floor",
                                                 "ceil",
                                                 "sin",
                                                 "cos",
                                                 "fma",
                                                 "constexpr",
                                                 "pointer_type",
                                                 "assume"};

static const char *const kMathFunctions[] = {
    "exp",  "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "abs", "floor",
    "ceil", "sin",  "cos", "fma",  "fdiv", "max",     "min",   "cdiv"};

VR CodeGen::moduleAttribute(const std::string &path, const std::string &name) {
  if (path == "triton") {
    if (name == "language")
      return Val::ofModule("triton.language");
    if (name == "jit" || name == "cdiv" || name == "next_power_of_2")
      return Val::ofBuiltin(name == "cdiv" ? "cdiv" : "triton." + name);
    return error("module 'triton' has no attribute '" + name +
                 "' usable in a @triton.jit function");
  }
  if (path == "triton.language" || path == "triton.language.core" ||
      path == "triton.language.standard") {
    if (std::optional<DType> d = dtypeFromLanguageName(name))
      return Val::ofDType(*d);
    if (name == "math")
      return Val::ofModule("triton.language.math");
    if (name == "PropagateNan")
      return Val::ofModule("triton.language.PropagateNan");
    if (name == "core" || name == "standard")
      return Val::ofModule("triton.language." + name);
    if (llvm::is_contained(kLanguageFunctions, name))
      return Val::ofBuiltin(name);
    return error("unknown triton.language function or attribute '" + name +
                 "' (not in triton.language, or not supported by tt's "
                 "frontend)");
  }
  if (path == "triton.language.math") {
    if (name == "max" || name == "min")
      return Val::ofBuiltin(name == "max" ? "maximum" : "minimum");
    if (llvm::is_contained(kMathFunctions, name))
      return Val::ofBuiltin(name);
    return error("unknown triton.language.math function '" + name + "'");
  }
  if (path == "triton.language.PropagateNan") {
    if (name == "ALL")
      return Val::ofInt(0xFFFF);
    if (name == "NONE")
      return Val::ofInt(0);
    return error("tl.PropagateNan has no member '" + name + "'");
  }
  return error("module '" + path +
               "' cannot be used in a @triton.jit "
               "function");
}

//===----------------------------------------------------------------------===//
// Builtins
//===----------------------------------------------------------------------===//

namespace {
struct Signature {
  std::vector<const char *> params;
  size_t required;
};
} // namespace

static const Signature *builtinSignature(llvm::StringRef name) {
  static const llvm::StringMap<Signature> table = [] {
    llvm::StringMap<Signature> t;
    auto unary1 = Signature{{"x"}, 1};
    t["make_tensor_descriptor"] = {
        {"base", "shape", "strides", "block_shape", "padding_option"}, 4};
    t["load_tensor_descriptor"] = {{"desc", "offsets"}, 2};
    t["store_tensor_descriptor"] = {{"desc", "offsets", "value"}, 3};
    t["program_id"] = {{"axis"}, 1};
    t["num_programs"] = {{"axis"}, 1};
    t["arange"] = {{"start", "end"}, 2};
    t["full"] = {{"shape", "value", "dtype"}, 3};
    t["zeros"] = {{"shape", "dtype"}, 2};
    t["zeros_like"] = {{"input"}, 1};
    t["load"] = {{"pointer", "mask", "other", "boundary_check",
                  "padding_option", "cache_modifier", "eviction_policy",
                  "volatile"},
                 1};
    t["store"] = {{"pointer", "value", "mask", "boundary_check",
                   "cache_modifier", "eviction_policy"},
                  2};
    t["where"] = {{"condition", "x", "y"}, 3};
    t["dot"] = {{"input", "other", "acc", "input_precision", "allow_tf32",
                 "max_num_imprecise_acc", "out_dtype"},
                2};
    t["sum"] = {{"input", "axis", "keep_dims", "dtype"}, 1};
    t["max"] = {{"input", "axis", "return_indices",
                 "return_indices_tie_break_left", "keep_dims"},
                1};
    t["min"] = t["max"];
    t["argmax"] = {{"input", "axis", "tie_break_left", "keep_dims"}, 2};
    t["argmin"] = t["argmax"];
    t["reduce"] = {{"input", "axis", "combine_fn", "keep_dims"}, 3};
    t["associative_scan"] = {{"input", "axis", "combine_fn", "reverse"}, 3};
    t["cumsum"] = {{"input", "axis", "reverse", "dtype"}, 1};
    t["cumprod"] = {{"input", "axis", "reverse"}, 1};
    for (const char *n :
         {"exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "sigmoid",
          "abs", "floor", "ceil", "sin", "cos"})
      t[n] = unary1;
    t["fdiv"] = {{"x", "y", "ieee_rounding"}, 2};
    t["fma"] = {{"x", "y", "z"}, 3};
    t["maximum"] = {{"x", "y", "propagate_nan"}, 2};
    t["minimum"] = t["maximum"];
    t["cdiv"] = {{"x", "div"}, 2};
    t["multiple_of"] = {{"input", "values"}, 2};
    t["max_contiguous"] = t["multiple_of"];
    t["max_constancy"] = t["multiple_of"];
    t["cast"] = {{"input", "dtype", "fp_downcast_rounding", "bitcast"}, 2};
    t["to"] = t["cast"];
    t["expand_dims"] = {{"input", "axis"}, 2};
    t["broadcast"] = {{"input", "other"}, 2};
    t["constexpr"] = {{"value"}, 1};
    t["assume"] = {{"cond"}, 1};
    t["pointer_type"] = {{"element_ty"}, 1};
    t["py.float"] = {{"x"}, 1};
    t["py.int"] = {{"x"}, 1};
    t["py.len"] = {{"obj"}, 1};
    t["triton.next_power_of_2"] = {{"n"}, 1};
    return t;
  }();
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

/// Binds a call's arguments to a builtin's parameters.
static bool bindArgs(CodeGen &cg, const std::string &name, CallArgs &call,
                     const Val *self, const Signature &sig, Bound &out) {
  out.vals.assign(sig.params.size(), std::nullopt);
  out.locs.assign(sig.params.size(), cg.errLoc);
  std::vector<Val> pos;
  std::vector<SrcLoc> posLocs;
  if (self) {
    pos.push_back(*self);
    posLocs.push_back(cg.errLoc);
  }
  for (size_t k = 0; k < call.args.size(); ++k) {
    pos.push_back(call.args[k]);
    posLocs.push_back(call.argLocs[k]);
  }
  std::string shown = name.rfind("py.", 0) == 0 ? name.substr(3) : name;
  if (pos.size() > sig.params.size())
    return cg.error(shown + "() takes at most " +
                    std::to_string(sig.params.size()) + " arguments (" +
                    std::to_string(pos.size()) + " given)"),
           false;
  for (size_t k = 0; k < pos.size(); ++k) {
    out.vals[k] = pos[k];
    out.locs[k] = posLocs[k];
  }
  for (size_t k = 0; k < call.kwargs.size(); ++k) {
    const std::string &kw = call.kwargs[k].first;
    const Val &v = call.kwargs[k].second;
    auto it = llvm::find_if(sig.params, [&](const char *p) { return kw == p; });
    if (it == sig.params.end())
      return cg.error(shown + "() got an unexpected keyword argument '" + kw +
                      "'"),
             false;
    size_t idx = it - sig.params.begin();
    if (out.vals[idx])
      return cg.error(shown + "() got multiple values for argument '" + kw +
                      "'"),
             false;
    out.vals[idx] = v;
    out.locs[idx] = call.kwLocs[k];
  }
  for (size_t k = 0; k < sig.required; ++k)
    if (!out.vals[k])
      return cg.error(shown + "() missing required argument '" +
                      std::string(sig.params[k]) + "'"),
             false;
  return true;
}

/// A compile-time integer argument.
static std::optional<int64_t> constInt(CodeGen &cg, const Val *v,
                                       const std::string &what) {
  if (v && (v->kind == Val::Int || v->kind == Val::Bool))
    return v->kind == Val::Int ? v->i : (int64_t)v->b;
  cg.error(what + " must be a compile-time integer (tl.constexpr), got " +
           (v ? v->describe() : std::string("nothing")));
  return std::nullopt;
}

static std::optional<bool> constBool(CodeGen &cg, const Val *v, bool dflt,
                                     const std::string &what) {
  if (!v || v->kind == Val::None)
    return dflt;
  if (v->isTensor()) {
    cg.error(what + " must be a compile-time bool, got " + v->describe());
    return std::nullopt;
  }
  return cg.constTruth(*v);
}

/// Reads a block shape (a tuple/list of compile-time ints, or one int) and
/// checks it the way upstream does.
static std::optional<SmallVector<int64_t, 4>> constShape(CodeGen &cg,
                                                         const Val &v,
                                                         const std::string &fn,
                                                         const SrcLoc &where) {
  std::vector<Val> items;
  if (v.kind == Val::Tuple)
    items = v.tuple();
  else
    items.push_back(v);
  SmallVector<int64_t, 4> shape;
  for (size_t k = 0; k < items.size(); ++k) {
    const Val &d = items[k];
    if (d.kind != Val::Int) {
      cg.error(where, fn + ": shape element " + std::to_string(k) +
                          " must be a compile-time integer (tl.constexpr), "
                          "got " +
                          d.describe());
      return std::nullopt;
    }
    if (d.i <= 0 || !llvm::isPowerOf2_64(d.i)) {
      cg.error(where, fn + ": shape element " + std::to_string(k) +
                          " must be a power of 2, got " + std::to_string(d.i));
      return std::nullopt;
    }
    shape.push_back(d.i);
  }
  int64_t numel = 1;
  for (int64_t d : shape)
    numel *= d;
  if (numel > (1 << 20)) {
    cg.error(where, fn + ": a tensor of " + std::to_string(numel) +
                        " elements exceeds the maximum of 1048576");
    return std::nullopt;
  }
  return shape;
}

static std::optional<DType> dtypeArg(CodeGen &cg, const Val *v,
                                     const std::string &what) {
  if (v && v->kind == Val::DTypeV)
    return v->dt;
  cg.error(what + " must be a dtype such as tl.float32, got " +
           (v ? v->describe() : std::string("nothing")));
  return std::nullopt;
}

static std::optional<std::string> strArg(CodeGen &cg, const Val *v,
                                         const std::string &what) {
  if (!v || v->kind == Val::None)
    return std::string();
  if (v->kind == Val::Str)
    return v->s;
  cg.error(what + " must be a string, got " + v->describe());
  return std::nullopt;
}

/// The element type a sum accumulates in: small integers widen to 32 bits,
/// bf16 to fp32.
static DType sumDType(DType in) {
  if (in.kind == SK::BF16)
    return DType(SK::FP32);
  if (in.isInt() && in.bits() < 32)
    return DType(in.isSigned() || in.isBool() ? SK::I32 : SK::U32);
  return in;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

/// The items of a list/tuple argument (one value: a list of one).
static std::vector<Val> items(const Val &v) {
  if (v.kind == Val::Tuple)
    return v.tuple();
  return {v};
}

VR CodeGen::makeTensorDescriptor(const Val &base, const Val &shapeArg,
                                 const Val &stridesArg, const Val &blockArg,
                                 const Val *padding) {
  const std::string fn = "tl.make_tensor_descriptor";
  if (!base.isTensor() || base.ty.isBlock() || !base.ty.elt.isPtr())
    return error(fn + " needs a scalar pointer as its base, got " +
                 base.describe());
  DType elt = base.ty.elt.element();
  if (elt.isBool() || elt.isPtr())
    return error(fn + ": descriptors of " + elt.name() +
                 " elements are not supported");
  auto block = constShape(*this, blockArg, fn, errLoc);
  if (!block)
    return std::nullopt;
  size_t rank = block->size();
  if (rank < 1 || rank > 5)
    return error(fn + ": a descriptor has 1 to 5 dimensions, block_shape "
                      "has " +
                 std::to_string(rank));
  std::vector<Val> shape = items(shapeArg), strides = items(stridesArg);
  if (shape.size() != rank || strides.size() != rank)
    return error(fn + ": shape, strides and block_shape need the same "
                      "number of dimensions (" +
                 std::to_string(shape.size()) + ", " +
                 std::to_string(strides.size()) + ", " +
                 std::to_string(rank) + ")");
  int64_t rowBytes = block->back() * (elt.bits() / 8);
  if (rowBytes < 16)
    return error(fn + ": the last dimension of a block must span at least "
                      "16 bytes, got " +
                 std::to_string(block->back()) + " x " +
                 std::to_string(elt.bits() / 8) + " bytes");
  const Val &last = strides.back();
  if (!(last.kind == Val::Int && last.i == 1))
    return error(fn + ": the last stride must be the constant 1, got " +
                 last.describe());
  auto scalarOf = [&](const Val &v, DType dt, const char *what,
                      size_t k) -> VR {
    if (v.kind == Val::Int)
      return scalarConstant(v, dt);
    if (!v.isTensor() || v.ty.isBlock() || !v.ty.elt.isInt() ||
        v.ty.elt.isBool())
      return error(fn + ": " + what + "[" + std::to_string(k) +
                   "] must be an integer scalar, got " + v.describe());
    return cast(v, dt);
  };
  std::vector<Val> kept;
  SmallVector<Value> shapeValues, strideValues;
  for (size_t k = 0; k < rank; ++k) {
    VR x = scalarOf(shape[k], DType(SK::I32), "shape", k);
    if (!x)
      return std::nullopt;
    shapeValues.push_back(x->v);
    kept.push_back(*x);
  }
  for (size_t k = 0; k < rank; ++k) {
    VR x = scalarOf(strides[k], DType(SK::I64), "strides", k);
    if (!x)
      return std::nullopt;
    strideValues.push_back(x->v);
    kept.push_back(*x);
  }
  auto pad = strArg(*this, padding, "padding_option");
  if (!pad)
    return std::nullopt;
  if (!pad->empty() && *pad != "zero" && *pad != "nan")
    return error(fn + ": padding_option must be 'zero' or 'nan', got '" +
                 *pad + "'");
  if (*pad == "nan" && !elt.isFloat())
    return error(fn + ": padding_option 'nan' needs floating-point elements");
  auto op = tr::MakeTensorDescOp::create(b, loc, base.v, shapeValues,
                                         strideValues, *block);
  if (*pad == "nan")
    op.setPadding(tr::PaddingOption::PAD_NAN);
  return Val::ofDesc(op.getResult(), TType{elt, *block}, std::move(kept));
}

/// The block offsets of a descriptor access: one i32 per dimension.
static std::optional<SmallVector<Value>> descOffsets(CodeGen &cg,
                                                     const Val &desc,
                                                     const Val &offsets,
                                                     const std::string &fn) {
  std::vector<Val> offs = items(offsets);
  if (offs.size() != desc.ty.shape.size()) {
    cg.error(fn + ": the descriptor has " +
             std::to_string(desc.ty.shape.size()) +
             " dimensions, so it needs as many offsets, got " +
             std::to_string(offs.size()));
    return std::nullopt;
  }
  SmallVector<Value> out;
  for (size_t k = 0; k < offs.size(); ++k) {
    const Val &o = offs[k];
    if (o.kind != Val::Int &&
        (!o.isTensor() || o.ty.isBlock() || !o.ty.elt.isInt() ||
         o.ty.elt.isBool())) {
      cg.error(fn + ": offset " + std::to_string(k) +
               " must be an integer scalar, got " + o.describe());
      return std::nullopt;
    }
    VR x = o.kind == Val::Int ? VR(cg.scalarConstant(o, DType(SK::I32)))
                              : cg.cast(o, DType(SK::I32));
    if (!x)
      return std::nullopt;
    out.push_back(x->v);
  }
  return out;
}

VR CodeGen::descriptorLoad(const Val &desc, const Val &offsets) {
  auto offs = descOffsets(*this, desc, offsets, "descriptor load");
  if (!offs)
    return std::nullopt;
  Value v = tr::DescriptorLoadOp::create(
      b, loc, irType(desc.ty), desc.v, *offs, tr::CacheModifier::NONE,
      tr::EvictionPolicy::NORMAL);
  return Val::ofTensor(v, desc.ty);
}

VR CodeGen::descriptorStore(const Val &desc, const Val &offsets,
                            const Val &value) {
  auto offs = descOffsets(*this, desc, offsets, "descriptor store");
  if (!offs)
    return std::nullopt;
  VR t = toTensor(value);
  if (!t)
    return std::nullopt;
  if (t->ty.shape != desc.ty.shape)
    return error("descriptor store: the value has shape " +
                 shapeStr(t->ty.shape) + ", the descriptor's blocks " +
                 shapeStr(desc.ty.shape));
  // Stored values take the descriptor's element type, as upstream casts.
  VR c = cast(*t, desc.ty.elt);
  if (!c)
    return std::nullopt;
  tr::DescriptorStoreOp::create(b, loc, desc.v, c->v, *offs);
  return Val::none();
}

VR CodeGen::callBuiltin(const std::string &name, CallArgs &call,
                        const Val *self) {
  // Methods of dtypes.
  if (self && self->kind == Val::DTypeV) {
    DType d = self->dt;
    if (!call.args.empty() || !call.kwargs.empty())
      return error("dtype." + name + "() takes no arguments");
    bool r = llvm::StringSwitch<bool>(name)
                 .Case("is_floating", d.isFloat())
                 .Cases({"is_int", "is_integer_type"}, d.isInt())
                 .Case("is_int_signed", d.isSigned())
                 .Case("is_int_unsigned", d.isUnsigned())
                 .Case("is_ptr", d.isPtr())
                 .Cases({"is_bool", "is_int1"}, d.isBool())
                 .Case("is_fp16", d.kind == SK::FP16)
                 .Case("is_bf16", d.kind == SK::BF16)
                 .Case("is_fp32", d.kind == SK::FP32)
                 .Case("is_fp64", d.kind == SK::FP64)
                 .Case("is_fp8", d.isFP8())
                 .Case("is_int8", d.kind == SK::I8)
                 .Case("is_int16", d.kind == SK::I16)
                 .Case("is_int32", d.kind == SK::I32)
                 .Case("is_int64", d.kind == SK::I64)
                 .Case("is_uint8", d.kind == SK::U8)
                 .Case("is_uint16", d.kind == SK::U16)
                 .Case("is_uint32", d.kind == SK::U32)
                 .Case("is_uint64", d.kind == SK::U64)
                 .Default(false);
    return Val::ofBool(r);
  }

  // Methods of tensor descriptors: desc.load(offsets), desc.store(offsets,
  // value).
  if (self && self->kind == Val::Desc) {
    static const Signature loadSig{{"offsets"}, 1};
    static const Signature storeSig{{"offsets", "value"}, 2};
    Bound a;
    if (!bindArgs(*this, "descriptor." + name, call, nullptr,
                  name == "load" ? loadSig : storeSig, a))
      return std::nullopt;
    if (name == "load")
      return descriptorLoad(*self, *a.get(0));
    return descriptorStore(*self, *a.get(0), *a.get(1));
  }

  // Variadic builtins.
  if (name == "py.min" || name == "py.max") {
    if (call.args.size() < 2 || !call.kwargs.empty())
      return error(name.substr(3) + "() needs at least two arguments");
    Val acc = call.args[0];
    for (size_t k = 1; k < call.args.size(); ++k) {
      VR r = minMax(name == "py.max", acc, call.args[k], false);
      if (!r)
        return std::nullopt;
      acc = *r;
    }
    return acc;
  }
  if (name == "static_print") {
    std::string line;
    for (const Val &v : call.args)
      line +=
          (line.empty() ? "" : " ") + (v.kind == Val::Str ? v.s : v.describe());
    llvm::errs() << line << "\n";
    return Val::none();
  }
  if (name == "py.print")
    return error("print / tl.device_print is not supported by tt's frontend");
  if (name == "py.isinstance" || name == "py.getattr")
    return error(name.substr(3) + "() is not supported by tt's frontend");
  if (name == "triton.jit")
    return error("triton.jit cannot be called inside a kernel");
  if (name == "reshape" || name == "view" || name == "broadcast_to" ||
      name == "trans" || name == "permute") {
    std::vector<Val> args;
    if (self)
      args.push_back(*self);
    args.insert(args.end(), call.args.begin(), call.args.end());
    bool canReorder = false;
    for (auto &[kw, v] : call.kwargs) {
      if ((name == "reshape" || name == "view") && kw == "can_reorder") {
        std::optional<bool> t = constBool(*this, &v, false, "can_reorder");
        if (!t)
          return std::nullopt;
        canReorder = *t;
        continue;
      }
      if (kw == "shape" || kw == "dims") {
        args.push_back(v);
        continue;
      }
      return error(name + "() got an unexpected keyword argument '" + kw + "'");
    }
    if (args.empty() || !args[0].isTensor())
      return error(name + "() needs a tensor as its first argument");
    Val x = args[0];
    std::vector<Val> rest(args.begin() + 1, args.end());
    if (rest.size() == 1 && rest[0].kind == Val::Tuple)
      rest = rest[0].tuple();
    if (name == "trans" || name == "permute") {
      SmallVector<int32_t> order;
      int rank = x.ty.shape.size();
      if (rest.empty()) {
        if (name == "permute")
          return error("permute() needs the new order of the dimensions");
        for (int k = rank - 1; k >= 0; --k)
          order.push_back(k);
      }
      for (const Val &d : rest) {
        if (d.kind != Val::Int)
          return error(name + "() dimensions must be compile-time integers");
        order.push_back((int32_t)d.i);
      }
      if ((int)order.size() != rank)
        return error(name + "() needs " + std::to_string(rank) +
                     " dimensions for a tensor of rank " +
                     std::to_string(rank));
      TType t{x.ty.elt, {}};
      for (int32_t o : order) {
        if (o < 0 || o >= rank)
          return error(name + "() dimension out of range");
        t.shape.push_back(x.ty.shape[o]);
      }
      Value v = tr::TransOp::create(b, loc, x.v, order);
      return Val::ofTensor(v, t);
    }
    auto shape = constShape(*this, Val::ofTuple(rest), name, errLoc);
    if (!shape)
      return std::nullopt;
    if (name == "broadcast_to")
      return broadcastTo(x, *shape);
    TType t{x.ty.elt, *shape};
    if (t.numel() != x.ty.numel())
      return error(name + "(): cannot reshape a tensor of " +
                   std::to_string(x.ty.numel()) + " elements into shape " +
                   shapeStr(*shape));
    if (!x.ty.isBlock()) {
      return broadcastTo(x, *shape);
    }
    Value v = tr::ReshapeOp::create(b, loc, t.shape, x.v, canReorder);
    return Val::ofTensor(v, t);
  }

  const Signature *sig = builtinSignature(name);
  if (!sig)
    return error("'" + name + "' is not supported by tt's frontend");
  Bound a;
  if (!bindArgs(*this, name, call, self, *sig, a))
    return std::nullopt;
  auto tensorArg = [&](size_t k) -> VR {
    const Val *v = a.get(k);
    if (!v)
      return error(std::string("missing argument '") + sig->params[k] + "'");
    return toTensor(*v);
  };
  if (name == "make_tensor_descriptor")
    return makeTensorDescriptor(*a.get(0), *a.get(1), *a.get(2), *a.get(3),
                                a.get(4));
  if (name == "load_tensor_descriptor" || name == "store_tensor_descriptor") {
    if (a.get(0)->kind != Val::Desc)
      return error(a.locs[0], "tl." + name + " needs a tensor descriptor, got " +
                                  a.get(0)->describe());
    if (name == "load_tensor_descriptor")
      return descriptorLoad(*a.get(0), *a.get(1));
    return descriptorStore(*a.get(0), *a.get(1), *a.get(2));
  }

  if (name == "program_id" || name == "num_programs") {
    auto axis = constInt(*this, a.get(0), name + " axis");
    if (!axis)
      return std::nullopt;
    if (*axis < 0 || *axis > 2)
      return error(name + " axis must be 0, 1 or 2, got " +
                   std::to_string(*axis));
    auto dim = (tr::ProgramIDDim)*axis;
    Value v = name == "program_id"
                  ? tr::GetProgramIdOp::create(b, loc, dim).getResult()
                  : tr::GetNumProgramsOp::create(b, loc, dim).getResult();
    return Val::ofTensor(v, TType{DType(SK::I32), {}});
  }
  if (name == "arange") {
    for (size_t k = 0; k < 2; ++k)
      if (a.get(k)->kind != Val::Int)
        return error(a.locs[k],
                     std::string("arange's ") + sig->params[k] +
                         " must be a compile-time integer (tl.constexpr), "
                         "got " +
                         a.get(k)->describe());
    int64_t start = a.get(0)->i, end = a.get(1)->i;
    if (start < INT32_MIN || end > INT32_MAX)
      return error("arange's bounds must fit in int32");
    if (end <= start)
      return error("arange's end must be greater than its start");
    int64_t n = end - start;
    if (!llvm::isPowerOf2_64(n))
      return error("arange's range must be a power of 2, got " +
                   std::to_string(n));
    if (n > (1 << 20))
      return error("arange's range exceeds the maximum tensor size 1048576");
    TType t{DType(SK::I32), {n}};
    Value v = tr::MakeRangeOp::create(b, loc, irType(t), (uint32_t)start,
                                      (uint32_t)end);
    return Val::ofTensor(v, t);
  }
  if (name == "full" || name == "zeros" || name == "zeros_like") {
    Val shapeV, value;
    std::optional<DType> dt;
    SrcLoc shapeLoc = a.locs[0];
    if (name == "zeros_like") {
      VR x = tensorArg(0);
      if (!x)
        return std::nullopt;
      std::vector<Val> dims;
      for (int64_t d : x->ty.shape)
        dims.push_back(Val::ofInt(d));
      shapeV = Val::ofTuple(dims);
      value = Val::ofInt(0);
      dt = x->ty.elt;
    } else {
      shapeV = *a.get(0);
      value = name == "zeros" ? Val::ofInt(0) : *a.get(1);
      dt = dtypeArg(*this, a.get(name == "zeros" ? 1 : 2), name + "'s dtype");
      if (!dt)
        return std::nullopt;
    }
    auto shape = constShape(*this, shapeV, name, shapeLoc);
    if (!shape)
      return std::nullopt;
    Val scalar;
    if (value.isNumber()) {
      scalar = scalarConstant(value, *dt);
    } else if (value.isTensor()) {
      if (value.ty.isBlock())
        return error(name + "'s value must be a scalar, got " +
                     value.describe());
      VR c = cast(value, *dt);
      if (!c)
        return std::nullopt;
      scalar = *c;
    } else {
      return error(name +
                   "'s value must be a number or a scalar tensor, "
                   "got " +
                   value.describe());
    }
    return broadcastTo(scalar, *shape);
  }
  if (name == "load") {
    VR ptr = tensorArg(0);
    if (!ptr)
      return std::nullopt;
    if (!ptr->ty.elt.isPtr())
      return error(a.locs[0], "tl.load needs a pointer or a tensor of "
                              "pointers, got " +
                                  ptr->describe());
    const Val *bc = a.get(3);
    if (bc && !(bc->kind == Val::Tuple && bc->tuple().empty()) &&
        bc->kind != Val::None)
      return error("boundary_check is only for block pointers, which tt's "
                   "frontend does not support");
    std::optional<Val> mask, other;
    if (a.get(1) && a.get(1)->kind != Val::None) {
      VR m = toTensor(*a.get(1));
      if (!m)
        return std::nullopt;
      if (!m->ty.elt.isBool())
        return error(a.locs[1], "tl.load's mask must have boolean (int1) "
                                "elements, got " +
                                    m->describe());
      mask = *m;
    }
    if (a.get(2) && a.get(2)->kind != Val::None) {
      if (!mask)
        return error(a.locs[2], "tl.load's 'other' needs a 'mask'");
      VR o = toTensor(*a.get(2));
      if (!o)
        return std::nullopt;
      other = *o;
    }
    auto cm = strArg(*this, a.get(5), "cache_modifier");
    auto ep = cm ? strArg(*this, a.get(6), "eviction_policy") : std::nullopt;
    auto vol =
        ep ? constBool(*this, a.get(7), false, "volatile") : std::nullopt;
    if (!vol)
      return std::nullopt;
    auto cache = llvm::StringSwitch<std::optional<tr::CacheModifier>>(*cm)
                     .Case("", tr::CacheModifier::NONE)
                     .Case(".ca", tr::CacheModifier::CA)
                     .Case(".cg", tr::CacheModifier::CG)
                     .Case(".cv", tr::CacheModifier::CV)
                     .Default(std::nullopt);
    if (!cache)
      return error("tl.load's cache_modifier must be '', '.ca', '.cg' or "
                   "'.cv', got '" +
                   *cm + "'");
    auto evict = llvm::StringSwitch<std::optional<tr::EvictionPolicy>>(*ep)
                     .Cases({"", "evict_normal"}, tr::EvictionPolicy::NORMAL)
                     .Case("evict_first", tr::EvictionPolicy::EVICT_FIRST)
                     .Case("evict_last", tr::EvictionPolicy::EVICT_LAST)
                     .Default(std::nullopt);
    if (!evict)
      return error("eviction_policy must be '', 'evict_normal', "
                   "'evict_first' or 'evict_last', got '" +
                   *ep + "'");
    Val p = *ptr;
    if (!p.ty.isBlock()) {
      if ((mask && mask->ty.isBlock()) || (other && other->ty.isBlock()))
        return error("tl.load's mask and other cannot be tensors when the "
                     "pointer is a scalar");
    } else {
      opContext = " for tl.load's mask";
      if (mask) {
        VR m = broadcastTo(*mask, p.ty.shape);
        if (!m)
          return std::nullopt;
        mask = *m;
      }
      if (other) {
        VR o = broadcastTo(*other, p.ty.shape);
        if (!o)
          return std::nullopt;
        other = *o;
      }
      opContext.clear();
    }
    DType elt = p.ty.elt.element();
    bool isBool = elt.isBool();
    if (isBool) {
      elt = DType(SK::I8);
      VR pc = cast(p, DType::ptrTo(SK::I8));
      if (!pc)
        return std::nullopt;
      p = *pc;
    }
    if (other) {
      VR o = cast(*other, elt);
      if (!o)
        return std::nullopt;
      other = *o;
    }
    Value v =
        tr::LoadOp::create(b, loc, p.v, mask ? mask->v : Value(),
                           other ? other->v : Value(), *cache, *evict, *vol);
    Val r = Val::ofTensor(v, TType{elt, p.ty.shape});
    if (isBool)
      return cast(r, DType(SK::I1));
    return r;
  }
  if (name == "store") {
    VR ptr = tensorArg(0);
    if (!ptr)
      return std::nullopt;
    if (!ptr->ty.elt.isPtr())
      return error(a.locs[0], "tl.store needs a pointer or a tensor of "
                              "pointers, got " +
                                  ptr->describe());
    VR val = tensorArg(1);
    if (!val)
      return std::nullopt;
    const Val *bc = a.get(3);
    if (bc && !(bc->kind == Val::Tuple && bc->tuple().empty()) &&
        bc->kind != Val::None)
      return error("boundary_check is only for block pointers, which tt's "
                   "frontend does not support");
    std::optional<Val> mask;
    if (a.get(2) && a.get(2)->kind != Val::None) {
      VR m = toTensor(*a.get(2));
      if (!m)
        return std::nullopt;
      if (!m->ty.elt.isBool())
        return error(a.locs[2], "tl.store's mask must have boolean (int1) "
                                "elements, got " +
                                    m->describe());
      mask = *m;
    }
    auto cm = strArg(*this, a.get(4), "cache_modifier");
    auto ep = cm ? strArg(*this, a.get(5), "eviction_policy") : std::nullopt;
    if (!ep)
      return std::nullopt;
    auto cache = llvm::StringSwitch<std::optional<tr::CacheModifier>>(*cm)
                     .Case("", tr::CacheModifier::NONE)
                     .Case(".wb", tr::CacheModifier::WB)
                     .Case(".cg", tr::CacheModifier::CG)
                     .Case(".cs", tr::CacheModifier::CS)
                     .Case(".wt", tr::CacheModifier::WT)
                     .Default(std::nullopt);
    if (!cache)
      return error("tl.store's cache_modifier must be '', '.wb', '.cg', "
                   "'.cs' or '.wt', got '" +
                   *cm + "'");
    auto evict = llvm::StringSwitch<std::optional<tr::EvictionPolicy>>(*ep)
                     .Cases({"", "evict_normal"}, tr::EvictionPolicy::NORMAL)
                     .Case("evict_first", tr::EvictionPolicy::EVICT_FIRST)
                     .Case("evict_last", tr::EvictionPolicy::EVICT_LAST)
                     .Default(std::nullopt);
    if (!evict)
      return error("eviction_policy must be '', 'evict_normal', "
                   "'evict_first' or 'evict_last', got '" +
                   *ep + "'");
    Val p = *ptr, v = *val;
    if (!p.ty.isBlock()) {
      if (v.ty.isBlock() || (mask && mask->ty.isBlock()))
        return error("tl.store's value and mask cannot be tensors when the "
                     "pointer is a scalar");
    } else {
      opContext = " for tl.store";
      VR bv = broadcastTo(v, p.ty.shape);
      if (!bv)
        return std::nullopt;
      v = *bv;
      if (mask) {
        VR m = broadcastTo(*mask, p.ty.shape);
        if (!m)
          return std::nullopt;
        mask = *m;
      }
      opContext.clear();
    }
    DType elt = p.ty.elt.element();
    if (elt.isBool()) {
      elt = DType(SK::I8);
      VR pc = cast(p, DType::ptrTo(SK::I8));
      if (!pc)
        return std::nullopt;
      p = *pc;
    }
    VR cv = cast(v, elt);
    if (!cv)
      return std::nullopt;
    tr::StoreOp::create(b, loc, p.v, cv->v, mask ? mask->v : Value(),
                        ArrayRef<int32_t>{}, *cache, *evict);
    return Val::none();
  }
  if (name == "where")
    return where(*a.get(0), *a.get(1), *a.get(2));
  if (name == "dot") {
    VR x = tensorArg(0), y = x ? tensorArg(1) : std::nullopt;
    if (!y)
      return std::nullopt;
    int rank = x->ty.shape.size();
    if ((rank != 2 && rank != 3) || y->ty.shape.size() != (size_t)rank)
      return error("tl.dot needs two 2-D (or two 3-D) tensors, got " +
                   x->ty.str() + " and " + y->ty.str());
    int64_t m = x->ty.shape[rank - 2], k = x->ty.shape[rank - 1];
    int64_t k2 = y->ty.shape[rank - 2], n = y->ty.shape[rank - 1];
    if (k != k2)
      return error("tl.dot shapes " + shapeStr(x->ty.shape) + " and " +
                   shapeStr(y->ty.shape) +
                   " are not compatible: the inner dimensions differ (" +
                   std::to_string(k) + " and " + std::to_string(k2) + ")");
    if (rank == 3 && x->ty.shape[0] != y->ty.shape[0])
      return error("tl.dot operands have different batch sizes");
    if (m < 16 || n < 16 || k < 16)
      return error("tl.dot needs every dimension to be at least 16, got " +
                   shapeStr(x->ty.shape) + " and " + shapeStr(y->ty.shape));
    DType xe = x->ty.elt, ye = y->ty.elt;
    if (xe != ye && !(xe.isFP8() && ye.isFP8()))
      return error("both operands of tl.dot must have the same dtype, got " +
                   xe.name() + " and " + ye.name());
    DType outDt(SK::FP32);
    if (a.get(6) && a.get(6)->kind != Val::None) {
      auto d = dtypeArg(*this, a.get(6), "tl.dot's out_dtype");
      if (!d)
        return std::nullopt;
      outDt = *d;
    }
    DType ret = outDt;
    if (xe.isInt()) {
      if (xe.kind != SK::I8 && xe.kind != SK::U8)
        return error("tl.dot on integers needs int8 operands, got " +
                     xe.name());
      ret = DType(SK::I32);
    } else if (!xe.isFloat()) {
      return error("tl.dot needs numeric operands, got " + xe.name());
    }
    std::string prec = opts.defaultDotInputPrecision;
    if (a.get(4) && a.get(4)->kind != Val::None) {
      auto t = constBool(*this, a.get(4), true, "allow_tf32");
      if (!t)
        return std::nullopt;
      prec = *t ? "tf32" : "ieee";
    }
    if (a.get(3) && a.get(3)->kind != Val::None) {
      auto s = strArg(*this, a.get(3), "input_precision");
      if (!s)
        return std::nullopt;
      prec = *s;
    }
    auto ip = llvm::StringSwitch<std::optional<tr::InputPrecision>>(prec)
                  .Case("tf32", tr::InputPrecision::TF32)
                  .Case("tf32x3", tr::InputPrecision::TF32x3)
                  .Case("ieee", tr::InputPrecision::IEEE)
                  .Case("bf16x3", tr::InputPrecision::BF16x3)
                  .Case("bf16x6", tr::InputPrecision::BF16x6)
                  .Default(std::nullopt);
    if (!ip)
      return error("unknown tl.dot input_precision '" + prec + "'");
    TType rt{ret, x->ty.shape};
    rt.shape.back() = n;
    Value acc;
    if (a.get(2) && a.get(2)->kind != Val::None) {
      VR c = tensorArg(2);
      if (!c)
        return std::nullopt;
      if (c->ty != rt)
        return error(a.locs[2], "tl.dot's accumulator must be " + rt.str() +
                                    ", got " + c->ty.str());
      acc = c->v;
    } else {
      acc = zerosOf(*this, ret, rt.shape);
    }
    uint32_t maxImprecise = 0;
    if (xe.isFP8())
      maxImprecise = 1u << 30;
    if (a.get(5) && a.get(5)->kind != Val::None) {
      auto mi = constInt(*this, a.get(5), "max_num_imprecise_acc");
      if (!mi)
        return std::nullopt;
      maxImprecise = (uint32_t)*mi;
    }
    Value v = tr::DotOp::create(b, loc, irType(rt), x->v, y->v, acc, *ip,
                                maxImprecise);
    return Val::ofTensor(v, rt);
  }
  if (name == "sum" || name == "max" || name == "min" || name == "argmax" ||
      name == "argmin" || name == "reduce") {
    bool isReduce = name == "reduce";
    std::vector<Val> inputs;
    const Val *in = a.get(0);
    if (isReduce && in->kind == Val::Tuple)
      inputs = in->tuple();
    else {
      VR t = toTensor(*in);
      if (!t)
        return std::nullopt;
      inputs.push_back(*t);
    }
    for (const Val &v : inputs)
      if (!v.isTensor() || !v.ty.isBlock())
        return error(name + "() needs a tensor input, got " + v.describe());
    std::optional<int> axis;
    if (a.get(1) && a.get(1)->kind != Val::None) {
      auto ax = constInt(*this, a.get(1), name + "'s axis");
      if (!ax)
        return std::nullopt;
      axis = (int)*ax;
    }
    size_t keepIdx =
        isReduce ? 3 : (name == "sum" ? 2 : (name[0] == 'a' ? 3 : 4));
    auto keep = constBool(*this, a.get(keepIdx), false, "keep_dims");
    if (!keep)
      return std::nullopt;
    if (isReduce) {
      const Val *fn = a.get(2);
      if (fn->kind != Val::JitFn)
        return error("reduce's combine_fn must be a @triton.jit function, "
                     "got " +
                     fn->describe());
      SrcLoc callLoc = errLoc;
      return reduce(
          inputs, axis, *keep,
          [&](ArrayRef<Val> l,
              ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
            CallArgs args;
            for (const Val &v : l) {
              args.args.push_back(v);
              args.argLocs.push_back(callLoc);
            }
            for (const Val &v : r) {
              args.args.push_back(v);
              args.argLocs.push_back(callLoc);
            }
            VR res = callJit(fn->fn, args, callLoc);
            if (!res)
              return std::nullopt;
            SmallVector<Value> out;
            std::vector<Val> vals =
                res->kind == Val::Tuple ? res->tuple() : std::vector<Val>{*res};
            if (vals.size() != l.size()) {
              error(callLoc, "the combine function returns " +
                                 std::to_string(vals.size()) + " values for " +
                                 std::to_string(l.size()) + " reduced tensors");
              return std::nullopt;
            }
            for (size_t k = 0; k < vals.size(); ++k) {
              if (!vals[k].isTensor() || vals[k].ty != l[k].ty) {
                error(callLoc, "the combine function must return " +
                                   l[k].ty.str() + ", got " +
                                   vals[k].describe());
                return std::nullopt;
              }
              out.push_back(vals[k].v);
            }
            return out;
          });
    }
    Val x = inputs[0];
    if (x.ty.elt.kind == SK::BF16) {
      VR c = cast(x, DType(SK::FP32));
      if (!c)
        return std::nullopt;
      x = *c;
    }
    if (name == "sum") {
      DType acc = sumDType(x.ty.elt);
      if (a.get(3) && a.get(3)->kind != Val::None) {
        auto d = dtypeArg(*this, a.get(3), "sum's dtype");
        if (!d)
          return std::nullopt;
        acc = *d;
      }
      VR c = cast(x, acc);
      if (!c)
        return std::nullopt;
      return reduce({*c}, axis, *keep,
                    [&](ArrayRef<Val> l,
                        ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
                      VR s = binary(BinOpKind::Add, l[0], r[0]);
                      if (!s)
                        return std::nullopt;
                      return SmallVector<Value>{s->v};
                    });
    }
    bool isMax = name == "max" || name == "argmax";
    bool withIndices = name[0] == 'a';
    bool tieLeft = true;
    if (!withIndices) {
      auto ri = constBool(*this, a.get(2), false, "return_indices");
      auto tl =
          ri ? constBool(*this, a.get(3), true, "return_indices_tie_break_left")
             : std::nullopt;
      if (!tl)
        return std::nullopt;
      withIndices = *ri;
      tieLeft = *tl;
    } else {
      auto tl = constBool(*this, a.get(2), true, "tie_break_left");
      if (!tl)
        return std::nullopt;
      tieLeft = *tl;
    }
    if (!withIndices) {
      if (x.ty.elt.bits() < 32) {
        VR c = cast(x, DType(x.ty.elt.isFloat() ? SK::FP32 : SK::I32));
        if (!c)
          return std::nullopt;
        x = *c;
      }
      return reduce({x}, axis, *keep,
                    [&](ArrayRef<Val> l,
                        ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
                      VR m = minMax(isMax, l[0], r[0], false);
                      if (!m)
                        return std::nullopt;
                      return SmallVector<Value>{m->v};
                    });
    }
    // Values with their indices along the axis.
    if (!axis) {
      TType flat{x.ty.elt, {x.ty.numel()}};
      if (x.ty.shape.size() != 1)
        x = Val::ofTensor(tr::ReshapeOp::create(b, loc, flat.shape, x.v, true),
                          flat);
      axis = 0;
    }
    int rank = x.ty.shape.size();
    int ax = *axis < 0 ? *axis + rank : *axis;
    if (ax < 0 || ax >= rank)
      return error(name + "'s axis is out of range");
    int64_t n = x.ty.shape[ax];
    TType it{DType(SK::I32), {n}};
    Val index = Val::ofTensor(
        tr::MakeRangeOp::create(b, loc, irType(it), 0u, (uint32_t)n), it);
    if (rank > 1) {
      for (int d = 0; d < rank; ++d) {
        if (d == ax)
          continue;
        VR e = expandDims(index, d);
        if (!e)
          return std::nullopt;
        index = *e;
      }
      VR bc = broadcastTo(index, x.ty.shape);
      if (!bc)
        return std::nullopt;
      index = *bc;
    }
    VR r = reduce({x, index}, ax, *keep,
                  [&](ArrayRef<Val> l,
                      ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
                    VR better = compare(isMax ? CmpOpKind::Gt : CmpOpKind::Lt,
                                        l[0], r[0]);
                    if (!better)
                      return std::nullopt;
                    if (tieLeft) {
                      VR eq = compare(CmpOpKind::Eq, l[0], r[0]);
                      VR lt = eq ? compare(CmpOpKind::Lt, l[1], r[1])
                                 : std::nullopt;
                      VR tie = lt ? logical(true, *eq, *lt) : std::nullopt;
                      if (!tie)
                        return std::nullopt;
                      better = logical(false, *better, *tie);
                      if (!better)
                        return std::nullopt;
                    }
                    VR v = where(*better, l[0], r[0]);
                    VR i = v ? where(*better, l[1], r[1]) : std::nullopt;
                    if (!i)
                      return std::nullopt;
                    return SmallVector<Value>{v->v, i->v};
                  });
    if (!r)
      return std::nullopt;
    if (name[0] == 'a')
      return r->tuple()[1];
    return r;
  }
  if (name == "associative_scan" || name == "cumsum" || name == "cumprod") {
    std::vector<Val> inputs;
    const Val *in = a.get(0);
    if (name == "associative_scan" && in->kind == Val::Tuple)
      inputs = in->tuple();
    else {
      VR t = toTensor(*in);
      if (!t)
        return std::nullopt;
      inputs.push_back(*t);
    }
    int axis = 0;
    if (a.get(1) && a.get(1)->kind != Val::None) {
      auto ax = constInt(*this, a.get(1), name + "'s axis");
      if (!ax)
        return std::nullopt;
      axis = (int)*ax;
    }
    size_t revIdx = name == "associative_scan" ? 3 : 2;
    auto rev = constBool(*this, a.get(revIdx), false, "reverse");
    if (!rev)
      return std::nullopt;
    if (name == "associative_scan") {
      const Val *fn = a.get(2);
      if (fn->kind != Val::JitFn)
        return error("associative_scan's combine_fn must be a @triton.jit "
                     "function, got " +
                     fn->describe());
      SrcLoc callLoc = errLoc;
      return scan(inputs, axis, *rev,
                  [&](ArrayRef<Val> l,
                      ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
                    CallArgs args;
                    for (const Val &v : l) {
                      args.args.push_back(v);
                      args.argLocs.push_back(callLoc);
                    }
                    for (const Val &v : r) {
                      args.args.push_back(v);
                      args.argLocs.push_back(callLoc);
                    }
                    VR res = callJit(fn->fn, args, callLoc);
                    if (!res)
                      return std::nullopt;
                    std::vector<Val> vals = res->kind == Val::Tuple
                                                ? res->tuple()
                                                : std::vector<Val>{*res};
                    SmallVector<Value> out;
                    for (size_t k = 0; k < vals.size(); ++k) {
                      if (k >= l.size() || !vals[k].isTensor() ||
                          vals[k].ty != l[k].ty) {
                        error(callLoc, "the combine function must return "
                                       "one value of each input's type");
                        return std::nullopt;
                      }
                      out.push_back(vals[k].v);
                    }
                    return out;
                  });
    }
    Val x = inputs[0];
    DType acc = x.ty.elt;
    if (acc.kind == SK::BF16)
      acc = DType(SK::FP32);
    if (name == "cumsum") {
      acc = sumDType(acc);
      if (a.get(3) && a.get(3)->kind != Val::None) {
        auto d = dtypeArg(*this, a.get(3), "cumsum's dtype");
        if (!d)
          return std::nullopt;
        acc = *d;
      }
    }
    VR c = cast(x, acc);
    if (!c)
      return std::nullopt;
    BinOpKind op = name == "cumsum" ? BinOpKind::Add : BinOpKind::Mul;
    return scan({*c}, axis, *rev,
                [&](ArrayRef<Val> l,
                    ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
                  VR s = binary(op, l[0], r[0]);
                  if (!s)
                    return std::nullopt;
                  return SmallVector<Value>{s->v};
                });
  }
  if (name == "exp" || name == "exp2" || name == "log" || name == "log2" ||
      name == "sqrt" || name == "rsqrt" || name == "sin" || name == "cos" ||
      name == "floor" || name == "ceil" || name == "sqrt_rn") {
    VR x = tensorArg(0);
    if (!x)
      return std::nullopt;
    SK k = x->ty.elt.kind;
    if (k != SK::FP32 && k != SK::FP64 && !(name == "sqrt_rn" && k == SK::FP32))
      return error("tl." + name +
                   " expects a float32 or float64 tensor, "
                   "got " +
                   x->ty.elt.name() + " (convert it with .to(tl.float32))");
    Value v = x->v, r;
    if (name == "exp")
      r = math::ExpOp::create(b, loc, v);
    else if (name == "exp2")
      r = math::Exp2Op::create(b, loc, v);
    else if (name == "log")
      r = math::LogOp::create(b, loc, v);
    else if (name == "log2")
      r = math::Log2Op::create(b, loc, v);
    else if (name == "sqrt")
      r = math::SqrtOp::create(b, loc, v);
    else if (name == "rsqrt")
      r = math::RsqrtOp::create(b, loc, v);
    else if (name == "sin")
      r = math::SinOp::create(b, loc, v);
    else if (name == "cos")
      r = math::CosOp::create(b, loc, v);
    else if (name == "floor")
      r = math::FloorOp::create(b, loc, v);
    else if (name == "ceil")
      r = math::CeilOp::create(b, loc, v);
    else
      r = tr::PreciseSqrtOp::create(b, loc, v);
    return Val::ofTensor(r, x->ty);
  }
  if (name == "abs") {
    VR x = tensorArg(0);
    if (!x)
      return std::nullopt;
    DType e = x->ty.elt;
    if (e.isFloat() && !e.isFP8())
      return Val::ofTensor(math::AbsFOp::create(b, loc, x->v), x->ty);
    if (e.isSigned())
      return Val::ofTensor(math::AbsIOp::create(b, loc, x->v), x->ty);
    if (e.isUnsigned())
      return x;
    return error("tl.abs is not supported on " + e.name());
  }
  if (name == "sigmoid") {
    // 1 / (1 + exp(-x)), as upstream's standard library writes it.
    VR x = tensorArg(0);
    VR neg = x ? unary(UnaryOpKind::Neg, *x) : std::nullopt;
    if (!neg)
      return std::nullopt;
    CallArgs inner;
    inner.args.push_back(*neg);
    inner.argLocs.push_back(errLoc);
    VR e = callBuiltin("exp", inner, nullptr);
    VR d = e ? binary(BinOpKind::Add, Val::ofInt(1), *e) : std::nullopt;
    return d ? binary(BinOpKind::Div, Val::ofInt(1), *d) : std::nullopt;
  }
  if (name == "fdiv") {
    VR x = tensorArg(0), y = x ? tensorArg(1) : std::nullopt;
    if (!y)
      return std::nullopt;
    if (!x->ty.elt.isFloat() || !y->ty.elt.isFloat())
      return error("tl.fdiv needs float operands");
    auto ieee = constBool(*this, a.get(2), false, "ieee_rounding");
    if (!ieee)
      return std::nullopt;
    auto o = typeCheck(*this, *x, *y, false, false, true, true, "tl.fdiv");
    if (!o)
      return std::nullopt;
    Value r =
        *ieee ? tr::PreciseDivFOp::create(b, loc, o->l.v, o->r.v).getResult()
              : arith::DivFOp::create(b, loc, o->l.v, o->r.v).getResult();
    return Val::ofTensor(r, o->l.ty);
  }
  if (name == "fma") {
    VR x = tensorArg(0), y = x ? tensorArg(1) : std::nullopt,
       z = y ? tensorArg(2) : std::nullopt;
    if (!z)
      return std::nullopt;
    auto o = typeCheck(*this, *x, *y, false, false, true, false, "tl.fma");
    auto o2 =
        o ? typeCheck(*this, o->l, *z, false, false, true, false, "tl.fma")
          : std::nullopt;
    if (!o2)
      return std::nullopt;
    if (!o2->l.ty.elt.isFloat())
      return error("tl.fma needs float operands");
    Val xx = o->l, yy = o->r;
    VR xb = broadcastTo(xx, o2->l.ty.shape);
    VR yb = xb ? broadcastTo(yy, o2->l.ty.shape) : std::nullopt;
    VR xc = yb ? cast(*xb, o2->l.ty.elt) : std::nullopt;
    VR yc = xc ? cast(*yb, o2->l.ty.elt) : std::nullopt;
    if (!yc)
      return std::nullopt;
    return Val::ofTensor(math::FmaOp::create(b, loc, xc->v, yc->v, o2->r.v),
                         o2->l.ty);
  }
  if (name == "maximum" || name == "minimum") {
    bool nan = false;
    if (a.get(2) && a.get(2)->kind != Val::None) {
      auto p = constInt(*this, a.get(2), "propagate_nan");
      if (!p)
        return std::nullopt;
      nan = *p != 0;
    }
    return minMax(name == "maximum", *a.get(0), *a.get(1), nan);
  }
  if (name == "cdiv") {
    const Val &x = *a.get(0), &d = *a.get(1);
    VR t = binary(BinOpKind::Add, x, d);
    t = t ? binary(BinOpKind::Sub, *t, Val::ofInt(1)) : std::nullopt;
    return t ? binary(BinOpKind::FloorDiv, *t, d) : std::nullopt;
  }
  if (name == "multiple_of" || name == "max_contiguous" ||
      name == "max_constancy") {
    const Val *x = a.get(0);
    if (!x->isTensor())
      return error(name + "() needs a tensor, got " + x->describe());
    std::vector<Val> vals = a.get(1)->kind == Val::Tuple
                                ? a.get(1)->tuple()
                                : std::vector<Val>{*a.get(1)};
    SmallVector<int32_t> ints;
    for (const Val &v : vals) {
      if (v.kind != Val::Int)
        return error(name + "() values must be compile-time integers");
      ints.push_back((int32_t)v.i);
    }
    size_t rank = std::max<size_t>(1, x->ty.shape.size());
    if (ints.size() != rank)
      return error(name + "() needs " + std::to_string(rank) +
                   " values for a tensor of rank " +
                   std::to_string(x->ty.shape.size()));
    Operation *def = x->v.getDefiningOp();
    if (!def)
      return error(name + "() cannot annotate a function argument directly; "
                          "use the signature's divisibility hint");
    const char *attr = name == "multiple_of"      ? "tt.divisibility"
                       : name == "max_contiguous" ? "tt.contiguity"
                                                  : "tt.constancy";
    auto type = RankedTensorType::get({(int64_t)ints.size()}, b.getI32Type());
    def->setAttr(attr, DenseIntElementsAttr::get(type, ints));
    return *x;
  }
  if (name == "cast" || name == "to") {
    const Val *x = a.get(0);
    auto dt = dtypeArg(*this, a.get(1), name + "'s dtype");
    if (!dt)
      return std::nullopt;
    auto bc = constBool(*this, a.get(3), false, "bitcast");
    auto rnd =
        bc ? strArg(*this, a.get(2), "fp_downcast_rounding") : std::nullopt;
    if (!rnd)
      return std::nullopt;
    std::optional<tr::RoundingMode> rm;
    if (*rnd == "rtz")
      rm = tr::RoundingMode::RTZ;
    else if (*rnd == "rtne")
      rm = tr::RoundingMode::RTNE;
    else if (!rnd->empty())
      return error("fp_downcast_rounding must be 'rtne' or 'rtz', got '" +
                   *rnd + "'");
    if (x->isNumber()) {
      if (*bc)
        return error("cannot bitcast a Python number");
      return scalarConstant(*x, *dt);
    }
    if (!x->isTensor())
      return error("cannot cast " + x->describe());
    return cast(*x, *dt, *bc, rm);
  }
  if (name == "expand_dims") {
    VR x = tensorArg(0);
    if (!x)
      return std::nullopt;
    std::vector<Val> axes = a.get(1)->kind == Val::Tuple
                                ? a.get(1)->tuple()
                                : std::vector<Val>{*a.get(1)};
    std::vector<int> ax;
    int newRank = x->ty.shape.size() + axes.size();
    for (const Val &v : axes) {
      if (v.kind != Val::Int)
        return error("expand_dims axes must be compile-time integers");
      int d = v.i < 0 ? (int)v.i + newRank : (int)v.i;
      if (d < 0 || d >= newRank)
        return error("expand_dims axis out of range");
      ax.push_back(d);
    }
    std::sort(ax.begin(), ax.end());
    Val cur = *x;
    for (int d : ax) {
      VR e = expandDims(cur, d);
      if (!e)
        return std::nullopt;
      cur = *e;
    }
    return cur;
  }
  if (name == "broadcast") {
    VR x = tensorArg(0), y = x ? tensorArg(1) : std::nullopt;
    if (!y)
      return std::nullopt;
    Val l = *x, r = *y;
    opContext = " for tl.broadcast";
    bool ok = broadcastPair(l, r);
    opContext.clear();
    if (!ok)
      return std::nullopt;
    return Val::ofTuple({l, r});
  }
  if (name == "assume") {
    // An optimization hint (upstream emits llvm.intr.assume); dropping it
    // is always correct, and the TTIR stays free of LLVM-dialect ops.
    const Val *c = a.get(0);
    if (c->isTensor() ? !c->ty.elt.isBool() : !c->isNumber())
      return error("tl.assume needs a boolean condition, got " + c->describe());
    return Val::none();
  }
  if (name == "constexpr") {
    if (!a.get(0)->isConstexpr())
      return error("tl.constexpr needs a compile-time value, got " +
                   a.get(0)->describe());
    return *a.get(0);
  }
  if (name == "pointer_type") {
    auto d = dtypeArg(*this, a.get(0), "pointer_type's element type");
    if (!d)
      return std::nullopt;
    if (d->isPtr())
      return error("pointers to pointers are not supported");
    return Val::ofDType(DType::ptrTo(d->kind));
  }
  if (name == "py.float") {
    const Val &x = *a.get(0);
    if (x.isNumber())
      return Val::ofFloat(asDouble(x));
    if (x.kind == Val::Str) {
      std::string s = llvm::StringRef(x.s).trim().lower();
      if (s == "inf" || s == "+inf" || s == "infinity")
        return Val::ofFloat(INFINITY);
      if (s == "-inf" || s == "-infinity")
        return Val::ofFloat(-INFINITY);
      if (s == "nan" || s == "+nan" || s == "-nan")
        return Val::ofFloat(NAN);
      char *end = nullptr;
      double d = std::strtod(s.c_str(), &end);
      if (end && *end == 0 && !s.empty())
        return Val::ofFloat(d);
      return error("could not convert string to float: '" + x.s + "'");
    }
    return error("float() needs a compile-time number or string, got " +
                 x.describe());
  }
  if (name == "py.int") {
    const Val &x = *a.get(0);
    if (x.kind == Val::Int || x.kind == Val::Bool)
      return Val::ofInt(x.kind == Val::Int ? x.i : x.b);
    if (x.kind == Val::Float) {
      if (!std::isfinite(x.f))
        return error("cannot convert " + x.describe() + " to an integer");
      return Val::ofInt((int64_t)x.f);
    }
    if (x.kind == Val::Str) {
      long long v;
      if (!llvm::StringRef(x.s).trim().getAsInteger(10, v))
        return Val::ofInt(v);
      return error("invalid literal for int(): '" + x.s + "'");
    }
    return error("int() needs a compile-time value, got " + x.describe());
  }
  if (name == "py.len") {
    const Val &x = *a.get(0);
    if (x.kind == Val::Tuple)
      return Val::ofInt(x.tuple().size());
    if (x.kind == Val::Str)
      return Val::ofInt(x.s.size());
    if (x.isTensor() && x.ty.isBlock())
      return Val::ofInt(x.ty.shape[0]);
    return error("len() of " + x.describe() + " is not defined");
  }
  if (name == "triton.next_power_of_2") {
    auto n = constInt(*this, a.get(0), "next_power_of_2's argument");
    if (!n)
      return std::nullopt;
    return Val::ofInt(*n <= 1 ? 1 : (int64_t)llvm::NextPowerOf2(*n - 1));
  }
  return error("'" + name + "' is not supported by tt's frontend");
}
