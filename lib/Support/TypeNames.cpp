//===- TypeNames.cpp - upstream Triton's names of scalar types --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/TypeNames.h"

using namespace tt::support;

namespace {
using K = TypeKind;
using S = ScalarType;

/// In the order of ScalarType.
const TypeName kTypeNames[] = {
    {S::I1, "i1", "int1", K::Bool, 1},
    {S::I8, "i8", "int8", K::SignedInt, 8},
    {S::I16, "i16", "int16", K::SignedInt, 16},
    {S::I32, "i32", "int32", K::SignedInt, 32},
    {S::I64, "i64", "int64", K::SignedInt, 64},
    {S::U8, "u8", "uint8", K::UnsignedInt, 8},
    {S::U16, "u16", "uint16", K::UnsignedInt, 16},
    {S::U32, "u32", "uint32", K::UnsignedInt, 32},
    {S::U64, "u64", "uint64", K::UnsignedInt, 64},
    {S::FP8E4NV, "fp8e4nv", "float8e4nv", K::Float, 8},
    {S::FP8E5, "fp8e5", "float8e5", K::Float, 8},
    {S::FP8E4B15, "fp8e4b15", "float8e4b15", K::Float, 8},
    {S::FP16, "fp16", "float16", K::Float, 16},
    {S::BF16, "bf16", "bfloat16", K::Float, 16},
    {S::FP32, "fp32", "float32", K::Float, 32},
    {S::FP64, "fp64", "float64", K::Float, 64},
};
} // namespace

const TypeName &tt::support::getTypeName(ScalarType type) {
  return kTypeNames[static_cast<int>(type)];
}

const TypeName *tt::support::lookupTypeName(std::string_view name) {
  for (const TypeName &t : kTypeNames)
    if (name == t.name)
      return &t;
  return nullptr;
}

const TypeName *tt::support::lookupLanguageTypeName(std::string_view name) {
  for (const TypeName &t : kTypeNames)
    if (name == t.languageName)
      return &t;
  return nullptr;
}

const TypeName *tt::support::lookupAnyTypeName(std::string_view name) {
  for (const TypeName &t : kTypeNames)
    if (name == t.name || name == t.languageName)
      return &t;
  return nullptr;
}
