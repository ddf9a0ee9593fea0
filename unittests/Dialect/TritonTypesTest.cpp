//===- TritonTypesTest.cpp - unit tests of tt types -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {
class TritonTypes : public ::testing::Test {
protected:
  TritonTypes() { ctx.loadDialect<TritonDialect>(); }
  std::string print(Type t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << t;
    return s;
  }
  MLIRContext ctx;
};
} // namespace

TEST_F(TritonTypes, PointerPrintsDefaultAddressSpaceImplicitly) {
  auto f32 = Float32Type::get(&ctx);
  EXPECT_EQ(print(PointerType::get(f32, 1)), "!tt.ptr<f32>");
  EXPECT_EQ(print(PointerType::get(f32, 3)), "!tt.ptr<f32, 3>");
}

TEST_F(TritonTypes, PointeeOfTensorOfPointers) {
  auto f16 = Float16Type::get(&ctx);
  auto ptrs = RankedTensorType::get({4, 8}, PointerType::get(f16, 1));
  Type pointee = getPointeeType(ptrs);
  EXPECT_EQ(print(pointee), "tensor<4x8xf16>");
  EXPECT_EQ(print(getI1SameShape(pointee)), "tensor<4x8xi1>");
  EXPECT_TRUE(isTensorPointerType(ptrs));
  EXPECT_FALSE(isTensorPointerType(pointee));
}

TEST_F(TritonTypes, ParseRoundTrip) {
  for (const char *text :
       {"!tt.ptr<tensor<128x64xf16>>", "!tt.ptr<i8, 3>",
        "!tt.tensordesc<tensor<64x64xf16>>", "tensor<4x!tt.ptr<bf16>>"}) {
    Type t = parseType(text, &ctx);
    ASSERT_TRUE(t) << text;
    EXPECT_EQ(print(t), text);
  }
}
