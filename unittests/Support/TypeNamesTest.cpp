//===- TypeNamesTest.cpp - upstream Triton's type names ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/TypeNames.h"

#include <gtest/gtest.h>

#include <string>

using namespace tt::support;

namespace {

TEST(TypeNames, TableIsInEnumOrderAndLooksUp) {
  for (int i = 0; i <= int(ScalarType::FP64); ++i) {
    const TypeName &t = getTypeName(ScalarType(i));
    EXPECT_EQ(int(t.type), i);
    EXPECT_EQ(lookupTypeName(t.name), &t);
    EXPECT_EQ(lookupAnyTypeName(t.name), &t);
    EXPECT_EQ(lookupAnyTypeName(t.languageName), &t);
    EXPECT_EQ(lookupLanguageTypeName(t.languageName), &t);
  }
}

TEST(TypeNames, KindsAndWidths) {
  const TypeName *t = lookupTypeName("fp8e4nv");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->kind, TypeKind::Float);
  EXPECT_EQ(t->bits, 8u);
  EXPECT_EQ(lookupTypeName("i1")->kind, TypeKind::Bool);
  EXPECT_EQ(lookupTypeName("u32")->kind, TypeKind::UnsignedInt);
  EXPECT_EQ(lookupTypeName("bf16")->bits, 16u);
  EXPECT_EQ(std::string(lookupAnyTypeName("bfloat16")->name), "bf16");
  // Signature names only: no language names, no pointers.
  EXPECT_EQ(lookupTypeName("float32"), nullptr);
  EXPECT_EQ(lookupTypeName("*fp32"), nullptr);
  EXPECT_EQ(lookupAnyTypeName("f32"), nullptr);
  EXPECT_EQ(lookupLanguageTypeName("fp16"), nullptr);
}

} // namespace
