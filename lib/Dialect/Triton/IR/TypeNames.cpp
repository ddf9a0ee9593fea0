//===- TypeNames.cpp - TTIR types by their signature names ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/TypeNames.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Support/TypeNames.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;
using tt::support::ScalarType;

static std::optional<ScalarType> getFloatType(Type t) {
  if (t.isF16())
    return ScalarType::FP16;
  if (t.isBF16())
    return ScalarType::BF16;
  if (t.isF32())
    return ScalarType::FP32;
  if (t.isF64())
    return ScalarType::FP64;
  if (isa<Float8E4M3FNType>(t))
    return ScalarType::FP8E4NV;
  if (isa<Float8E5M2Type>(t))
    return ScalarType::FP8E5;
  return std::nullopt;
}

std::string mlir::triton::getSignatureTypeName(Type t) {
  if (auto p = dyn_cast<PointerType>(t))
    return "*" + getSignatureTypeName(p.getPointeeType());
  if (auto i = dyn_cast<IntegerType>(t))
    return "i" + std::to_string(i.getWidth());
  if (std::optional<ScalarType> f = getFloatType(t))
    return tt::support::getTypeName(*f).name;
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

std::string mlir::triton::getShapeString(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}
