//===- Types.cpp - dtypes, IR types and constants ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Triton's dtypes as the frontend sees them: their names and manglings,
// how signatures and triton.language spell them, the MLIR type each one
// lowers to, the dtype a Python number takes, and constants.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tt/Support/TypeNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

//===----------------------------------------------------------------------===//
// DType and TType
//===----------------------------------------------------------------------===//

namespace {
using tt::support::TypeKind;
using tt::support::TypeName;

// The scalar kinds between Void and Ptr are tt::support's ScalarTypes, in
// the same order.
static_assert(int(SK::FP64) - int(SK::I1) ==
                  int(tt::support::ScalarType::FP64) -
                      int(tt::support::ScalarType::I1),
              "SK and tt::support::ScalarType list the scalar types alike");

bool hasTypeName(SK k) { return k != SK::Void && k != SK::Ptr; }

const TypeName &typeName(SK k) {
  return tt::support::getTypeName(tt::support::ScalarType(
      int(k) - int(SK::I1) + int(tt::support::ScalarType::I1)));
}

SK kindOf(const TypeName &t) {
  return SK(int(t.type) - int(tt::support::ScalarType::I1) + int(SK::I1));
}

/// str() of the dtype upstream: "int32", "uint8", "fp16", "bf16".
const char *skName(SK k) {
  if (!hasTypeName(k))
    return k == SK::Void ? "void" : "pointer";
  const TypeName &t = typeName(k);
  return t.kind == TypeKind::Float ? t.name : t.languageName;
}

/// The signature spelling: "i32", "fp16".
const char *skMangle(SK k) {
  return hasTypeName(k) ? typeName(k).name : skName(k);
}
} // namespace

unsigned DType::bits() const {
  if (!hasTypeName(kind))
    return kind == SK::Ptr ? 64 : 0;
  return typeName(kind).bits;
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
  const TypeName *t = tt::support::lookupTypeName(name);
  if (!t)
    return std::nullopt;
  return ptr ? DType::ptrTo(kindOf(*t)) : DType(kindOf(*t));
}

std::optional<DType>
tt::frontend::detail::dtypeFromLanguageName(llvm::StringRef name) {
  const TypeName *t = tt::support::lookupLanguageTypeName(name);
  if (!t)
    return std::nullopt;
  return DType(kindOf(*t));
}

std::string TType::str() const {
  if (!isBlock())
    return elt.name();
  return elt.name() + shapeStr(shape);
}

std::string tt::frontend::detail::shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t k = 0; k < shape.size(); ++k)
    s += (k ? ", " : "") + std::to_string(shape[k]);
  return s + "]";
}

Val tt::frontend::detail::shapeTuple(llvm::ArrayRef<int64_t> shape) {
  std::vector<Val> dims;
  for (int64_t d : shape)
    dims.push_back(Val::ofInt(d));
  return Val::ofTuple(std::move(dims));
}

//===----------------------------------------------------------------------===//
// IR types and constants
//===----------------------------------------------------------------------===//

Type CodeGen::irType(const DType &d) {
  if (d.isInt())
    return b.getIntegerType(d.bits()); // signless, whatever the signedness
  switch (d.kind) {
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
  default:
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
