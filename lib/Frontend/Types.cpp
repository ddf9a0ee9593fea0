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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

//===----------------------------------------------------------------------===//
// DType and TType
//===----------------------------------------------------------------------===//

unsigned DType::bits() const {
  switch (kind) {
  case SK::I1:
    return 1;
  case SK::I8:
  case SK::U8:
  case SK::FP8E4NV:
  case SK::FP8E5:
  case SK::FP8E4B15:
    return 8;
  case SK::I16:
  case SK::U16:
  case SK::FP16:
  case SK::BF16:
    return 16;
  case SK::I32:
  case SK::U32:
  case SK::FP32:
    return 32;
  case SK::I64:
  case SK::U64:
  case SK::FP64:
  case SK::Ptr:
    return 64;
  case SK::Void:
    return 0;
  }
  return 0;
}

static const char *skName(SK k) {
  switch (k) {
  case SK::Void:
    return "void";
  case SK::I1:
    return "int1";
  case SK::I8:
    return "int8";
  case SK::I16:
    return "int16";
  case SK::I32:
    return "int32";
  case SK::I64:
    return "int64";
  case SK::U8:
    return "uint8";
  case SK::U16:
    return "uint16";
  case SK::U32:
    return "uint32";
  case SK::U64:
    return "uint64";
  case SK::FP8E4NV:
    return "fp8e4nv";
  case SK::FP8E5:
    return "fp8e5";
  case SK::FP8E4B15:
    return "fp8e4b15";
  case SK::FP16:
    return "fp16";
  case SK::BF16:
    return "bf16";
  case SK::FP32:
    return "fp32";
  case SK::FP64:
    return "fp64";
  case SK::Ptr:
    return "pointer";
  }
  return "?";
}

static const char *skMangle(SK k) {
  switch (k) {
  case SK::I1:
    return "i1";
  case SK::I8:
    return "i8";
  case SK::I16:
    return "i16";
  case SK::I32:
    return "i32";
  case SK::I64:
    return "i64";
  case SK::U8:
    return "u8";
  case SK::U16:
    return "u16";
  case SK::U32:
    return "u32";
  case SK::U64:
    return "u64";
  default:
    return skName(k);
  }
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
  auto sk = llvm::StringSwitch<std::optional<SK>>(name)
                .Case("i1", SK::I1)
                .Case("i8", SK::I8)
                .Case("i16", SK::I16)
                .Case("i32", SK::I32)
                .Case("i64", SK::I64)
                .Case("u8", SK::U8)
                .Case("u16", SK::U16)
                .Case("u32", SK::U32)
                .Case("u64", SK::U64)
                .Case("fp8e4nv", SK::FP8E4NV)
                .Case("fp8e5", SK::FP8E5)
                .Case("fp8e4b15", SK::FP8E4B15)
                .Case("fp16", SK::FP16)
                .Case("bf16", SK::BF16)
                .Case("fp32", SK::FP32)
                .Case("fp64", SK::FP64)
                .Default(std::nullopt);
  if (!sk)
    return std::nullopt;
  return ptr ? DType::ptrTo(*sk) : DType(*sk);
}

std::optional<DType>
tt::frontend::detail::dtypeFromLanguageName(llvm::StringRef name) {
  auto sk = llvm::StringSwitch<std::optional<SK>>(name)
                .Case("int1", SK::I1)
                .Case("int8", SK::I8)
                .Case("int16", SK::I16)
                .Case("int32", SK::I32)
                .Case("int64", SK::I64)
                .Case("uint8", SK::U8)
                .Case("uint16", SK::U16)
                .Case("uint32", SK::U32)
                .Case("uint64", SK::U64)
                .Case("float8e4nv", SK::FP8E4NV)
                .Case("float8e5", SK::FP8E5)
                .Case("float8e4b15", SK::FP8E4B15)
                .Case("float16", SK::FP16)
                .Case("bfloat16", SK::BF16)
                .Case("float32", SK::FP32)
                .Case("float64", SK::FP64)
                .Default(std::nullopt);
  if (!sk)
    return std::nullopt;
  return DType(*sk);
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
